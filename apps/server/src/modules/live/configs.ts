import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { LIVE_SOURCES, liveSessionMessages as m, type LiveConfig } from '@app/contract';
import { liveConfigs } from '../../db/schema/index.js';
import type { AppContext } from '../../platform/context.js';
import type { Db } from '../../platform/db/client.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo } from '../avatars/index.js';
import { studioVoices } from '../voices/index.js';

export type LiveConfigRow = typeof liveConfigs.$inferSelect;

/** The most sites one widget may be embedded in. */
export const ORIGINS_MAX = 20;

/** A ready avatar the user may present: their own prepared one, or a public actor shown in the library. */
export async function usableAvatar(db: Db, userId: number, id: number) {
  const a = await avatarsRepo.find(db, id);
  if (!a || a.status !== AVATAR_STATUS.ready) return null;
  const own = a.source === AVATAR_SOURCE.own && a.userId === userId;
  const actor = a.source === AVATAR_SOURCE.public && a.userId === null && a.hidden === 0;
  return own || actor ? a : null;
}

/** A ready voice the user may speak with: their own, or a public one shown in the library. */
export const usableVoice = (db: Db, userId: number, id: number) => studioVoices.usableBy(db, userId, id);

/**
 * The sites a widget may be embedded in, one per line: each an http(s) origin (scheme, host, port;
 * a trailing slash is forgiven, a path is not), distinct, at most ORIGINS_MAX.
 */
export function parseOrigins(lines: string): string[] {
  const out: string[] = [];
  for (const raw of lines
    .split(/[\r\n]+/)
    .map((l) => l.trim())
    .filter(Boolean)) {
    let url: URL | null;
    try {
      url = new URL(raw);
    } catch {
      url = null;
    }
    const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
    if (!url || !bare || (url.protocol !== 'https:' && url.protocol !== 'http:'))
      throw new AppError(m.originInvalid(raw));
    if (!out.includes(url.origin)) out.push(url.origin);
  }
  if (out.length > ORIGINS_MAX) throw new AppError(m.tooManyOrigins);
  return out;
}

/** A user's live configurations: saved with every id checked, listed with names and covers, published as widgets. */
export class LiveConfigs {
  readonly db: Db;
  constructor(readonly ctx: AppContext) {
    this.db = ctx.database.db;
  }

  async owned(userId: number, id: number): Promise<LiveConfigRow> {
    const [row] = await this.db
      .select()
      .from(liveConfigs)
      .where(and(eq(liveConfigs.id, id), eq(liveConfigs.userId, userId)))
      .limit(1);
    if (!row) throw new AppError(m.configNotFound);
    return row;
  }

  async byKey(key: string): Promise<LiveConfigRow | null> {
    const [row] = await this.db.select().from(liveConfigs).where(eq(liveConfigs.embedKey, key)).limit(1);
    return row ?? null;
  }

  async list(userId: number): Promise<LiveConfig[]> {
    const rows = await this.db
      .select()
      .from(liveConfigs)
      .where(eq(liveConfigs.userId, userId))
      .orderBy(desc(liveConfigs.id));
    return this.present(rows);
  }

  private async present(rows: LiveConfigRow[]): Promise<LiveConfig[]> {
    const avatarIds = [...new Set(rows.map((r) => r.avatarId))];
    const voiceIds = [...new Set(rows.map((r) => r.voiceId))];
    const [as, voice] = await Promise.all([
      Promise.all(avatarIds.map((id) => avatarsRepo.find(this.db, id))),
      studioVoices.names(this.db, voiceIds),
    ]);
    const avatar = new Map(as.flatMap((a) => (a ? [[a.id, { name: a.name, cover: a.coverKey }] as const] : [])));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      avatar_id: r.avatarId,
      avatar_name: avatar.get(r.avatarId)?.name ?? '',
      avatar_cover: fileUrl(this.ctx, avatar.get(r.avatarId)?.cover),
      voice_id: r.voiceId,
      voice_name: voice.get(r.voiceId) ?? '',
      source: r.source,
      persona: r.persona,
      greeting: r.greeting,
      embed: { enabled: r.embedEnabled, key: r.embedKey, origins: r.embedOrigins },
      updated_at: r.updatedAt.toISOString(),
    }));
  }

  /** Refuses an avatar or voice the user may not use (another's, not ready, hidden). */
  async checkParts(userId: number, avatarId: number, voiceId: number): Promise<void> {
    if (!(await usableAvatar(this.db, userId, avatarId))) throw new AppError(m.avatarNotUsable);
    if (!(await usableVoice(this.db, userId, voiceId))) throw new AppError(m.voiceNotUsable);
  }

  async save(
    userId: number,
    p: {
      id?: number;
      name: string;
      avatar_id: number;
      voice_id: number;
      source: number;
      persona?: string;
      greeting?: string;
    },
  ): Promise<LiveConfig> {
    const name = p.name.trim();
    if (!name) throw new AppError(m.nameEmpty);
    if (p.id !== undefined) await this.owned(userId, p.id);
    await this.checkParts(userId, p.avatar_id, p.voice_id);
    const source = p.source === LIVE_SOURCES.chat ? LIVE_SOURCES.chat : LIVE_SOURCES.qa;
    if (source === LIVE_SOURCES.chat && !this.ctx.engines.chat.isConfigured('v3')) throw new AppError(m.chatNotReady);
    const values = {
      name,
      avatarId: p.avatar_id,
      voiceId: p.voice_id,
      source,
      persona: (p.persona ?? '').trim(),
      greeting: (p.greeting ?? '').trim(),
    };
    const [row] =
      p.id === undefined
        ? await this.db
            .insert(liveConfigs)
            .values({ userId, ...values })
            .returning()
        : await this.db
            .update(liveConfigs)
            .set({ ...values, updatedAt: sql`now()` })
            .where(and(eq(liveConfigs.id, p.id), eq(liveConfigs.userId, userId)))
            .returning();
    if (!row) throw new AppError(m.configNotFound);
    const [shown] = await this.present([row]);
    return shown!;
  }

  async remove(userId: number, id: number): Promise<void> {
    const gone = await this.db
      .delete(liveConfigs)
      .where(and(eq(liveConfigs.id, id), eq(liveConfigs.userId, userId)))
      .returning({ id: liveConfigs.id });
    if (!gone.length) throw new AppError(m.configNotFound);
  }

  /** Switches the widget on (with its sites; a key made the first time) or off. */
  async publish(userId: number, p: { id: number; enabled: number; origins?: string }): Promise<LiveConfigRow> {
    const row = await this.owned(userId, p.id);
    const enabled = p.enabled === 1;
    const origins = p.origins === undefined ? row.embedOrigins : parseOrigins(p.origins);
    if (enabled && !origins.length) throw new AppError(m.originsEmpty);
    const [updated] = await this.db
      .update(liveConfigs)
      .set({
        embedEnabled: enabled,
        embedOrigins: origins,
        embedKey: row.embedKey ?? randomBytes(18).toString('base64url'),
        updatedAt: sql`now()`,
      })
      .where(eq(liveConfigs.id, row.id))
      .returning();
    if (!updated) throw new AppError(m.configNotFound);
    return updated;
  }
}
