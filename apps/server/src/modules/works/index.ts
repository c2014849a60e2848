export { createWorksModule, type WorksDeps } from './module.js';
export { worksGallery } from './gallery.js';
export { workLedger, type WorkLedger, type OpenWork, type WorkFacts, type WorkProgress } from './ledger.js';
export { WORK_STATUS, WORK_STATUS_NAMES } from './labels.js';
export { captionsKeyOf, workFileKeys } from './present.js';
export type { WorkRow } from './repo.js';
export { ownedWorksCount } from './owned-count.js';
export { workHold } from './hold.js';
