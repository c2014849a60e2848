export {
  accountInfoKey,
  isGuest,
  refreshAccount,
  refreshBalance,
  useAccountInfo,
  useOpenRedeem,
  vipActive,
} from './account-info';
export { refreshStorage, setStorageSpace, storageSpaceKey, useStorageSpace } from './storage-space';
