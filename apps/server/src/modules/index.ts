import type { FeatureModule } from './module.js';
import { systemModule } from './system/index.js';
import { siteModule } from './site/index.js';
import { creditsModule } from './credits/index.js';
import { accountsModule } from './accounts/index.js';
import { createAvatarsModule } from './avatars/index.js';
import { createTalkingVideoModule } from './talking-video/index.js';
import { worksModule } from './works/index.js';
import { createFilesModule, uploadedFiles } from './files/index.js';
import { createVoicesModule, studioVoices } from './voices/index.js';
import { createPhotoVideoModule } from './photo-video/index.js';
import { extractionModule, extractionResults } from './extraction/index.js';
import { createChatModule } from './chat/index.js';
import { aiMediaModule } from './ai-media/index.js';
import { createMultiSceneModule } from './multi-scene/index.js';
import { adminModule } from './admin/index.js';
import { analysePastedText, createViralModule } from './viral/index.js';
import { videoTranslationModule } from './video-translation/index.js';

/** Pet videos and photo-speak; the studio's save call hands it submissions that name a picture. */
const photoVideo = createPhotoVideoModule({ uploads: uploadedFiles, voices: studioVoices });

/** Every feature of the product, in registration order. */
export const featureModules: FeatureModule[] = [
  systemModule,
  // Site first: its settings table and seed marks are what the others read at start.
  siteModule,
  creditsModule,
  accountsModule,
  createAvatarsModule({ uploads: uploadedFiles }),
  worksModule,
  createTalkingVideoModule({ uploads: uploadedFiles, voices: studioVoices, photoWorks: photoVideo.works }),
  photoVideo,
  // Files count against the storage quota the credits feature keeps (site base + bought GB).
  createFilesModule({ extraction: extractionResults }),
  createVoicesModule(),
  extractionModule,
  createChatModule({ analyseText: (ctx) => (userId, p) => analysePastedText(ctx, userId, p) }),
  aiMediaModule,
  createMultiSceneModule({ uploads: uploadedFiles, voices: studioVoices }),
  adminModule,
  createViralModule({ uploads: uploadedFiles, voices: studioVoices }),
  videoTranslationModule,
];
