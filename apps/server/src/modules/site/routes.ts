import {
  getAgreement,
  getCreditsRule,
  getNotices,
  getSiteSettings,
  getThemes,
  getUsageGuide,
  siteTextTitles,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { route, type RouteDef } from '../../platform/protocol/route.js';
import { agreementText, noticeDetail, noticeList, publicSiteSettings, siteText, siteTextKeys } from './service.js';
import { themePalettes } from './themes.js';
import { listWriteTopics } from './write-topics.js';

export function siteRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(getSiteSettings, () => publicSiteSettings(ctx)),
    route(getNotices, ({ params }) => (params.id ? noticeDetail(ctx, params.id) : noticeList(ctx))),
    route(getCreditsRule, async () => ({ content: (await siteText(ctx, siteTextKeys.creditsRule, '')).content })),
    route(getAgreement, ({ params }) => agreementText(ctx, params.type)),
    route(getUsageGuide, () => siteText(ctx, siteTextKeys.usageGuide, siteTextTitles.usageGuide)),
    route(getThemes, async () => ({ palettes: themePalettes, list: await listWriteTopics(ctx.database.db) })),
  ];
}
