import type { FastifyInstance } from 'fastify';
import { avatarMessages, parseChanjingCallback, type ChanjingVideoState } from '../../engines/avatar/index.js';
import type { AppContext } from '../../platform/context.js';
import { workLedger } from '../works/index.js';

/** Where 蝉镜 POSTs a finished video task; CHANJING_CALLBACK_URL is PUBLIC_URL plus this path. */
export const CHANJING_CALLBACK_PATH = '/api/callback/chanjing';

const reply = (code: 0 | 1, msg: string, data: unknown = null) => ({ code, msg, data });

/**
 * The 蝉镜 video callback. It is unsigned, so it is only a hint: the task must belong to a work in
 * progress here, and all it does is wake that work's poll, which then reads the task's detail from
 * 蝉镜 itself; the URL in the body is never used.
 */
export async function chanjingCallbackRoute(scope: FastifyInstance, ctx: AppContext): Promise<void> {
  scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
    try {
      done(null, JSON.parse(String(body)) as unknown);
    } catch {
      done(null, null);
    }
  });
  scope.post(CHANJING_CALLBACK_PATH, async (req) => {
    let state: ChanjingVideoState;
    try {
      state = parseChanjingCallback(req.body);
    } catch {
      return reply(1, avatarMessages.chanjingCallbackInvalid);
    }
    const work = await workLedger.findLiveByTask(ctx.database.db, 'chanjing', state.id);
    if (!work) return reply(1, avatarMessages.chanjingCallbackUnknown);
    const engine = ctx.engines.avatar.engines().find((e) => e.id === 'chanjing');
    const woken = engine?.wake?.(state.id) ?? false;
    ctx.log.info({ workId: work.id, task: state.id, state: state.state, woken }, '蝉镜 callback');
    return reply(0, 'ok', { id: work.id, woken });
  });
}
