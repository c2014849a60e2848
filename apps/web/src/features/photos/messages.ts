import { photoLibraryMessages } from '@app/contract';
import { commonLabels } from '../../lib/messages';

/** Library strings of our own; the spec's messages come from the contract's photo library messages. */
export const photosText = {
  ...photoLibraryMessages,
  petNav: '宠物视频',
  personNav: '照片说话',
  ok: commonLabels.ok,
  cancel: commonLabels.cancel,
  delete: commonLabels.delete,
  upload: '上传',
  uploadTile: '上传图片',
  deleteTitle: '删除图片',
  count: (n: number) => `共${n}张`,
  rulesOk: '我知道了',
  /** The launcher's tile. */
  tile: { name: '照片说话', desc: '上传人物照片，让照片开口说话' },
} as const;

/** Strings that differ between the pet library (type 2) and the person-image library (type 1). */
export const libraryText = (type: 1 | 2) =>
  type === 2
    ? {
        title: photosText.petTitle,
        library: photosText.petLibrary,
        libraryEmpty: photosText.petLibraryEmpty,
        uploadButton: photosText.uploadPet,
        nameRequired: photosText.petNameRequired,
        imageRequired: photosText.petImageRequired,
        namePlaceholder: photosText.petNamePlaceholder,
        imageLabel: photosText.petImageLabel,
        createPath: '/pet/establish',
      }
    : {
        title: photosText.personTitle,
        library: photosText.personLibrary,
        libraryEmpty: photosText.personLibraryEmpty,
        uploadButton: photosText.uploadPerson,
        nameRequired: photosText.personNameRequired,
        imageRequired: photosText.personImageRequired,
        namePlaceholder: photosText.personNamePlaceholder,
        imageLabel: photosText.personImageLabel,
        createPath: '/store/characters',
      };
