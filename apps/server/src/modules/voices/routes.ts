import {
  aiWrite,
  confirmVoice,
  deleteVoice,
  editVoice,
  getAudition,
  listLanguages,
  listVoiceChannels,
  listVoices,
  polishText,
  saveVoice,
  startAudition,
  translateText,
  voiceMessages,
} from '@app/contract';
import type { AiWriteLength } from '../../engines/text/index.js';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import type { AuditionsService } from './auditions.js';
import { LANGUAGE_TREE } from './languages.js';
import type { ScriptTools } from './script-tools.js';
import type { VoicesService } from './service.js';

export function voicesRoutes(voices: VoicesService, auditions: AuditionsService, tools: ScriptTools): RouteDef[] {
  return [
    route(listVoiceChannels, ({ params }) => voices.channels(params.api)),
    route(listLanguages, async () => ({ list: LANGUAGE_TREE })),
    route(listVoices, ({ user, params }) => voices.list(user.id, params)),
    route(saveVoice, async ({ user, params }) => {
      const { id, msg } = await voices.save(user.id, params);
      return ok({ id }, msg);
    }),
    route(confirmVoice, async ({ user, params }) => {
      await voices.confirm(user.id, params.voice_id);
      return ok(null, voiceMessages.confirmed);
    }),
    route(editVoice, async ({ user, params }) => {
      await voices.edit(user.id, params.voice_id, params);
      return ok(null, voiceMessages.edited);
    }),
    route(deleteVoice, async ({ user, params }) => {
      await voices.remove(user.id, params.id);
      return ok(null, voiceMessages.deleted);
    }),
    route(startAudition, ({ user, params }) => auditions.start(user.id, params)),
    route(getAudition, ({ user, params }) => auditions.get(user.id, params.job_id)),
    route(polishText, async ({ params }) => ({ content: await tools.polish(params.text, params.action) })),
    route(translateText, ({ params }) => tools.translate(params.text, params.source, params.target)),
    route(aiWrite, async ({ params }) =>
      ok(
        { content: await tools.aiWrite(params.keyword, Number(params.length) as AiWriteLength) },
        voiceMessages.writeDone,
      ),
    ),
  ];
}
