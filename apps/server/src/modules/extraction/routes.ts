import {
  analyseMessages,
  audioAnalyseFree,
  deleteAudioAnalyse,
  deleteVideoAnalyse,
  extractAudio,
  listAudioAnalyse,
  listVideoAnalyse,
  parseVideoLink,
  videoAnalyseFree,
} from '@app/contract';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { ExtractionService } from './service.js';

export function extractionRoutes(s: ExtractionService): RouteDef[] {
  return [
    route(listVideoAnalyse, ({ user, params }) => s.list(user.id, 'video', params)),
    route(parseVideoLink, async ({ user, params }) =>
      ok({ id: await s.submitLink(user.id, 'video', params.link) }, analyseMessages.submitted),
    ),
    route(deleteVideoAnalyse, async ({ user, params }) => {
      await s.remove(user.id, 'video', params.id);
      return ok(null, analyseMessages.deleted);
    }),
    route(videoAnalyseFree, ({ user }) => s.free(user.id, 'video')),
    route(listAudioAnalyse, ({ user, params }) => s.list(user.id, 'audio', params)),
    route(extractAudio, async ({ user, params }) => {
      const id =
        params.type === 2
          ? await s.submitUpload(user.id, params.file_id)
          : await s.submitLink(user.id, 'audio', params.link);
      return ok({ id }, analyseMessages.audioSubmitted);
    }),
    route(deleteAudioAnalyse, async ({ user, params }) => {
      await s.remove(user.id, 'audio', params.id);
      return ok(null, analyseMessages.deleted);
    }),
    route(audioAnalyseFree, ({ user }) => s.free(user.id, 'audio')),
  ];
}
