export { siteModule } from './module.js';
export { readSiteSettings, saveSiteSettings, type SiteSettingValues } from './settings.js';
export { seedOnce } from './seed-marks.js';
