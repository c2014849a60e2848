import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';
import type { VoiceProfile } from '../../engines/speech/index.js';
import { creditLedger } from '../credits/service.js';
import type { StudioUploads, UploadedFile } from '../avatars/ports.js';
import type { StudioVoice, StudioVoices, WorkCredits } from './ports.js';

/**
 * The studio's ports bound to the features beside it. Composition only: the studio's services
 * never import another feature. Uploads and voices read those features' tables directly (the
 * narrowest adapter), since their repositories were not yet on the main line when this was written.
 */

export const ledgerCredits: WorkCredits = {
  balance: (db, userId) => creditLedger(db).balance(userId),
  async reserve(tx, userId, amount, jobKey, actionName) {
    await creditLedger(tx).reserveCredits(userId, amount, jobKey, actionName);
  },
  async settle(db, jobKey, realAmount) {
    const r = await creditLedger(db).settleCredits(jobKey, realAmount);
    return r ? { charged: r.charged } : null;
  },
  async refund(db, jobKey) {
    await creditLedger(db).refundCredits(jobKey);
  },
};

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

type FileSqlRow = { id: number; user_id: number; kind: string; key: string; size: string | number; duration: number };
const uploadedFile = (f: FileSqlRow): UploadedFile => ({
  id: f.id,
  userId: f.user_id,
  kind: f.kind,
  key: f.key,
  size: Number(f.size),
  duration: Number(f.duration),
});

export const fileUploads: StudioUploads = {
  async findMaterialVideo(db, userId, fileId) {
    const rows = rowsOf<FileSqlRow & { name: string }>(
      await db.execute(
        sql`select f.id, f.user_id, f.kind, f.key, f.size, f.duration, m.name from materials m join files f on f.id = m.file_id
            where f.id = ${fileId} and m.user_id = ${userId} and f.user_id = ${userId} and m.type = 'video' limit 1`,
      ),
    );
    const f = rows[0];
    return f ? { ...uploadedFile(f), name: f.name } : null;
  },
  async findOwned(db: Db, userId: number, fileId: number): Promise<UploadedFile | null> {
    const rows = rowsOf<{
      id: number;
      user_id: number;
      kind: string;
      key: string;
      size: string | number;
      duration: number;
    }>(
      await db.execute(
        sql`select id, user_id, kind, key, size, duration from files where id = ${fileId} and user_id = ${userId} limit 1`,
      ),
    );
    const f = rows[0];
    return f
      ? { id: f.id, userId: f.user_id, kind: f.kind, key: f.key, size: Number(f.size), duration: Number(f.duration) }
      : null;
  },
};

export const storedVoices: StudioVoices = {
  async find(db: Db, voiceId: number): Promise<StudioVoice | null> {
    const rows = rowsOf<{
      id: number;
      user_id: number | null;
      generate_status: number;
      api: string;
      voice_ref: string;
      prompt_text: string;
      profile: VoiceProfile | null;
    }>(
      await db.execute(
        sql`select id, user_id, generate_status, api, voice_ref, prompt_text, profile from voices where id = ${voiceId} limit 1`,
      ),
    );
    const v = rows[0];
    if (!v) return null;
    return {
      id: v.id,
      userId: v.user_id,
      generateStatus: v.generate_status,
      api: v.api,
      speech: { voiceRef: v.voice_ref, promptText: v.prompt_text || undefined, profile: v.profile ?? undefined },
    };
  },
};
