import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  accountMessages,
  agreementTitles,
  getAgreement,
  getCreditsRule,
  getNotices,
  getSiteSettings,
  getThemes,
  getUsageGuide,
  siteDefaults,
  siteTextTitles,
  ThemeId,
  type NoticeDetail,
  type SiteSettings,
  type ThemePalette,
  type WriteTopic,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { productModulesWith } from '../../../test/modules.js';
import { notices, redeemCodes, seedMarks, siteSettings } from '../../db/schema/index.js';
import { outdatedUsageGuideMarks, pictureLessUsageGuideSha256, seedUsageGuide } from './seed-content.js';
import { seedSite } from './seed.js';
import { seedWriteTopics } from './write-topics.js';
import { saveSiteText, siteTextKeys } from './service.js';
import { DEFAULT_SITE_TITLE, saveSiteSettings } from './settings.js';

const webPublicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/public');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const site = async () => (await t.call<SiteSettings>(getSiteSettings)).data;

describe('/api/index/site', () => {
  it('answers without a token with every field and the defaults', async () => {
    const s = await site();
    expect(s.site_title).toBe(DEFAULT_SITE_TITLE);
    // The interface is Chinese, and so is the brand a fresh install shows.
    expect(s.site_title).toBe('AI超级数字人');
    expect(s.banner_title).toBe(siteDefaults.bannerTitle);
    expect(s.banner_subtitle).toBe(siteDefaults.bannerSubtitle);
    for (const key of [
      'title',
      'login_title',
      'copyright',
      'seo_keyword',
      'seo_desc',
      'privacy_agreement',
      'eula',
    ] as const)
      expect(s[key]).not.toBe('');
    expect(s).toMatchObject({ icp: '', gabeian: '', qrcode: '', helper_hosts: [], mobile_url: '' });
    // The test app has no text model: the studio greys out polish, AI writing and translation.
    expect(s).toMatchObject({ text_model: false, unavailable_features: 'disable' });
    expect(s.head_logo).toBe(s.logo);
  });

  it('serves the default logo and banner publicly', async () => {
    const s = await site();
    for (const url of [s.logo, s.banner]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toContain('<svg');
    }
  });

  it('shows the operator’s own values', async () => {
    await saveSiteSettings(t.ctx.database.db, {
      site_title: '星河数字人',
      logo: 'https://cdn.example.com/logo.png',
      banner_title: '',
      helper_hosts: ['helper.example.com'],
    });
    expect(await site()).toMatchObject({
      site_title: '星河数字人',
      logo: 'https://cdn.example.com/logo.png',
      head_logo: 'https://cdn.example.com/logo.png',
      banner_title: '',
      banner_subtitle: siteDefaults.bannerSubtitle,
      helper_hosts: ['helper.example.com'],
    });
  });

  it('goes by its new name everywhere: texts left at their default follow 站点名称, the operator’s own stay', async () => {
    const db = t.ctx.database.db;
    // The console reads every field and sends them all back, with only the name changed.
    const shown = await site();
    const { title, login_title, copyright, seo_desc } = shown;
    await saveSiteSettings(db, { title, login_title, copyright, seo_desc, site_title: '小美数字人' });
    const renamed = await site();
    expect(renamed).toMatchObject({
      site_title: '小美数字人',
      title: '小美数字人 - AI数字人视频创作平台',
      login_title: '欢迎使用 小美数字人',
      copyright: 'Copyright © 小美数字人 保留所有权利',
    });
    expect(renamed.seo_desc).toContain('小美数字人');
    expect(JSON.stringify(renamed)).not.toContain(DEFAULT_SITE_TITLE);
    // An install whose form was saved whole under the shipped name follows the new name as well.
    const shipped = `Copyright © ${DEFAULT_SITE_TITLE} 保留所有权利`;
    await db
      .insert(siteSettings)
      .values({ key: 'copyright', value: shipped })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value: shipped } });
    expect((await site()).copyright).toBe('Copyright © 小美数字人 保留所有权利');
    // Words the operator wrote are theirs: a later rename leaves them alone.
    await saveSiteSettings(db, { copyright: '© 2026 小美科技', login_title: '你好，创作者' });
    await saveSiteSettings(db, { site_title: '小美' });
    expect(await site()).toMatchObject({
      site_title: '小美',
      title: '小美 - AI数字人视频创作平台',
      login_title: '你好，创作者',
      copyright: '© 2026 小美科技',
    });
  });

  it('sanitizes footer HTML when saved and again when read', async () => {
    const evil =
      '<a href="javascript:alert(1)" onclick="x()">京ICP备1号</a><script>alert(2)</script><img src=x onerror=alert(3)>';
    await saveSiteSettings(t.ctx.database.db, { icp: evil });
    const [stored] = await t.ctx.database.db.select().from(siteSettings).where(eq(siteSettings.key, 'icp'));
    expect(String(stored!.value)).not.toMatch(/script|javascript:|onclick|onerror/);
    // Written around the save path (an old row, a hand edit): still clean on the way out.
    await t.ctx.database.db
      .update(siteSettings)
      .set({ value: sql`${JSON.stringify(evil)}::jsonb` })
      .where(eq(siteSettings.key, 'icp'));
    const { icp } = await site();
    expect(icp).toContain('京ICP备1号');
    expect(icp).not.toMatch(/script|javascript:|onclick|onerror/);
  });
});

