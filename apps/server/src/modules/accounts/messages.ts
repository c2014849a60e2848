import { accountMessages } from '@app/contract';

/** Account texts the server writes that the shared contract does not carry. */
export const accountsServerMessages = {
  /** Guests have no password to change; they register instead. */
  guestHasNoPassword: '游客账号无需修改密码，请先使用兑换码注册',
  /** Prefix of generated guest names; never valid for registration, so it cannot collide. */
  guestNamePrefix: accountMessages.guestName,
} as const;
