export { siteModule } from './module.js';
export { readSiteSettings, saveSiteSettings, type SiteSettingValues } from './settings.js';
export { seedOnce } from './seed-marks.js';
export { addDays, endOfDay, formatDateTime, startOfDay } from './date-time.js';
