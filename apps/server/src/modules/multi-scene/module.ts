import type { AppContext } from '../../platform/context.js';
import { resendMissingJobs } from '../avatars/index.js';
import { handlersOf, type FeatureModule } from '../module.js';
import { workLedger } from '../works/index.js';
import { joinWork } from './join-job.js';
import { multiSceneJobs } from './jobs.js';
import { MULTI_KIND, SCENE_STATUS } from './labels.js';
import { scenesRepo } from './repo.js';
import { multiSceneRoutes } from './routes.js';
import { renderScene } from './scene-job.js';
import { MultiSceneService, type MultiSceneDeps } from './service.js';

/** After a restart: unfinished scenes get their job again, and works whose scenes all landed get their join. */
async function resume(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const workIds = await workLedger.unfinishedIds(db, MULTI_KIND);
  const pending = await scenesRepo.unfinishedOf(db, workIds);
  await resendMissingJobs(
    ctx,
    'multi.scene',
    'sceneId',
    pending.map((s) => s.id),
    (sceneId) => ctx.queue.send('multi.scene', { sceneId }),
  );
  const waiting = new Set(pending.filter((s) => s.status !== SCENE_STATUS.failed).map((s) => s.workId));
  await resendMissingJobs(
    ctx,
    'multi.join',
    'workId',
    workIds.filter((id) => !waiting.has(id)),
    (workId) => ctx.queue.send('multi.join', { workId }),
  );
}

/** Multi-scene works: the composer's submission, one job per scene (fan-out) and the join (fan-in). */
export function createMultiSceneModule(deps: MultiSceneDeps): FeatureModule<typeof multiSceneJobs> {
  return {
    name: 'multi-scene',
    migrations: 'src/modules/multi-scene/migrations',
    routes: (ctx) => multiSceneRoutes(new MultiSceneService(ctx, deps)),
    jobs: handlersOf(multiSceneJobs, (ctx) => ({
      'multi.scene': ({ sceneId }, job) => renderScene(ctx, deps, sceneId, job),
      'multi.join': ({ workId }, job) => joinWork(ctx, workId, job),
    })),
    seed: resume,
  };
}
