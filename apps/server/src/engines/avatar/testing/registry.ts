import { avatarEnginesConfigFromEnv, avatarEnvSchema } from '../env.js';
import { createAvatarEngines, type AvatarEngineRegistry } from '../index.js';

/** A registry built the way the platform will build it: raw env strings, validated, plus a URL signer. */
export function avatarEngineRegistryFor(raw: Record<string, string>): AvatarEngineRegistry {
  return createAvatarEngines(avatarEnginesConfigFromEnv(avatarEnvSchema.parse(raw), { publicUrl: () => Promise.resolve('https://files.example/x') }));
}
