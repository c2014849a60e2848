import type { FeatureDefinition, NavEntry } from '../lib/feature';

// Every feature registers itself through its feature.tsx; nothing here names a feature.
const modules = import.meta.glob<{ feature: FeatureDefinition }>('../features/*/feature.tsx', { eager: true });

export const features: FeatureDefinition[] = Object.values(modules).map((m) => m.feature);

export const navEntries: NavEntry[] = features.flatMap((f) => f.nav ?? []);
