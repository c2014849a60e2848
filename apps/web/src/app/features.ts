import {
  byRank,
  type ConsoleScreen,
  type FeatureDefinition,
  type NavEntry,
  type ToolTileDefinition,
} from '../lib/feature';

// Every feature registers itself through its feature.tsx; nothing here names a feature.
const modules = import.meta.glob<{ feature: FeatureDefinition }>('../features/*/feature.tsx', { eager: true });

export const features: FeatureDefinition[] = Object.values(modules).map((m) => m.feature);

export const navEntries: NavEntry[] = features.flatMap((f) => f.nav ?? []);

/** The operator console's screens every feature brings, in menu order (by rank, then feature order). */
export const consoleScreens: ConsoleScreen[] = byRank(features.flatMap((f) => f.console ?? []));

/** The launcher tiles every feature brings, by rank (within a group), then feature order. */
export const featureTiles: ToolTileDefinition[] = byRank(features.flatMap((f) => f.tools ?? []));
