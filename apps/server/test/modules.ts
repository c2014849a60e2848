import { featureModules } from '../src/modules/index.js';
import type { FeatureModule } from '../src/modules/module.js';

/** The product's modules with some replaced by name (a module built with test fakes), order kept. */
export const productModulesWith = (...replacements: FeatureModule[]): FeatureModule[] =>
  featureModules.map((m) => replacements.find((r) => r.name === m.name) ?? m);
