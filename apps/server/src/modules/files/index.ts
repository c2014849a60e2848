export { createFilesModule, type FilesModuleOptions } from './module.js';
export { uploadedFiles, type UploadedFile, type UploadedFiles } from './uploaded-files.js';
export { fileRecords, type FileRow, type GeneratedFile } from './file-records.js';
export { registerSentFile, UploadTooLarge } from './asset-upload.js';
export { receiveRecording } from './voice-upload.js';
