import type { FeatureModule } from './module.js';
import { registerSystemJobs } from './system/jobs.js';
import { siteModule } from './site/module.js';
import { creditsModule } from './credits/module.js';
import { accountsModule } from './accounts/module.js';
import { createAvatarsModule } from './avatars/index.js';
import { createWorksModule } from './works/index.js';
import { uploadedFiles } from './files/index.js';
import { createFilesModule } from './files/module.js';
import { chargeStorage, releaseStorage } from './credits/storage-quota.js';
import { createVoicesModule, studioVoices } from './voices/index.js';

/** Every feature of the product, in registration order. */
export const featureModules: FeatureModule[] = [
  { name: 'system', jobs: registerSystemJobs },
  // Site first: its settings table and seed marks are what the others read at start.
  siteModule,
  creditsModule,
  accountsModule,
  createAvatarsModule({ uploads: uploadedFiles }),
  createWorksModule({ uploads: uploadedFiles, voices: studioVoices }),
  // Files count against the storage quota the credits feature keeps (site base + bought GB).
  createFilesModule({ quota: { charge: chargeStorage, release: releaseStorage } }),
  createVoicesModule(),
];
