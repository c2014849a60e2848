import {
  chatAnswerStream,
  chatMessages,
  deleteChatRecord,
  deleteTextMaterial,
  editTextMaterial,
  listChatMessages,
  listChatRecords,
  listTextMaterials,
  saveTextMaterial,
  sendChatMessage,
  type ViralReport,
} from '@app/contract';
import { ok, route, streamRoute, type RouteDef } from '../../platform/protocol/route.js';
import { openAnswer } from './answer-stream.js';
import type { ChatService } from './service.js';
import { textMaterialService as materials } from './text-materials.js';

/** Analyses a pasted text for POST /api/text/analyse without an id (provided by the viral tools). */
export type TextAnalyser = (
  userId: number,
  p: { text?: string; title?: string },
) => Promise<{ id: number; report: ViralReport }>;

export function chatRoutes(s: ChatService, analyse: TextAnalyser): RouteDef[] {
  return [
    route(listChatRecords, ({ user, params }) => s.records(user.id, params)),
    route(deleteChatRecord, async ({ user, params }) => {
      await s.remove(user.id, params.id);
      return ok(null, chatMessages.deleted);
    }),
    route(listChatMessages, ({ user, params }) => s.messages(user.id, params.cid)),
    route(sendChatMessage, ({ user, params }) => s.send(user.id, params), {
      missing: { content: chatMessages.contentRequired },
    }),
    streamRoute(chatAnswerStream, ({ user, params }) => openAnswer(s, user.id, params.cid, params.mid)),
    route(saveTextMaterial, async ({ user, params }) =>
      ok(await materials.save(s.db, user.id, params), chatMessages.materialSaved),
    ),
    route(deleteTextMaterial, async ({ user, params }) => {
      await materials.remove(s.db, user.id, params.id);
      return ok(null, chatMessages.deleted);
    }),
    route(listTextMaterials, ({ user, params }) => materials.list(s.db, user.id, params)),
    route(editTextMaterial, async ({ user, params }) => {
      // Without an id the pasted text is analysed (the viral tools' report), not edited.
      if (!params.id) return analyse(user.id, { text: params.text, title: params.name });
      await materials.edit(s.db, user.id, { ...params, id: params.id });
      return ok(null, chatMessages.materialSaved);
    }),
  ];
}
