import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  curationMessages,
  getThemes,
  imagePrompt,
  libraryConsoleMessages,
  listConsoleCuration,
  listConsoleLibrary,
  listConsoleWorkflows,
  listPhotos,
  protocolMessages,
  saveConsoleCuration,
  saveConsoleLibraryItem,
  saveConsoleWorkflow,
  setUserRole,
  videoPrompt,
  videoPromptRecommend,
  workflowMessages,
  type ConsoleCurationItem,
  type ConsoleLibraryItem,
  type ConsoleWorkflow,
  type CurationKind,
  type InspirationGroup,
  type RecommendedPrompt,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { adminAudit, aiWorkflows, photos, users } from '../../db/schema/index.js';
import { ffmpeg } from '../../platform/media/ffmpeg.js';
import { loginAs, registerAccount } from '../../../test/accounts.js';

/**
 * The content screens of the console: recommended prompts, inspiration groups and words, AI-writing
 * topics, library covers and ComfyUI templates — written by staff only, audited, and what the user
 * pages read right after (hidden items gone).
 */
let t: TestApp;
let dir: string;
let admin: string;
let adminId: number;
let operator: string;
let operatorId: number;
let plain: string;
let picture: string;

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'curation-'));
  picture = path.join(dir, 'cover.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc2=s=480x360', '-frames:v', '1', picture]);
  t = await buildTestApp();
  admin = await loginAs(t, 'admin', 'admin12345');
  plain = (await registerAccount(t, admin, { username: 'curation_user' })).token;
  operatorId = (await registerAccount(t, admin, { username: 'curation_ops' })).id;
  adminId = (await t.ctx.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin')))[0]!.id;
  expect(await t.call(setUserRole, { id: operatorId, role: 'operator' }, { token: admin })).toMatchObject({ code: 0 });
  operator = await loginAs(t, 'curation_ops', 'abc12345');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

/** A picture the given staff member has just uploaded: the URL the upload flow hands back. */
async function uploaded(userId: number, file = picture): Promise<string> {
  const key = `users/${userId}/image/${Date.now()}-${Math.random().toString(36).slice(2)}${path.extname(file)}`;
  await t.ctx.storage.putFile(key, file);
  return t.ctx.storage.signedUrl(key, { expiresIn: 600 });
}
const items = async (kind: CurationKind) =>
  (await t.call<{ list: ConsoleCurationItem[] }>(listConsoleCuration, { kind }, { token: admin })).data.list;
const save = (token: string, p: Record<string, string | number>) =>
  t.call<{ id: number }>(saveConsoleCuration, { hidden: 0, sort: 0, ...p }, { token });
const lastAudit = async (target: string) =>
  (
    await t.ctx.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, target))
      .orderBy(desc(adminAudit.id))
      .limit(1)
  )[0];
/** Hides every item of a kind but the given ones, so a random pick is predictable. */
async function onlyShow(kind: CurationKind, keep: number[]) {
  for (const i of await items(kind))
    if (!keep.includes(i.id) && i.hidden === 0)
      expect(
        (await save(admin, { kind, id: i.id, name: i.name, content: i.content, hidden: 1, sort: i.sort })).code,
      ).toBe(0);
}

