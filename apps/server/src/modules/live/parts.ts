import type { AppContext } from '../../platform/context.js';
import { LiveAnswering } from './ask.js';
import { LiveConfigs } from './configs.js';
import { LiveQaService } from './service.js';
import { LiveSessions } from './sessions.js';

/** The live digital human's services of one app: shared by its calls, its widget files, its console and its sweep. */
export interface LiveParts {
  ctx: AppContext;
  qa: LiveQaService;
  configs: LiveConfigs;
  sessions: LiveSessions;
  answering: LiveAnswering;
}

const built = new WeakMap<AppContext, LiveParts>();

/** The parts of this app (one set per context: the answers being spoken are known to every call). */
export function livePartsOf(ctx: AppContext): LiveParts {
  let parts = built.get(ctx);
  if (!parts) {
    const qa = new LiveQaService(ctx.database.db);
    const sessions = new LiveSessions(ctx);
    parts = { ctx, qa, configs: new LiveConfigs(ctx), sessions, answering: new LiveAnswering(ctx, sessions, qa) };
    built.set(ctx, parts);
  }
  return parts;
}
