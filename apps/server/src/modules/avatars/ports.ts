import type { Db } from '../../platform/db/client.js';

/**
 * What the studio needs from features built beside it (uploads, storage quota). The composition
 * root (modules/index.ts) binds these to the files and accounts features.
 */

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

export interface StudioUploads {
  /** The caller's own registered upload, or null. */
  findOwned(db: Db, userId: number, fileId: number): Promise<UploadedFile | null>;
  /** The file of the caller's own material-library video (by material id), or null. */
  /** A video of the caller's materials library, by its file id (as `material_video_id` and `material_audio_id` are sent). */
  findMaterialVideo(db: Db, userId: number, fileId: number): Promise<(UploadedFile & { name: string }) | null>;
}

/** Bytes of derived files (mezzanines, renders) counted against an account. */
export interface StudioStorageUsage {
  add(tx: Db, userId: number, bytes: number): Promise<void>;
  release(tx: Db, userId: number, bytes: number): Promise<void>;
}
