export { EngineSettingsStore, maskSecret, settingsCipher, type SettingWrite } from './store.js';
