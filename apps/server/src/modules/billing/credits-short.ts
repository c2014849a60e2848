import { accountMessages } from '@app/contract';
import { AppError } from '../../platform/errors.js';

/** How a screen words a refusal for short credits (e.g. the studio's “需要 N 积分，当前余额 M”). */
export type ShortMessage = (needed: number, balance: number) => string;

/**
 * The balance cannot cover a charge or a hold: how much was needed and what the account had. Its text
 * is 积分不足, or the words the paying producer declared for its screen; nobody rewords it later.
 */
export class CreditsShort extends AppError {
  override readonly name = 'CreditsShort';
  constructor(
    readonly needed: number,
    readonly balance: number,
    message: ShortMessage = () => accountMessages.creditsShort,
  ) {
    super(message(needed, balance));
  }
}
