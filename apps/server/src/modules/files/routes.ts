import {
  completeUpload,
  deleteMaterial,
  filesMessages,
  listMaterials,
  saveMaterial,
  signUpload,
  uploadVoice,
} from '@app/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { ok, registerRoutes, route, type RouteDef } from '../../platform/protocol/route.js';
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

/** The recording upload reads its own multipart body as a stream; only this scope lets multipart through. */
export async function voiceUploadRoute(scope: FastifyInstance, ctx: AppContext, files: FilesService): Promise<void> {
  scope.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));
  registerRoutes(scope, ctx, [
    route(uploadVoice, async ({ user, req }) => ok(await files.uploadRecording(user.id, req), filesMessages.uploaded)),
  ]);
}
