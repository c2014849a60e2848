import { createHash } from 'node:crypto';
import { agreementTitles, siteTextTitles, type AgreementType } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { publishDefaultAssets } from './assets.js';
import { seedAgreements } from './seed-agreements.js';
import {
  outdatedUsageGuideMarks,
  pictureLessUsageGuideSha256,
  seedCreditsRule,
  seedNotices,
  seedUsageGuide,
} from './seed-content.js';
import { seedOnce } from './seed-marks.js';
import { findSiteText } from './repo.js';
import { publishNotice, saveSiteText, siteTextKeys } from './service.js';
import { insertSeedWriteTopics } from './write-topics.js';

/** First start: default images in public storage, two notices, the agreements, credit rules and usage guide. */
export async function seedSite(ctx: AppContext): Promise<void> {
  await publishDefaultAssets(ctx);
  const wrote = await seedOnce(ctx.database.db, 'site.content', async (tx) => {
    for (const type of Object.keys(agreementTitles) as AgreementType[])
      await saveSiteText(tx, siteTextKeys.agreement(type), agreementTitles[type], seedAgreements[type]);
    await saveSiteText(tx, siteTextKeys.creditsRule, siteTextTitles.creditsRule, seedCreditsRule);
    await saveSiteText(tx, siteTextKeys.usageGuide, siteTextTitles.usageGuide, seedUsageGuide);
    const start = Date.now() - seedNotices.length * 60_000;
    // A minute apart, welcome notice newest, so it heads the newest-first list.
    for (const [i, n] of [...seedNotices].reverse().entries())
      await publishNotice(tx, { ...n, createdAt: new Date(start + i * 60_000) });
  });
  if (wrote) ctx.log.info('site content written: notices, agreements, credit rules, usage guide');
  await seedOnce(ctx.database.db, 'site.usage-guide.2', async (tx) => {
    const current = await findSiteText(tx, siteTextKeys.usageGuide);
    // An operator's own guide is left alone; only the untouched first edition is replaced.
    if (current && outdatedUsageGuideMarks.every((mark) => current.content.includes(mark)))
      await saveSiteText(tx, siteTextKeys.usageGuide, siteTextTitles.usageGuide, seedUsageGuide);
  });
  await seedOnce(ctx.database.db, 'site.write-topics', insertSeedWriteTopics);
  await seedOnce(ctx.database.db, 'site.usage-guide.3', async (tx) => {
    const current = await findSiteText(tx, siteTextKeys.usageGuide);
    // The edition before pictures, exactly as seeded, takes the one with pictures; any edited guide stays.
    if (current && createHash('sha256').update(current.content).digest('hex') === pictureLessUsageGuideSha256)
      await saveSiteText(tx, siteTextKeys.usageGuide, siteTextTitles.usageGuide, seedUsageGuide);
  });
}
