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
import { capabilitiesOf, toolTilesOf, type Registered } from '../module.js';
import { route, type RouteDef } from '../../platform/protocol/route.js';
import { agreementText, noticeDetail, noticeList, publicSiteSettings, siteText, siteTextKeys } from './service.js';
import { themePalettes } from './themes.js';
import { listWriteTopics } from './write-topics.js';

export function siteRoutes(ctx: AppContext, { modules }: Registered): RouteDef[] {
  // The launcher's tiles a site has on until the operator chooses: those the modules bring on.
  const toolsOn = toolTilesOf(modules)
    .filter((t) => t.on)
    .map((t) => t.key);
  const tools = capabilitiesOf(modules);
  return [
    route(getSiteSettings, () => publicSiteSettings(ctx, toolsOn, tools)),
    route(getNotices, ({ params }) => (params.id ? noticeDetail(ctx, params.id) : noticeList(ctx))),
    route(getCreditsRule, async () => ({ content: (await siteText(ctx, siteTextKeys.creditsRule, '')).content })),
    route(getAgreement, ({ params }) => agreementText(ctx, params.type)),
    route(getUsageGuide, () => siteText(ctx, siteTextKeys.usageGuide, siteTextTitles.usageGuide)),
    route(getThemes, async () => ({ palettes: themePalettes, list: await listWriteTopics(ctx.database.db) })),
  ];
}
