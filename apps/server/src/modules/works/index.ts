export { worksModule } from './module.js';
export { worksGallery } from './gallery.js';
export { workLedger, type WorkLedger, type OpenWork, type WorkFacts, type WorkProgress } from './ledger.js';
export { WORK_STATUS, WORK_STATUS_NAMES } from './labels.js';
export { workFileKeys } from './present.js';
export type { WorkRow } from './repo.js';
export { sceneSlots, workSlots } from './slots.js';
export {
  checkSpokenDrive,
  creditsFor,
  spokenWorkHold,
  type DriveUploads,
  type SpokenDrive,
  keepParams,
  resultFacts,
  speechStep,
  spokenParamsShape,
  storedStepFile,
  workEndings,
  workPrefix,
  workSlot,
  type ProducedWork,
  type WorkSteps,
} from './spoken-work.js';
export { ownedWorksCount } from './owned-count.js';
export { workStats } from './stats.js';
export { workHold } from './hold.js';
