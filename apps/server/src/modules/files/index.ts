import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.js';

/** A file the user registered after upload. */
export interface UploadedFile {
  id: number;
  userId: number;
  /** video | voice | image */
  kind: string;
  key: string;
  size: number;
  /** Seconds, as the server probed it. */
  duration: number;
}

type FileSqlRow = { id: number; user_id: number; kind: string; key: string; size: string | number; duration: number };
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const uploadedFile = (f: FileSqlRow): UploadedFile => ({
  id: f.id,
  userId: f.user_id,
  kind: f.kind,
  key: f.key,
  size: Number(f.size),
  duration: Number(f.duration),
});

/** Registered uploads as other modules read them; ownership is part of every lookup. */
export const uploadedFiles = {
  /** The caller's own registered upload, or null. */
  async findOwned(db: Db, userId: number, fileId: number): Promise<UploadedFile | null> {
    const rows = rowsOf<FileSqlRow>(
      await db.execute(
        sql`select id, user_id, kind, key, size, duration from files where id = ${fileId} and user_id = ${userId} limit 1`,
      ),
    );
    return rows[0] ? uploadedFile(rows[0]) : null;
  },
  /** A video of the caller's materials library, by its file id (as `material_video_id` is sent). */
  async findMaterialVideo(db: Db, userId: number, fileId: number): Promise<(UploadedFile & { name: string }) | null> {
    const rows = rowsOf<FileSqlRow & { name: string }>(
      await db.execute(
        sql`select f.id, f.user_id, f.kind, f.key, f.size, f.duration, m.name from materials m join files f on f.id = m.file_id
            where f.id = ${fileId} and m.user_id = ${userId} and f.user_id = ${userId} and m.type = 'video' limit 1`,
      ),
    );
    const f = rows[0];
    return f ? { ...uploadedFile(f), name: f.name } : null;
  },
};
