import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { flag, id, int, intWithDefault, oneOf, optionalText, text } from '../fields.js';
import { strictParams } from './site.js';

/** The public libraries the operator curates, with the console's labels. */
export const LIBRARY_KINDS = ['avatar', 'voice', 'person', 'pet'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export const libraryKindLabels: Record<LibraryKind, string> = {
  avatar: '公共数字人',
  voice: '公共声音',
  person: '人物照片',
  pet: '宠物照片',
};

export const libraryConsoleMessages = {
  missing: '该素材不存在或不是公共素材',
  saved: '公共素材已保存',
  noCover: '该素材没有封面',
  pictureMissing: '图片不存在或已失效，请重新上传',
  pictureFormat: '图片只支持 PNG/JPG/JPEG/WEBP 格式',
  pictureTooLarge: '图片大小不能超过 10MB',
} as const;

export const consoleLibraryItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Its picture's URL; '' when it has none (voices). */
  cover: z.string(),
  hidden: flag(),
  sort: z.number().int(),
});
export type ConsoleLibraryItem = z.infer<typeof consoleLibraryItem>;

export const listConsoleLibrary = endpoint({
  method: 'GET',
  path: '/api/admin/library',
  summary: 'Public actors, voices, person or pet pictures in the library order, hidden ones included',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({ kind: oneOf(LIBRARY_KINDS) }),
  data: z.object({ list: z.array(consoleLibraryItem) }),
});

export const saveConsoleLibraryItem = endpoint({
  method: 'POST',
  path: '/api/admin/library/save',
  summary: 'Rename, hide or show, order one public library item, and give it a new cover (an uploaded picture)',
  tag: 'admin',
  auth: 'operator',
  params: strictParams({
    kind: oneOf(LIBRARY_KINDS),
    id: id(),
    name: text({ max: 64, min: 1 }),
    hidden: int({ min: 0, max: 1 }),
    sort: intWithDefault(0, { min: -100_000, max: 100_000 }),
    /** A new cover: the URL `upload/complete` gave for the operator's picture; left out keeps the cover. */
    cover: optionalText({ max: 2048 }),
  }),
  data: z.null(),
});
