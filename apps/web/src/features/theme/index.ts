export { ThemedConfig } from './components/ThemedConfig';
export { ThemeSwitch } from './components/ThemeSwitch';
