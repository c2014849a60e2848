export { FileUpload, type FileUploadProps } from './FileUpload';
export { DownloadDialog, type DownloadDialogProps, type DownloadTarget } from './DownloadDialog';
export { downloadName } from './download';
export { uploadRecording } from './upload-api';
export { displayName, durationProblem, UPLOAD_CHECKS, uploadProblem, type UploadCheck } from './check-file';
