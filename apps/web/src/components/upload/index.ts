export { FileUpload, type FileUploadProps } from './FileUpload';
export { DownloadDialog, type DownloadDialogProps, type DownloadTarget } from './DownloadDialog';
export { downloadName } from './download';
export { uploadRecording } from './upload-api';
export { uploadProblem, displayName } from './check-file';
