import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  channelConsoleMessages,
  listConsoleChannels,
  listVideoChannels,
  login,
  saveConsoleChannel,
  saveWork,
  studioMessages,
  type ConsoleChannel,
  type ConsoleChannelKind,
  type VideoChannel,
} from '@app/contract';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import type * as Chanjing from '../../engines/avatar/chanjing.js';
import { adminAudit, avatars } from '../../db/schema/index.js';
import type { ChannelFacts } from '../../platform/db/channel-table.js';
import type { FeatureModule } from '../module.js';
import { AVATAR_STATUS } from '../avatars/index.js';
import { newAccount, type TestAccount } from '../../../test/accounts.js';

// The 蝉镜 rule is written once, beside its engine: moving its bounds there moves the studio's refusal
// and the channel list's rule together, with nothing else to edit.
vi.mock('../../engines/avatar/chanjing.js', async (importOriginal) => ({
  ...(await importOriginal<typeof Chanjing>()),
  CHANJING_PERSON_SECONDS: { min: 40, max: 50 },
}));

/** A kind of priced channel only this test's module owns: the console lists and saves it unedited. */
const probePrices: ChannelFacts[] = [
  { api: 'p1', name: '探针渠道', desc: '', versionName: '', credits: 3, freeTimes: 0, sort: 0, enabled: true },
];
const probeModule: FeatureModule = {
  name: 'probe-channels',
  channels: [
    {
      kind: 'probe',
      label: '探针',
      unit: '积分/次',
      described: false,
      free: false,
      console: () => ({
        list: async () => probePrices.map((p) => ({ ...p })),
        async update(_db, api, p) {
          const i = probePrices.findIndex((x) => x.api === api);
          if (i < 0) return false;
          probePrices[i] = { api, ...p };
          return true;
        },
      }),
    },
  ],
};

let t: TestApp;
let admin: string;
let alice: TestAccount;

beforeAll(async () => {
  // gj on the offline engine: its rule is the channel's, whichever engine renders it.
  t = await buildTestApp({ AVATAR_CHANNELS: 'local=local,gj=local' }, { modules: [probeModule] });
  admin = (await t.call<{ token: string }>(login, { username: 'admin', password: 'admin12345' })).data.token;
  alice = await newAccount(t, { credits: 1000 });
});
afterAll(async () => {
  await t?.close();
});

/** A ready avatar of the given length, owned by alice (no media: the rules read only its row). */
const avatarOf = async (duration: number) => {
  const [row] = await t.ctx.database.db
    .insert(avatars)
    .values({ userId: alice.id, name: `时长${duration}`, status: AVATAR_STATUS.ready, sourceKey: 'none', duration })
    .returning({ id: avatars.id });
  return row!.id;
};
// No voice: a submission that passes the channel's rule is refused at the next check, so nothing renders.
const submit = async (videoId: number) =>
  t.call(saveWork, { api: 'gj', video_id: videoId, text: '大家好' }, { token: alice.token });

describe('channel rules', () => {
  it("sends each video channel's rule in the studio's channel list, from the engine's one declaration", async () => {
    const list = (await t.call<{ list: VideoChannel[] }>(listVideoChannels)).data.list;
    expect(list.find((c) => c.api === 'gj')?.avatar_seconds).toEqual({ min: 40, max: 50 });
    expect(list.find((c) => c.api === 'local')?.avatar_seconds).toBeNull();
  });

  it('refuses a submission outside the moved bounds in their words, and lets one inside pass the rule', async () => {
    const moved = studioMessages.channelSeconds({ min: 40, max: 50 });
    expect(moved).toBe('此通道训练要求视频时长在40秒-50秒之间');
    // Inside the spec's 30–300 s but outside the moved bounds: the old numbers are nowhere else.
    expect(await submit(await avatarOf(35))).toMatchObject({ code: 1, msg: moved });
    expect(await submit(await avatarOf(51))).toMatchObject({ code: 1, msg: moved });
    expect(await submit(await avatarOf(45))).toMatchObject({ code: 1, msg: studioMessages.voiceRequired });
    // With the shipped bounds the same words are the spec's.
    expect(studioMessages.channelSeconds({ min: 30, max: 300 })).toBe(studioMessages.gjDuration);
  });
});

describe('console channel screen', () => {
  const screen = async () =>
    (await t.call<{ list: ConsoleChannel[]; kinds: ConsoleChannelKind[] }>(listConsoleChannels, {}, { token: admin }))
      .data;

  it('is built from the kinds the registered modules declare, a test-only module included', async () => {
    const { list, kinds } = await screen();
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(['voice', 'video', 'photo', 'image', 'aivideo', 'chat', 'translate', 'viral', 'probe']),
    );
    expect(kinds.find((k) => k.kind === 'video')).toEqual({
      kind: 'video',
      label: '数字人视频',
      unit: '积分/秒',
      described: 1,
      free: 0,
    });
    expect(kinds.find((k) => k.kind === 'voice')).toMatchObject({ described: 1, free: 1 });
    expect(kinds.find((k) => k.kind === 'probe')).toEqual({
      kind: 'probe',
      label: '探针',
      unit: '积分/次',
      described: 0,
      free: 0,
    });
    expect(new Set(list.map((c) => c.kind))).toEqual(new Set(kinds.map((k) => k.kind)));
    expect(list.find((c) => c.kind === 'probe')).toMatchObject({ api: 'p1', name: '探针渠道', credits: 3, enabled: 1 });
  });

  it("saves the test module's price through its own keeper, audited; an unknown kind is refused", async () => {
    expect(
      await t.call(
        saveConsoleChannel,
        { kind: 'probe', api: 'p1', name: '探针渠道', credits: 9, sort: 0, enabled: 1 },
        { token: admin },
      ),
    ).toMatchObject({ code: 0, msg: channelConsoleMessages.saved });
    expect((await screen()).list.find((c) => c.kind === 'probe')).toMatchObject({ credits: 9 });
    const audit = await t.ctx.database.db.select().from(adminAudit);
    expect(audit.find((a) => a.target === 'channel:probe:p1')).toMatchObject({
      before: { credits: 3 },
      after: { credits: 9 },
    });
    expect(
      await t.call(
        saveConsoleChannel,
        { kind: 'nope', api: 'p1', name: 'x', credits: 1, enabled: 1 },
        { token: admin },
      ),
    ).toMatchObject({ code: 1, msg: channelConsoleMessages.kindMissing });
  });
});
