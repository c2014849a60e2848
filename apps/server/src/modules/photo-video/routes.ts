import {
  addPublicPhoto,
  deletePhoto,
  listPhotoChannels,
  listPhotos,
  photoLibraryMessages,
  savePhoto,
} from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { listPhotoChannels as channelsList } from './channels.js';
import type { PhotoLibrary } from './library.js';

export function photoRoutes(ctx: AppContext, library: PhotoLibrary): RouteDef[] {
  return [
    route(listPhotos, ({ params, user }) => library.list(user.id, params)),
    route(savePhoto, async ({ params, user }) =>
      ok(
        { id: await library.add(user.id, { name: params.name, fileId: params.file_id, type: params.type }) },
        photoLibraryMessages.uploaded,
      ),
    ),
    route(deletePhoto, async ({ params, user }) => {
      await library.remove(user.id, params.id);
      return ok(null, photoLibraryMessages.deleted);
    }),
    route(addPublicPhoto, async ({ params, user }) =>
      ok(
        { id: await library.addPublic(user.id, { name: params.name, fileId: params.file_id, type: params.type }) },
        photoLibraryMessages.uploaded,
      ),
    ),
    route(listPhotoChannels, async ({ params }) => ({ list: await channelsList(ctx, params.api) })),
  ];
}
