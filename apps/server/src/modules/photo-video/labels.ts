import { photoLibraryMessages } from '@app/contract';

/** The `kind` of a photo video work (a person image that speaks, or a pet) in the gallery. */
export const PHOTO_KIND = 'photo';

/** Credit log action per picture type (1 person, 2 pet). */
export const creditActionOf = (type: number): string =>
  type === 2 ? photoLibraryMessages.petCreditAction : photoLibraryMessages.personCreditAction;

/** Photo channels written at first start; operators change names, prices and tips in the table afterwards. */
export const PHOTO_CHANNEL_SEEDS = [
  {
    api: 'local',
    name: '图片说话（本地）',
    desc: '本机生成：人脸口型随声音驱动并自然眨眼，无人脸时整张图片轻微摆动',
    versionName: '1.0',
    credits: 1,
    tips: '图片需为PNG/JPG格式，10MB以内，宽高不小于300像素；正脸清晰效果最佳',
    sort: 0,
  },
  {
    api: 'did',
    name: 'D-ID 照片说话',
    desc: '单张照片生成说话视频，表情自然',
    versionName: '1.0',
    credits: 3,
    tips: '图片中需有且只有一张清晰人脸',
    sort: 1,
  },
  {
    api: 'kling',
    name: '可灵 数字人',
    desc: '可灵图生数字人视频，口型与表情更生动',
    versionName: '1.0',
    credits: 4,
    tips: '图片中需有清晰人脸，人脸区域不小于200×200像素',
    sort: 2,
  },
] as const;
