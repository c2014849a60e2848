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
  'batch',
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
  /**
   * The tool it opens (its key in the site settings' `tool_states`): while that cannot work here the entry shows
   * 未开通, or is left out when the operator hides unavailable tools.
   */
  tool?: string;
}

export interface FeatureRoute {
  path: string;
  page: LazyExoticComponent<ComponentType>;
  /** 'shell' (default) wraps the page in the top bar and navigation; 'bare' shows it alone. */
  layout?: 'shell' | 'bare';
}

/** A screen of the operator console (/admin/…): its menu entry and its page, drawn in the console's own layout. */
export interface ConsoleScreen {
  path: `/admin${string}`;
  label: string;
  icon: ReactNode;
  page: LazyExoticComponent<ComponentType>;
  /** Shown to admins only (the server refuses operators too). */
  adminOnly?: boolean;
  /**
   * Its place in the console's menu, smaller first; screens without one follow in feature order. The
   * console's own screens count in tens (概览 10, 站点与品牌 40…), so a feature's screen slots in between.
   */
  rank?: number;
}

/** Groups of the tool launcher (/store), in the spec's order (spec 001 §2). */
export const TOOL_GROUPS = ['copy', 'aiMedia', 'extract', 'audio'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

/**
 * A tile a feature adds to the tool launcher; the operator switches it on by its key (site settings
 * `store_tools`, whose default the server module of the same key gives).
 */
export interface ToolTileDefinition {
  key: string;
  group: ToolGroup;
  name: string;
  desc: string;
  icon: ReactNode;
  /** Where the tile leads; null while this deployment has no page for it. */
  path: string | null;
  /** Its place within its group, smaller first; tiles without one follow in feature order. */
  rank?: number;
}

export interface FeatureDefinition {
  name: string;
  routes: FeatureRoute[];
  nav?: NavEntry[];
  /** Its screens in the operator console, in menu order after those of features listed before it. */
  console?: ConsoleScreen[];
  /** Its tiles in the tool launcher. */
  tools?: ToolTileDefinition[];
}

/**
 * Each feature exports `feature = defineFeature({...})` from `src/features/<name>/feature.tsx`;
 * the app picks every such file up, so adding a feature touches no shared file.
 */
export function defineFeature(definition: FeatureDefinition): FeatureDefinition {
  return definition;
}

/** Items by their `rank`, smaller first; those without one follow, each keeping the order it came in. */
export function byRank<T extends { rank?: number }>(items: readonly T[]): T[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (a.item.rank ?? Infinity) - (b.item.rank ?? Infinity) || a.i - b.i)
    .map(({ item }) => item);
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
