import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.js';

/** Shipped images used when the operator has not set their own. */
const defaultAssets = { logo: 'logo.svg', banner: 'banner.svg' } as const;
export type DefaultAsset = keyof typeof defaultAssets;

/** Bumped whenever the shipped artwork changes, so an existing install publishes the new images beside the old. */
const ASSETS_EDITION = 2;
const storageKey = (asset: DefaultAsset) => `public/site/v${ASSETS_EDITION}/${defaultAssets[asset]}`;

/** apps/server/assets, found beside the migrations folder so it resolves the same from source and from the bundle. */
const assetsDir = (ctx: AppContext) => path.join(path.dirname(ctx.config.migrationsDir), 'assets');

/** Copies the shipped images into public storage once, so every storage driver serves them. */
export async function publishDefaultAssets(ctx: AppContext): Promise<void> {
  for (const asset of Object.keys(defaultAssets) as DefaultAsset[]) {
    if (await ctx.storage.head(storageKey(asset))) continue;
    await ctx.storage.put(storageKey(asset), await fs.readFile(path.join(assetsDir(ctx), defaultAssets[asset])));
  }
}

export const defaultAssetUrl = (ctx: AppContext, asset: DefaultAsset) => ctx.storage.publicUrl(storageKey(asset));
