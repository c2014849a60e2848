import type { SQL } from 'drizzle-orm';
import type { FeatureModule, JobsOf } from './module.js';
import { systemModule } from './system/index.js';
import { siteModule } from './site/index.js';
import { createBillingModule } from './billing/index.js';
import { storageQuotaModule } from './storage-quota/index.js';
import { accountNames, createAccountsModule } from './accounts/index.js';
import { createAvatarsModule, ownedAvatarsCount } from './avatars/index.js';
import { createTalkingVideoModule } from './talking-video/index.js';
import { createWorksModule, ownedWorksCount } from './works/index.js';
import { workSlots } from './producing/index.js';
import { createFilesModule, uploadedFiles } from './files/index.js';
import { createVoicesModule, ownedVoicesCount, studioVoices } from './voices/index.js';
import { createPhotoVideoModule } from './photo-video/index.js';
import { extractionModule, extractionResults } from './extraction/index.js';
import { createChatModule } from './chat/index.js';
import { aiMediaModule } from './ai-media/index.js';
import { createMultiSceneModule } from './multi-scene/index.js';
import { adminModule } from './admin/index.js';
import { analysePastedText, createViralModule } from './viral/index.js';
import { videoTranslationModule } from './video-translation/index.js';
import { createOpenApiModule } from './open-api/index.js';
import { createBatchModule } from './batch/index.js';
import { liveModule } from './live/index.js';

/** The gallery shows a waiting work's place in its engine's line. */
const workQueuePosition: SQL<number> = workSlots.queuePosition();

/** Pet videos and photo-speak; the studio's save call hands it submissions that name a picture. */
const photoVideo = createPhotoVideoModule({ uploads: uploadedFiles, voices: studioVoices });

/**
 * Every feature of the product, in registration order. The app serves the jobs these modules declare,
 * and `ctx.queue.send` accepts exactly those (see the declaration below): adding a module here adds
 * its jobs.
 */
export const featureModules = [
  systemModule,
  // Site first: its settings table and seed marks are what the others read at start.
  siteModule,
  // Redeem codes name who used them: the accounts module knows the names.
  createBillingModule({ usernames: accountNames }),
  storageQuotaModule,
  // The console's user detail counts what the account owns in the modules that read accounts.
  createAccountsModule({
    holdings: { works: ownedWorksCount, voices: ownedVoicesCount, avatars: ownedAvatarsCount },
  }),
  createAvatarsModule({ uploads: uploadedFiles }),
  createWorksModule({ queuePosition: workQueuePosition }),
  createTalkingVideoModule({ uploads: uploadedFiles, voices: studioVoices, photoWorks: photoVideo.works }),
  photoVideo,
  // Files count against the storage quota (site base + GB bought with credits).
  createFilesModule({ extraction: extractionResults }),
  createVoicesModule(),
  extractionModule,
  createChatModule({ analyseText: (ctx) => (userId, p) => analysePastedText(ctx, userId, p) }),
  aiMediaModule,
  createMultiSceneModule({ uploads: uploadedFiles, voices: studioVoices }),
  adminModule,
  createViralModule({ uploads: uploadedFiles, voices: studioVoices }),
  videoTranslationModule,
  // Developers' keys spend through the producers above, each reached through its index.
  createOpenApiModule({ uploads: uploadedFiles, voices: studioVoices, photoWorks: photoVideo.works }),
  // A spreadsheet of talking videos, each row submitted through the talking video's own save.
  createBatchModule({ uploads: uploadedFiles, voices: studioVoices }),
  // The live digital human's Q&A library.
  liveModule,
] as const satisfies readonly FeatureModule[];

declare module '../platform/queue/jobs.js' {
  /** The product's jobs: what its registered modules declare. */
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the map itself is the supertype
  interface RegisteredJobs extends JobsOf<typeof featureModules> {}
}
