import type { uploadedFiles } from '../files/index.js';

export type { UploadedFile } from '../files/index.js';

/** The uploads the studio reads (the files module's face); bound in modules/index.ts, faked in tests. */
export type StudioUploads = typeof uploadedFiles;
