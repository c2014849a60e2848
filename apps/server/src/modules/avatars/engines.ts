import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../platform/context.js';
import {
  avatarEnginesConfigFromEnv,
  createAvatarEngines,
  type AvatarEngineRegistry,
  type PublicUrlFn,
} from '../../engines/avatar/index.js';
import { createSpeechChannels, type SpeechChannels } from '../../engines/speech/index.js';

export interface StudioEngines {
  avatar: AvatarEngineRegistry;
  speech: SpeechChannels;
  /** Scratch space for renders and clones, under DATA_DIR. */
  scratchDir: string;
}

// One set of engines per built app (tests build several apps in one process).
const built = new WeakMap<AppContext, StudioEngines>();

/** Remote engines fetch our files by URL: a file outside storage is put there first, then signed. */
function publicUrlSigner(ctx: AppContext): PublicUrlFn {
  return async (file) => {
    const root = ctx.localStorage?.root;
    let key = root && file.startsWith(root + path.sep) ? path.relative(root, file).split(path.sep).join('/') : null;
    if (!key) {
      key = `engine-inputs/${createHash('sha256').update(file).digest('hex').slice(0, 24)}${path.extname(file)}`;
      await ctx.storage.putFile(key, file);
    }
    const url = ctx.storage.signedUrl(key, { expiresIn: 6 * 3600 });
    return url.startsWith('/') ? `${ctx.config.publicUrl}${url}` : url;
  };
}

export function studioEngines(ctx: AppContext): StudioEngines {
  const found = built.get(ctx);
  if (found) return found;
  const engines: StudioEngines = {
    avatar: createAvatarEngines(avatarEnginesConfigFromEnv(ctx.config, { publicUrl: publicUrlSigner(ctx) })),
    speech: createSpeechChannels(ctx.config, { dataDir: ctx.config.dataDir }),
    scratchDir: path.join(ctx.config.dataDir, 'scratch', 'studio'),
  };
  built.set(ctx, engines);
  return engines;
}

/** A fresh scratch folder for one step of one job. */
export async function scratchFor(ctx: AppContext, name: string): Promise<string> {
  const dir = path.join(studioEngines(ctx).scratchDir, name);
  await mkdir(dir, { recursive: true });
  return dir;
}
