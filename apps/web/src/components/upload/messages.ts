import { commonLabels } from '../../lib/messages';

/** Labels of the shared upload and download pieces (spec messages live in the contract's filesMessages). */
export const uploadLabels = {
  dropHint: '点击或将文件拖拽到这里上传',
  uploading: '上传中…',
  downloadTitle: '下载文件',
  downloading: '正在下载…',
  cancel: commonLabels.cancel,
} as const;