describe('notices', () => {
  it('lists the two seeded notices newest first, and shows one in full', async () => {
    const list = await t.call<{
      list: { id: number; title: string; desc: string; create_time: string }[];
      total: number;
    }>(getNotices);
    expect(list.data.total).toBe(2);
    expect(list.data.list[0]!.title).toContain('欢迎');
    expect(list.data.list[0]!.create_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(list.data.list[0]!.desc).not.toBe('');
    const detail = await t.call<NoticeDetail>(getNotices, { id: list.data.list[1]!.id });
    expect(detail.data).toMatchObject({ id: list.data.list[1]!.id, title: list.data.list[1]!.title });
    expect(detail.data.content).toContain('<p>');
  });

  it('says 公告不存在 for an unknown id and refuses a bad one', async () => {
    expect(await t.call(getNotices, { id: 999999 })).toMatchObject({ code: 1, msg: accountMessages.noticeMissing });
    expect((await t.call(getNotices, { id: 'abc' })).code).toBe(1);
  });

  it('is seeded once: a restart neither duplicates nor brings back deleted notices', async () => {
    await seedSite(t.ctx);
    expect((await t.call<{ total: number }>(getNotices)).data.total).toBe(2);
    await t.ctx.database.db.delete(notices);
    await seedSite(t.ctx);
    expect((await t.call<{ list: unknown[]; total: number }>(getNotices)).data).toEqual({ list: [], total: 0 });
  });
});

describe('texts and themes', () => {
  it('returns the credit rules and the usage guide', async () => {
    expect((await t.call<{ content: string }>(getCreditsRule)).data.content).toContain('积分');
    const guide = await t.call<{ title: string; content: string }>(getUsageGuide);
    expect(guide.data.title).toBe(siteTextTitles.usageGuide);
    expect(guide.data.content).toContain('<h3>');
    // The guide names the buttons the screens really show.
    for (const button of ['创建视频', '合成视频', '定制数字人', '插入停顿', '语气标注'])
      expect(guide.data.content).toContain(button);
    for (const missing of ['创作视频', '生成视频']) expect(guide.data.content).not.toContain(missing);
  });

  it('replaces an untouched first-edition guide once, and leaves an operator’s own guide alone', async () => {
    const db = t.ctx.database.db;
    const firstEdition = `<p>${outdatedUsageGuideMarks.join('，')}</p>`;
    await saveSiteText(db, siteTextKeys.usageGuide, siteTextTitles.usageGuide, firstEdition);
    await db.delete(seedMarks).where(eq(seedMarks.name, 'site.usage-guide.2'));
    await seedSite(t.ctx);
    expect((await t.call<{ content: string }>(getUsageGuide)).data.content).toBe(seedUsageGuide);

    await saveSiteText(db, siteTextKeys.usageGuide, siteTextTitles.usageGuide, '<p>本站自己的教程</p>');
    await db.delete(seedMarks).where(eq(seedMarks.name, 'site.usage-guide.2'));
    await seedSite(t.ctx);
    expect((await t.call<{ content: string }>(getUsageGuide)).data.content).toBe('<p>本站自己的教程</p>');
  });

  it('illustrates the guide with pictures the web app ships, and gives an untouched picture-less guide the pictures once', async () => {
    const pictures = [...seedUsageGuide.matchAll(/<img src="guide\/([a-z-]+\.svg)"/g)].map((m) => m[1]!);
    expect(pictures.length).toBeGreaterThanOrEqual(4);
    for (const file of pictures) {
      const svg = readFileSync(path.join(webPublicDir, 'guide', file), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.length).toBeLessThan(20_000);
    }

    const db = t.ctx.database.db;
    // The edition before pictures: the same text without the figures and the list breaks around them.
    const pictureLess = seedUsageGuide.replace(/<figure>.*<\/figure>\n/g, '').replace(/<\/ol>\n<ol start="\d">\n/g, '');
    expect(createHash('sha256').update(pictureLess).digest('hex')).toBe(pictureLessUsageGuideSha256);
    await saveSiteText(db, siteTextKeys.usageGuide, siteTextTitles.usageGuide, pictureLess);
    await db.delete(seedMarks).where(eq(seedMarks.name, 'site.usage-guide.3'));
    await seedSite(t.ctx);
    expect((await t.call<{ content: string }>(getUsageGuide)).data.content).toBe(seedUsageGuide);

    const edited = pictureLess.replace('游客体验与注册', '游客体验');
    await saveSiteText(db, siteTextKeys.usageGuide, siteTextTitles.usageGuide, edited);
    await db.delete(seedMarks).where(eq(seedMarks.name, 'site.usage-guide.3'));
    await seedSite(t.ctx);
    expect((await t.call<{ content: string }>(getUsageGuide)).data.content).toBe(edited);
  });

  it('returns each agreement by type and refuses an unknown type', async () => {
    for (const type of Object.keys(agreementTitles) as (keyof typeof agreementTitles)[]) {
      const r = await t.call<{ title: string; content: string }>(getAgreement, { type });
      expect(r.data.title).toBe(agreementTitles[type]);
      expect(r.data.content.length).toBeGreaterThan(200);
    }
    expect(await t.call(getAgreement, { type: 'secret' })).toMatchObject({
      code: 1,
      msg: expect.stringContaining('user、privacy 或 clone') as string,
    });
    expect((await t.call(getAgreement, {})).code).toBe(1);
  });

  it('lists the dark and light palettes and, under list, the seeded AI-writing topics', async () => {
    const r = await t.call<{ palettes: ThemePalette[]; list: WriteTopic[] }>(getThemes);
    expect(r.data.palettes.map((p) => p.id)).toEqual([ThemeId.dark, ThemeId.light]);
    expect(r.data.list.map((topic) => topic.name)).toEqual(seedWriteTopics.map((topic) => topic.name));
    expect(r.data.list[0]?.list[0]).toEqual({ name: seedWriteTopics[0]?.list[0] });
  });
});

describe('demo redeem code', () => {
  it('is made once at first start and printed while unused', async () => {
    const demo = await t.ctx.database.db.select().from(redeemCodes).where(eq(redeemCodes.note, 'demo'));
    expect(demo).toHaveLength(1);
    expect(demo[0]).toMatchObject({ credits: 1000, creditDays: 365 });
    const lines: string[] = [];
    const log = { ...t.ctx.log, info: (_o: unknown, msg?: string) => void lines.push(String(msg)) };
    await productModulesWith()
      .find((m) => m.name === 'billing')!
      .seed?.({ ...t.ctx, log: log as typeof t.ctx.log });
    expect(await t.ctx.database.db.select().from(redeemCodes).where(eq(redeemCodes.note, 'demo'))).toHaveLength(1);
    expect(lines.some((l) => l.includes(demo[0]!.code))).toBe(true);
  });
});
