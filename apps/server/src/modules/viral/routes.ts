import {
  analysisIp,
  analysisVideo,
  cozeDraft,
  deleteCopyTrace,
  deleteCozeRun,
  deleteViralProject,
  generateScript,
  listCopyTrace,
  listCozeRuns,
  listViralProjects,
  mimicScript,
  proposeTopics,
  readTikTokProfile,
  submitCozeRun,
  viralMessages as m,
} from '@app/contract';
import { ok, route, type RouteDef } from '../../platform/protocol/route.js';
import { readProfile } from './profile.js';
import type { ViralService } from './service.js';

export function viralRoutes(s: ViralService): RouteDef[] {
  return [
    route(
      analysisVideo,
      async ({ user, params }) => ok(await s.analyseVideo(user.id, params.link), m.analyseSubmitted),
      {
        missing: { link: m.linkRequired },
      },
    ),
    route(listViralProjects, ({ user, params }) => s.projects(user.id, params)),
    route(deleteViralProject, async ({ user, params }) => {
      await s.removeProject(user.id, params.id);
      return ok(null, m.deleted);
    }),
    route(mimicScript, async ({ user, params }) => ok(await s.mimic(user.id, params), m.generated), {
      missing: { topic: m.topicRequired },
    }),
    route(analysisIp, ({ user, params }) => s.analyseIp(user.id, params)),
    route(proposeTopics, ({ user, params }) => s.topics(user.id, params), { missing: { text: m.profileRequired } }),
    route(generateScript, async ({ user, params }) => ok(await s.copy(user.id, params), m.generated)),
    route(listCopyTrace, ({ user, params }) => s.traces(user.id, params)),
    route(deleteCopyTrace, async ({ user, params }) => {
      await s.removeTrace(user.id, params.id);
      return ok(null, m.deleted);
    }),
    route(readTikTokProfile, ({ params }) => readProfile(s.ctx, params.link), { missing: { link: m.profileRequired } }),
    route(cozeDraft, async ({ user, params }) => ok(await s.draft(user.id, params), m.generated), {
      missing: { topic: m.topicRequired },
    }),
    route(listCozeRuns, ({ user, params }) => s.runs(user.id, params)),
    route(submitCozeRun, async ({ user, params }) => ok(await s.submitRun(user.id, params), m.submitted)),
    route(deleteCozeRun, async ({ user, params }) => {
      await s.removeRun(user.id, params.id);
      return ok(null, m.deleted);
    }),
  ];
}
