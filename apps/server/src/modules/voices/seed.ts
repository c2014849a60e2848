import fsp from 'node:fs/promises';
import path from 'node:path';
import { LOCAL_PRESET_VOICES, speechMessages, type SpeechChannels } from '../../engines/speech/index.js';
import { voiceChannels, voices } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { DEFAULT_CHANNELS } from './channels.js';
import { voicesRepo } from './repo.js';

const sampleText = (name: string) =>
  `大家好，我是${name}。欢迎来到数字人视频创作平台，输入一段文字，数字人就能开口说话。`;

/** Channel rows and the public offline voices, each with a sample clip spoken at first start. Writes only what is missing. */
export async function seedVoices(ctx: AppContext, speech: SpeechChannels): Promise<void> {
  const db = ctx.database.db;
  await db.insert(voiceChannels).values(DEFAULT_CHANNELS).onConflictDoNothing();
  const local = speech.forChannel('local');
  const scratch = path.join(ctx.config.dataDir, 'scratch');
  await fsp.mkdir(scratch, { recursive: true });
  await Promise.all(
    LOCAL_PRESET_VOICES.map(async (preset, i) => {
      const seedKey = `local-preset-${i + 1}`;
      const previewKey = `public/voices/${seedKey}.m4a`;
      const existing = await voicesRepo.bySeedKey(db, seedKey);
      if (existing && (await ctx.storage.head(previewKey))) return;
      const out = path.join(scratch, `${seedKey}-${process.pid}.m4a`);
      try {
        await local.synthesize({
          text: sampleText(preset.name),
          voice: { voiceRef: preset.voiceRef },
          rate: 1,
          volume: 1,
          pitch: 1,
          outFile: out,
        });
        await ctx.storage.putFile(previewKey, out);
      } finally {
        await fsp.rm(out, { force: true });
      }
      if (existing) return;
      await db
        .insert(voices)
        .values({
          source: 2,
          name: preset.name,
          api: 'local',
          voiceChannelName: speechMessages.localChannelName,
          versionName: '1.0',
          generateStatus: 2,
          remainedTimes: 0,
          isConfirmed: 1,
          type: 11,
          voiceRef: preset.voiceRef,
          previewKey,
          seedKey,
        })
        .onConflictDoNothing();
    }),
  );
}
