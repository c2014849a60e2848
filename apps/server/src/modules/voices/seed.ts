import fsp from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { LOCAL_PRESET_VOICES, speechMessages, type SpeechChannels } from '../../engines/speech/index.js';
import { voiceChannels, voices } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import { makeSeedMedia } from '../../platform/media/seed-cache.js';
import { DEFAULT_CHANNELS } from './channels.js';
import { voicesRepo } from './repo.js';

/** The sample clip says plainly what the voice is: machine speech made on this server, not a person's voice. */
const sampleText = (about: string) =>
  `大家好，这是离线语音合成的${about}。它在服务器本机生成，不联网，听起来带有机器感。想要更自然的声音，可以克隆自己的声音。`;

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
      // A voice seeded under an earlier, vaguer name takes the current one unless the operator renamed it.
      // Its sample clip named the old name, so it is spoken again.
      const renamed = existing !== null && existing.name === preset.formerName;
      if (renamed) await db.update(voices).set({ name: preset.name }).where(eq(voices.id, existing.id));
      if (existing && !renamed && (await ctx.storage.head(previewKey))) return;
      const out = path.join(scratch, `${seedKey}-${process.pid}.m4a`);
      try {
        const order = {
          text: sampleText(preset.about),
          voice: { voiceRef: preset.voiceRef },
          rate: 1,
          volume: 1,
          pitch: 1,
        };
        await makeSeedMedia(ctx.config.TEST_CACHE_DIR, `voice-sample ${JSON.stringify(order)}`, out, (outFile) =>
          local.synthesize({ ...order, outFile }),
        );
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
