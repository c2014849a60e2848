import type { FeatureModule } from './module.js';
import { systemModule } from './system/index.js';
import { siteModule } from './site/index.js';
import { creditsModule } from './credits/index.js';
import { accountsModule } from './accounts/index.js';
import { createAvatarsModule } from './avatars/module.js';
import { createWorksModule } from './works/module.js';
import { fileUploads, ledgerCredits, storedVoices } from './works/bindings.js';
import { createFilesModule } from './files/index.js';
import { createVoicesModule } from './voices/module.js';

/** Every feature of the product, in registration order. */
export const featureModules: FeatureModule[] = [
  systemModule,
  // Site first: its settings table and seed marks are what the others read at start.
  siteModule,
  creditsModule,
  accountsModule,
  createAvatarsModule({ uploads: fileUploads }),
  createWorksModule({ credits: ledgerCredits, uploads: fileUploads, voices: storedVoices }),
  // Files count against the storage quota the credits feature keeps (site base + bought GB).
  createFilesModule(),
  createVoicesModule(),
];
