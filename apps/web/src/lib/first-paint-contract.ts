/** The full endpoints behind first-paint-endpoints.ts, loaded after the first paint to check their replies. */
export {
  getCredits,
  getCreditsRule,
  getSiteSettings,
  getStorageSpace,
  getThemes,
  listPublicActors,
  logout,
  startGuest,
} from '@app/contract';
