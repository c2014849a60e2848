export { FileUpload, type FileUploadProps } from './FileUpload';
export { DownloadDialog, type DownloadDialogProps } from './DownloadDialog';
export { uploadFile, uploadRecording } from './upload-api';
export { uploadProblem, displayName } from './check-file';
