import {
  aiMediaMessages,
  createImageGenerate,
  createUserPrompt,
  createVideoGenerate,
  deleteImageGenerate,
  deleteUserPrompt,
  deleteVideoGenerate,
  imagePrompt,
  listImageGenerate,
  listUserPrompt,
  listVideoGenerate,
  videoPrompt,
  videoPromptRecommend,
} from '@app/contract';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { AiMediaService } from './service.js';

export function aiMediaRoutes(s: AiMediaService): RouteDef[] {
  return [
    route(imagePrompt, async () => ({ list: await s.recommend('image') })),
    route(listImageGenerate, ({ user, params }) => s.listImages(user.id, params)),
    route(createImageGenerate, async ({ user, params }) =>
      ok({ id: await s.orderImage(user.id, params) }, aiMediaMessages.submitted),
    ),
    route(deleteImageGenerate, async ({ user, params }) => {
      await s.remove(user.id, 'image', params.id);
      return ok(null, aiMediaMessages.deleted);
    }),
    route(videoPrompt, async () => ({ list: await s.inspiration() })),
    route(videoPromptRecommend, async ({ params }) => ({
      list: await s.recommend(params.type === 'image' ? 'image2video' : 'text'),
    })),
    route(listUserPrompt, async ({ user, params }) => ({
      list: await s.presets(user.id, params.search ?? params.keyword),
    })),
    route(createUserPrompt, async ({ user, params }) =>
      ok({ id: await s.addPreset(user.id, params) }, aiMediaMessages.saved),
    ),
    route(deleteUserPrompt, async ({ user, params }) => {
      await s.removePreset(user.id, params.id);
      return ok(null, aiMediaMessages.deleted);
    }),
    route(listVideoGenerate, ({ user, params }) => s.listVideos(user.id, params)),
    route(createVideoGenerate, async ({ user, params }) =>
      ok({ id: await s.orderVideo(user.id, params) }, aiMediaMessages.submitted),
    ),
    route(deleteVideoGenerate, async ({ user, params }) => {
      await s.remove(user.id, 'video', params.id);
      return ok(null, aiMediaMessages.deleted);
    }),
  ];
}
