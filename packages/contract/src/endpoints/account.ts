import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { strictParams } from './site.js';
import { choiceWithDefault, optionalText, text } from '../fields.js';

/** Which client logs in; the spec's web client always sends `pc`. */
const client = choiceWithDefault(['pc', 'h5', 'app'], 'pc');
const noParams = strictParams({});
/** Calls whose only reply is the message. */
export const noData = z.null();

/** 4–32 letters, digits or underscore; the message is `accountMessages.usernameRule`. */
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;
/** At least 6 characters with both digits and letters; the message is `accountMessages.passwordWeak`. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[A-Za-z]).{6,64}$/;
/** Size of the login image-code (spec 000 §2). */
export const CAPTCHA_LENGTH = 4;

export const tokenData = z.object({ token: z.string() });

/**
 * Login. Rules on the server: wrong credentials → code 1 `wrongCredentials`. After
 * `LOGIN_FAILURES_BEFORE_CAPTCHA` failures in 10 minutes from the address or on the username, a login
 * without an image code is refused with code 1 `loginCaptchaNeeded` and `data: { need_captcha: 1 }`.
 * The image code comes from `loginCaptcha`; send its `captcha_id` and the typed `captcha`. Each code
 * answers one login (right or wrong), so every refusal that carries `need_captcha` asks for a new one.
 * With a correct image code the password is always checked: the right password logs in.
 */
export const login = endpoint({
  method: 'POST',
  path: '/api/user/login',
  summary: 'Log in with username and password; returns a token',
  tag: 'account',
  auth: 'none',
  params: strictParams({
    username: text({ max: 64 }),
    password: text({ max: 64 }),
    client,
    captcha: optionalText({ max: 16 }),
    captcha_id: optionalText({ max: 64 }),
  }),
  data: tokenData,
});
/** Size of the image the server draws (spec 000 §2: 120x40). */
export const CAPTCHA_SIZE = { width: 120, height: 40 } as const;
/**
 * A new login image code: `svg` is the picture (CAPTCHA_LENGTH characters, case does not matter),
 * `id` goes back with the answer. Valid for 5 minutes and for one login; limited per address.
 */
export const loginCaptcha = endpoint({
  method: 'GET',
  path: '/api/user/captcha',
  summary: 'Draw a login image code',
  tag: 'account',
  auth: 'none',
  params: noParams,
  data: z.object({ id: z.string(), svg: z.string() }),
});
/** `data` of the code 1 reply once the image code becomes required. */
export const loginRefusal = z.object({ need_captcha: z.literal(1) });

/**
 * Redeem a code. With only `code`: credits go to the logged-in account (a token is required;
 * code 100 without one). With `username`, `password`, `code` (and `client`): registers
 * (a guest token in x-token turns that guest into the new account) and returns `token`.
 * The reply msg is `redeemed`; the web adds `redeemedCredits(credits)` (+ `registeredSuffix`).
 */
export const redeemCode = endpoint({
  method: 'POST',
  path: '/api/user/cdkey',
  summary: 'Redeem a code for credits, or register an account with a code',
  tag: 'account',
  auth: 'none',
  params: strictParams({
    code: text({ max: 64 }),
    username: optionalText({ max: 64 }),
    password: optionalText({ max: 64 }),
    client: client.optional(),
  }),
  data: z.object({
    credits: z.number().int(),
    /** Only on registration. */
    token: z.string().optional(),
  }),
});

/** Success msg `operationDone`; every token of the user is revoked, the client goes to /login. */
export const changePassword = endpoint({
  method: 'POST',
  path: '/api/user/changePwd',
  summary: 'Change the password; revokes all tokens of the account',
  tag: 'account',
  auth: 'user',
  params: strictParams({
    old_pass: text({ max: 64 }),
    password: text({ max: 64 }),
    confirm: text({ max: 64 }),
  }),
  data: noData,
});

/** A new guest account (is_tourist = 1) with the trial credits of the site settings. */
export const startGuest = endpoint({
  method: 'POST',
  path: '/api/user/tourist',
  summary: 'Create a guest account and return its token',
  tag: 'account',
  auth: 'none',
  params: noParams,
  data: tokenData,
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/user/logout',
  summary: 'Revoke the current token',
  tag: 'account',
  auth: 'user',
  params: noParams,
  data: noData,
});

export const accountEndpoints = {
  login,
  loginCaptcha,
  redeemCode,
  changePassword,
  startGuest,
  logout,
} as const;
