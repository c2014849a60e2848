import type { AppContext } from '../../platform/context.js';
import { seedOnce } from '../site/index.js';
import { createRedeemCodes, unusedDemoCode } from './redeem-codes.js';

/** One demo code, so a newcomer can register at once; printed at every start until it is used. */
const DEMO_CODE = { credits: 1000, count: 1, days: 365, vipDays: 30, note: 'demo' } as const;

export async function seedCredits(ctx: AppContext): Promise<void> {
  await seedOnce(ctx.database.db, 'credits.demo-code', async (tx) => {
    await createRedeemCodes(tx, DEMO_CODE);
  });
  const demo = await unusedDemoCode(ctx.database.db);
  if (demo)
    ctx.log.info(
      demo,
      `demo redeem code: ${demo.code} (${demo.credits} credits for ${demo.days} days, ${demo.vipDays} VIP days)`,
    );
}
