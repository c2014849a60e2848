export { PublicVoices } from './PublicVoices';
