import { and, desc, eq, inArray } from 'drizzle-orm';
import { files, materials } from '../../db/schema/index.js';
import type { Db } from '../../platform/db/client.js';

/** A file the user registered after upload, as other features use it. */
export interface UploadedFile {
  id: number;
  userId: number;
  /** video | voice | image */
  kind: string;
  key: string;
  size: number;
  /** Seconds, as the server probed it. */
  duration: number;
  /** Pixels of a video or picture (0 for audio), as the server probed it. */
  width?: number;
  height?: number;
}

const columns = {
  id: files.id,
  userId: files.userId,
  kind: files.kind,
  key: files.key,
  size: files.size,
  duration: files.duration,
  width: files.width,
  height: files.height,
};

/** Registered uploads as other features look them up; ownership is part of every lookup. */
export const uploadedFiles = {
  /** The caller's own registered upload, or null. */
  async findOwned(db: Db, userId: number, fileId: number): Promise<UploadedFile | null> {
    const [row] = await db
      .select(columns)
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.userId, userId)))
      .limit(1);
    return row ?? null;
  },
  /** A video of the caller's materials library, by its file id (as `material_video_id` and `material_audio_id` are sent). */
  async findMaterialVideo(db: Db, userId: number, fileId: number): Promise<(UploadedFile & { name: string }) | null> {
    const [row] = await db
      .select({ ...columns, name: materials.name })
      .from(materials)
      .innerJoin(files, eq(files.id, materials.fileId))
      .where(
        and(eq(files.id, fileId), eq(materials.userId, userId), eq(files.userId, userId), eq(materials.type, 'video')),
      )
      .limit(1);
    return row ?? null;
  },
  /** The caller's materials of the given types (image | video | audio): file id and name, newest first. */
  async listMaterials(db: Db, userId: number, types: string[]): Promise<{ fileId: number; name: string; type: string }[]> {
    return db
      .select({ fileId: materials.fileId, name: materials.name, type: materials.type })
      .from(materials)
      .where(and(eq(materials.userId, userId), inArray(materials.type, types)))
      .orderBy(desc(materials.id));
  },
};

export type UploadedFiles = typeof uploadedFiles;
