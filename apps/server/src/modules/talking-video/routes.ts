import { listVideoChannels, photoLibraryMessages, saveWork, studioMessages } from '@app/contract';
import { AppError } from '../../platform/errors.js';
import type { AppContext } from '../../platform/context.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { worksGallery } from '../works/index.js';
import { listChannels } from './channels.js';
import { avatarRefusal, visibleAvatar } from './create-rules.js';
import type { TalkingVideoDeps, TalkingVideoService } from './service.js';

export function talkingVideoRoutes(ctx: AppContext, service: TalkingVideoService, deps: TalkingVideoDeps): RouteDef[] {
  return [
    // With video_id, each channel says whether that avatar can go through it (the avatar page, the studio's dialog).
    route(listVideoChannels, async ({ params, user }) => {
      const avatar = params.video_id ? await visibleAvatar(ctx, user?.id ?? null, params.video_id) : null;
      return { list: await listChannels(ctx, params.api, avatar ? (channel) => avatarRefusal(channel, avatar) : undefined) };
    }),
    // The studio's save: a new talking video, or (with an id) the gallery's rename.
    route(saveWork, async ({ params, user }) => {
      if (params.id) {
        await worksGallery.rename(ctx, user.id, params.id, params.name);
        return ok({ id: params.id, credits: 0 }, studioMessages.renamed);
      }
      // A picture named: a pet or photo-speak video, made by its own producer (never an avatar work).
      if (params.photo_id) {
        if (!deps.photoWorks) throw new AppError(photoLibraryMessages.photoChannelUnavailable);
        return ok(await deps.photoWorks.create(ctx, user.id, params), studioMessages.submitTitle);
      }
      return ok(await service.create(user.id, params), studioMessages.submitTitle);
    }),
  ];
}