describe('console content curation', () => {
  it('is for staff: an ordinary user gets code 1, no token code 100', async () => {
    for (const [ep, params] of [
      [listConsoleCuration, { kind: 'image_prompt' }],
      [saveConsoleCuration, { kind: 'image_prompt', name: 'x', content: 'y', hidden: 0 }],
      [listConsoleWorkflows, {}],
      [saveConsoleWorkflow, { kind: 'text2image', name: 'x', graph: '{}' }],
    ] as const) {
      expect(await t.call(ep, params, { token: plain })).toMatchObject({ code: 1, msg: protocolMessages.consoleOnly });
      expect(await t.call(ep, params)).toMatchObject({ code: 100 });
    }
  });

  it('image prompts: an operator adds one, hides the others, and the page offers only what is shown', async () => {
    expect((await save(operator, { kind: 'image_prompt', name: ' ', content: 'x' })).msg).toBe(
      curationMessages.nameRequired,
    );
    expect((await save(operator, { kind: 'image_prompt', name: '新品', content: '  ' })).msg).toBe(
      curationMessages.contentRequired,
    );
    const made = await save(operator, {
      kind: 'image_prompt',
      name: '新品海报',
      content: '一瓶香水放在大理石台面上',
      sort: -1,
    });
    expect(made).toMatchObject({ code: 0, msg: curationMessages.created });
    expect(await lastAudit(`curation:image_prompt:${made.data.id}`)).toMatchObject({
      action: 'curation.create',
      actorName: 'curation_ops',
      after: { name: '新品海报', content: '一瓶香水放在大理石台面上', hidden: 0, sort: -1 },
    });
    expect((await items('image_prompt'))[0]).toMatchObject({ id: made.data.id, name: '新品海报' });
    await onlyShow('image_prompt', [made.data.id]);
    const shown = await t.call<{ list: RecommendedPrompt[] }>(imagePrompt, {}, { token: plain });
    expect(shown.data.list.map((p) => p.title)).toEqual(['新品海报']);

    // Editing it (as an admin) is audited with before and after; hiding it empties the page.
    expect(
      await save(admin, { kind: 'image_prompt', id: made.data.id, name: '新品海报', content: '香水特写', hidden: 1 }),
    ).toMatchObject({ code: 0, msg: curationMessages.saved });
    expect(await lastAudit(`curation:image_prompt:${made.data.id}`)).toMatchObject({
      action: 'curation.update',
      actorName: 'admin',
      before: { content: '一瓶香水放在大理石台面上', hidden: 0 },
      after: { content: '香水特写', hidden: 1 },
    });
    expect((await t.call<{ list: RecommendedPrompt[] }>(imagePrompt, {}, { token: plain })).data.list).toEqual([]);
    expect((await save(admin, { kind: 'video_prompt', id: made.data.id, name: 'x', content: 'y' })).msg).toBe(
      curationMessages.missing,
    );
  });

  it('image-to-video recommendations need a sample first frame, kept in public storage and usable by the page', async () => {
    expect((await save(operator, { kind: 'image_video_prompt', name: '花开', content: '花朵缓缓绽放' })).msg).toBe(
      curationMessages.imageRequired,
    );
    // Someone else's upload is not the operator's to publish.
    expect(
      (
        await save(operator, {
          kind: 'image_video_prompt',
          name: '花开',
          content: '花朵',
          image: await uploaded(adminId),
        })
      ).msg,
    ).toBe(libraryConsoleMessages.pictureMissing);
    const made = await save(operator, {
      kind: 'image_video_prompt',
      name: '花开',
      content: '花朵缓缓绽放',
      image: await uploaded(operatorId),
      image_tail: await uploaded(operatorId),
    });
    expect(made.code, made.msg).toBe(0);
    const item = (await items('image_video_prompt')).find((i) => i.id === made.data.id)!;
    expect(item.image).toMatch(/public\/ai-media\/.+\.png$/);
    expect(item.image_tail).toMatch(/public\/ai-media\/.+\.png$/);
    await onlyShow('image_video_prompt', [made.data.id]);
    const shown = await t.call<{ list: RecommendedPrompt[] }>(
      videoPromptRecommend,
      { type: 'image' },
      { token: plain },
    );
    expect(shown.data.list).toEqual([
      expect.objectContaining({ title: '花开', image: item.image, image_tail: item.image_tail }),
    ]);
    // The last frame can be taken away again.
    expect(
      (
        await save(operator, {
          kind: 'image_video_prompt',
          id: made.data.id,
          name: '花开',
          content: '花朵',
          clear_image_tail: 1,
        })
      ).code,
    ).toBe(0);
    expect((await items('image_video_prompt')).find((i) => i.id === made.data.id)).toMatchObject({ image_tail: '' });
  });

  it('inspiration: a one-choice group and its words are added, ordered and hidden; the library follows', async () => {
    const group = await save(operator, { kind: 'inspiration_group', name: '季节', is_multi: 0, sort: -5 });
    expect(group.code, group.msg).toBe(0);
    expect((await save(operator, { kind: 'inspiration_word', name: '春天' })).msg).toBe(curationMessages.groupRequired);
    expect((await save(operator, { kind: 'inspiration_word', name: '春天', group_id: 999_999 })).msg).toBe(
      curationMessages.groupMissing,
    );
    expect((await save(operator, { kind: 'inspiration_group', name: '一'.repeat(33) })).msg).toBe(
      curationMessages.nameTooLong(32),
    );
    const spring = await save(operator, {
      kind: 'inspiration_word',
      name: '春天',
      group_id: group.data.id,
      sort: 2,
      image: await uploaded(operatorId),
    });
    const winter = await save(operator, { kind: 'inspiration_word', name: '冬天', group_id: group.data.id, sort: 1 });
    expect([spring.code, winter.code]).toEqual([0, 0]);
    const library = async () =>
      (await t.call<{ list: InspirationGroup[] }>(videoPrompt, {}, { token: plain })).data.list;
    const season = (await library()).find((g) => g.id === group.data.id)!;
    expect(season).toMatchObject({ name: '季节', is_multi: 0 });
    expect(season.list.map((w) => w.name)).toEqual(['冬天', '春天']);
    expect(season.list[1]!.demo_url).toMatch(/public\/curation\/inspiration_word\/.+\.png$/);
    expect(
      await save(operator, { kind: 'inspiration_word', id: winter.data.id, name: '冬天', hidden: 1, sort: 1 }),
    ).toMatchObject({
      code: 0,
    });
    expect((await library()).find((g) => g.id === group.data.id)!.list.map((w) => w.name)).toEqual(['春天']);
    // The word kept its group and picture through an edit that did not send them.
    expect((await items('inspiration_word')).find((i) => i.id === spring.data.id)).toMatchObject({
      group_id: group.data.id,
      image: season.list[1]!.demo_url,
    });
    expect(
      await save(admin, { kind: 'inspiration_group', id: group.data.id, name: '季节', is_multi: 0, hidden: 1 }),
    ).toMatchObject({
      code: 0,
    });
    expect((await library()).some((g) => g.id === group.data.id)).toBe(false);
  });

  it('AI-writing topics: sub-topics one per line; a hidden topic leaves the studio list', async () => {
    expect((await save(operator, { kind: 'write_topic', name: '节日营销', content: ' \n ' })).msg).toBe(
      curationMessages.subTopicsRequired,
    );
    const made = await save(operator, {
      kind: 'write_topic',
      name: '节日营销',
      content: '春节促销\n 中秋礼盒 \n\n',
      sort: -1,
    });
    expect(made.code, made.msg).toBe(0);
    const topics = async () =>
      (await t.call<{ list: { name: string; list: { name: string }[] }[] }>(getThemes)).data.list;
    expect((await topics())[0]).toEqual({ name: '节日营销', list: [{ name: '春节促销' }, { name: '中秋礼盒' }] });
    const seeded = (await items('write_topic')).find((i) => i.name === '口播带货')!;
    expect(
      await save(operator, {
        kind: 'write_topic',
        id: seeded.id,
        name: seeded.name,
        content: seeded.content,
        hidden: 1,
        sort: seeded.sort,
      }),
    ).toMatchObject({ code: 0 });
    expect((await topics()).map((x) => x.name)).not.toContain('口播带货');
    expect(await lastAudit(`curation:write_topic:${seeded.id}`)).toMatchObject({
      before: { hidden: 0 },
      after: { hidden: 1 },
    });
  });

  it('library covers: a new uploaded cover replaces a public picture, audited; voices have none', async () => {
    const [row] = await t.ctx.database.db
      .insert(photos)
      .values({ type: 1, source: 2, name: '公共人物', imageKey: 'public/photos/old.png' })
      .returning({ id: photos.id });
    const r = await t.call(
      saveConsoleLibraryItem,
      { kind: 'person', id: row!.id, name: '公共人物', hidden: 0, sort: 0, cover: await uploaded(operatorId) },
      { token: operator },
    );
    expect(r).toMatchObject({ code: 0, msg: libraryConsoleMessages.saved });
    const listed = (
      await t.call<{ list: ConsoleLibraryItem[] }>(listConsoleLibrary, { kind: 'person' }, { token: admin })
    ).data.list.find((i) => i.id === row!.id)!;
    expect(listed.cover).toMatch(/public\/library\/person\/.+\.png$/);
    const publicList = await t.call<{ list: { id: number; image?: string; url?: string }[] }>(
      listPhotos,
      { source: '2', type: 1, limit: 0 },
      { token: plain },
    );
    expect(JSON.stringify(publicList.data.list.find((p) => p.id === row!.id))).toContain(
      listed.cover.replace(/^.*(public\/)/, '$1'),
    );
    expect(await lastAudit(`library:person:${row!.id}`)).toMatchObject({
      before: { cover: 'public/photos/old.png' },
      after: { cover: expect.stringMatching(/^public\/library\/person\//) },
    });
    const text = path.join(dir, 'notes.txt');
    await fsp.writeFile(text, 'not a picture');
    expect(
      (
        await t.call(
          saveConsoleLibraryItem,
          {
            kind: 'person',
            id: row!.id,
            name: '公共人物',
            hidden: 0,
            sort: 0,
            cover: await uploaded(operatorId, text),
          },
          { token: operator },
        )
      ).msg,
    ).toBe(libraryConsoleMessages.pictureFormat);
    expect(
      (
        await t.call(
          saveConsoleLibraryItem,
          { kind: 'voice', id: 1, name: 'x', hidden: 0, sort: 0, cover: await uploaded(operatorId) },
          { token: operator },
        )
      ).msg,
    ).toBe(libraryConsoleMessages.noCover);
  });
});

describe('ComfyUI workflow templates', () => {
  const workflows = async () =>
    (await t.call<{ list: ConsoleWorkflow[] }>(listConsoleWorkflows, {}, { token: operator })).data.list;

  it('lists the three templates and refuses what the engine could not fill', async () => {
    expect((await workflows()).map((w) => w.kind).sort()).toEqual(['image2video', 'text2image', 'text2video']);
    const put = (kind: string, graph: string) =>
      t.call(saveConsoleWorkflow, { kind, name: '我的模板', graph }, { token: operator });
    expect((await put('text2image', '{ nope')).msg).toBe(workflowMessages.notJson);
    expect((await put('text2image', '[1, 2]')).msg).toBe(workflowMessages.notGraph);
    expect((await put('text2image', '{"1": {"inputs": {}}}')).msg).toBe(workflowMessages.notGraph);
    expect((await put('image2video', '{"1": {"class_type": "X", "inputs": {"text": "{{prompt}}"}}}')).msg).toBe(
      workflowMessages.missingPlaceholder('{{image}}'),
    );
    expect(
      (await put('text2image', '{"1": {"class_type": "X", "inputs": {"text": "{{prompt}} {{style}}"}}}')).msg,
    ).toBe(workflowMessages.unknownPlaceholder('{{style}}'));
  });

  it('a valid template is saved, audited, and what the engine reads for the next order', async () => {
    const graph = {
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sdxl.safetensors' } },
      '2': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}, masterpiece', clip: ['1', 1] } },
      '3': {
        class_type: 'EmptyLatentImage',
        inputs: { width: '{{width}}', height: '{{height}}', batch_size: '{{count}}' },
      },
    };
    const r = await t.call(
      saveConsoleWorkflow,
      { kind: 'text2image', name: 'SDXL 文生图', graph: JSON.stringify(graph) },
      { token: operator },
    );
    expect(r).toMatchObject({ code: 0, msg: workflowMessages.saved });
    const [stored] = await t.ctx.database.db.select().from(aiWorkflows).where(eq(aiWorkflows.kind, 'text2image'));
    expect(stored?.graph).toEqual(graph);
    const listed = (await workflows()).find((w) => w.kind === 'text2image')!;
    expect(listed.name).toBe('SDXL 文生图');
    expect(JSON.parse(listed.graph)).toEqual(graph);
    expect(await lastAudit('workflow:text2image')).toMatchObject({
      action: 'workflow.update',
      actorName: 'curation_ops',
      before: { name: 'FLUX.1 文生图' },
      after: { name: 'SDXL 文生图', graph },
    });
  });
});
