import { protocolMessages } from '@app/contract';

/** A failure the user should read: replied as { code: 1 | 100, msg }. */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: 1 | 100 = 1,
    /** Some refusals carry data the client acts on (e.g. login's need_captcha). */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export const loginRequired = () => new AppError(protocolMessages.login, 100);
export const forbidden = () => new AppError(protocolMessages.forbidden);
export const consoleOnly = () => new AppError(protocolMessages.consoleOnly);
