export { createFilesModule, type FilesModuleOptions } from './module.js';
export { uploadedFiles, type UploadedFile, type UploadedFiles } from './uploaded-files.js';
