export { createAvatarsModule, type AvatarsModuleOptions } from './module.js';
export { AVATAR_SOURCE, AVATAR_STATUS, avatarsRepo, type AvatarRow } from './repo.js';
export { preparedAvatarOf } from './prepare-job.js';
export { footageScreen, renderFootage, type RenderFootage } from './footage.js';
export { resendMissingJobs } from './resume.js';
export type { StudioUploads, UploadedFile } from './ports.js';
export { AvatarsService } from './service.js';
export { ownedAvatarsCount } from './owned-count.js';
export { liveAvatarAssets, ensureLiveAssets } from './live-assets.js';
