import type { FastifyRequest } from 'fastify';
import {
  accountMessages,
  changePassword,
  getCredits,
  login,
  loginCaptcha,
  logout,
  redeemCode,
  startGuest,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { storageSecret } from '../../platform/storage/index.js';
import { accountCredits } from '../billing/index.js';
import { accountRows } from './account-rows.js';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_DAYS } from './known-device.js';
import * as accounts from './service.js';

const clientOf = (req: FastifyRequest): accounts.ClientInfo => ({
  ip: req.ip,
  userAgent: String(req.headers['user-agent'] ?? ''),
  knownDevices: req.cookies[KNOWN_DEVICE_COOKIE],
});

export function accountRoutes(ctx: AppContext): RouteDef[] {
  const db = ctx.database.db;
  const counters = ctx.counters;
  const limits: accounts.LoginLimits = {
    deviceSecret: storageSecret(ctx.config),
    failuresBeforeCaptcha: ctx.config.LOGIN_FAILURES_BEFORE_CAPTCHA,
    failuresPerAddress: ctx.config.LOGIN_FAILURES_PER_ADDRESS,
    captchasPerWindow: ctx.config.LOGIN_CAPTCHAS_PER_10_MINUTES,
  };
  return [
    route(
      login,
      async ({ params, req, reply }) => {
        const { token, knownDevices } = await accounts.login(db, counters, params, clientOf(req), limits);
        void reply.setCookie(KNOWN_DEVICE_COOKIE, knownDevices, {
          path: '/api/',
          httpOnly: true,
          sameSite: 'lax',
          secure: req.protocol === 'https',
          maxAge: KNOWN_DEVICE_DAYS * 86_400,
        });
        return ok({ token }, accountMessages.loginDone);
      },
      { missing: { username: accountMessages.credentialsRequired, password: accountMessages.credentialsRequired } },
    ),
    route(loginCaptcha, async ({ req }) => accounts.loginCaptcha(db, counters, clientOf(req), limits)),
    route(
      redeemCode,
      async ({ params, user, req }) => {
        // Username or password present means the registration form; the code alone redeems for the caller.
        const registering = params.username !== undefined || params.password !== undefined;
        const result = registering
          ? await accounts.registerWithCode(db, params, user, clientOf(req))
          : await accounts.redeemForUser(db, params.code, user);
        return ok(result, accountMessages.redeemed);
      },
      { missing: { code: accountMessages.codeRequired } },
    ),
    route(
      changePassword,
      async ({ params, user }) => {
        await accounts.changePassword(db, user, params);
        return ok(null, accountMessages.operationDone);
      },
      {
        missing: {
          old_pass: accountMessages.oldPasswordRequired,
          password: accountMessages.newPasswordRequired,
          confirm: accountMessages.confirmPasswordRequired,
        },
      },
    ),
    // The top bar: the account's name and picture from here, its VIP, balance and batches from billing.
    route(getCredits, async ({ user }) => {
      const profile = await accountRows.profile(db, user.id);
      if (!profile) throw new Error(`no account ${user.id}`);
      return accountCredits(db, { id: user.id, ...profile });
    }),
    route(startGuest, async ({ req }) => ({ token: await accounts.startGuest(db, counters, clientOf(req)) })),
    route(logout, async ({ user }) => {
      await accounts.logout(db, user);
      return ok(null, accountMessages.loggedOut);
    }),
  ];
}
