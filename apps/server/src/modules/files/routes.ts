import {
  completeUpload,
  deleteMaterial,
  filesMessages,
  listMaterials,
  saveMaterial,
  signUpload,
  uploadVoice,
} from '@app/contract';
import { AppError } from '../../platform/errors.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { MaterialsService } from './materials-service.js';
import type { FilesService } from './service.js';

export function filesRoutes(files: FilesService, materials: MaterialsService): RouteDef[] {
  return [
    route(signUpload, ({ user, params }) => files.signUpload(user.id, params.file_type)),
    route(completeUpload, async ({ user, params }) => {
      // Site pictures take their own sizes (SITE_PICTURE_RULES): only the console uploads them.
      if (params.purpose === 'site' && user.role !== 'admin' && user.role !== 'operator')
        throw new AppError(filesMessages.sitePictureOperatorsOnly);
      return ok(await files.complete(user.id, params.file_type, params.url, params.purpose), filesMessages.uploaded);
    }),
    route(listMaterials, ({ user, params }) => materials.list(user.id, params)),
    route(saveMaterial, async ({ user, params }) => {
      const { result, msg } = await materials.save(user.id, params);
      return ok(result, msg);
    }),
    route(deleteMaterial, async ({ user, params }) => {
      await materials.remove(user.id, params.id);
      return ok(null, filesMessages.deleted);
    }),
  ];
}

/** The recording upload, which reads its own multipart body as a stream (see multipartRoutes). */
export const voiceUploadRoutes = (files: FilesService): RouteDef[] => [
  route(uploadVoice, async ({ user, req }) => ok(await files.uploadRecording(user.id, req), filesMessages.uploaded)),
];
