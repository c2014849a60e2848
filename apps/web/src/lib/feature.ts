import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';

/** Left navigation sections of spec 000 §2: 功能 / 视频 / 其他. */
export type NavSection = 'features' | 'video' | 'other';

/**
 * Canonical order of navigation entries (spec 000 §2). A feature's entry slots in by its key;
 * keys not listed here follow the listed ones within their section.
 */
export const NAV_ORDER = [
  'helper',
  'create',
  'profile',
  'clone',
  'multiples',
  'explosiveAnalysis',
  'employee',
  'cozeVideo',
  'works',
  'material',
  'consum',
  'use',
  'store',
] as const;

export interface NavEntry {
  key: (typeof NAV_ORDER)[number] | (string & {});
  label: string;
  icon: ReactNode;
  path: string;
  section: NavSection;
  /** 'helper-only': shown only on helper hostnames; 'not-helper': hidden on them (site settings helper_hosts). */
  hosts?: 'helper-only' | 'not-helper';
  /** Shown with a coming-soon badge; choosing it says so instead of opening a page. */
  comingSoon?: boolean;
}

export interface FeatureRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** 'shell' (default) wraps the page in the top bar and navigation; 'bare' shows it alone. */
  layout?: 'shell' | 'bare';
}

export interface FeatureDefinition {
  name: string;
  routes: FeatureRoute[];
  nav?: NavEntry[];
}

/**
 * Each feature exports `feature = defineFeature({...})` from `src/features/<name>/feature.tsx`;
 * the app picks every such file up, so adding a feature touches no shared file.
 */
export function defineFeature(definition: FeatureDefinition): FeatureDefinition {
  return definition;
}

export function sortNavEntries(entries: NavEntry[]): NavEntry[] {
  const rank = (key: string) => {
    const i = (NAV_ORDER as readonly string[]).indexOf(key);
    return i === -1 ? NAV_ORDER.length : i;
  };
  return [...entries].sort((a, b) => rank(a.key) - rank(b.key));
}

export function visibleNavEntries(entries: NavEntry[], onHelperHost: boolean): NavEntry[] {
  return sortNavEntries(entries).filter((e) =>
    e.hosts === 'helper-only' ? onHelperHost : e.hosts === 'not-helper' ? !onHelperHost : true,
  );
}
