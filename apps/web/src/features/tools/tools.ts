import type { StoreToolKey } from '@app/contract';

export type ToolGroup = 'copy' | 'aiMedia' | 'extract' | 'audio';

export interface ToolTile {
  key: StoreToolKey;
  group: ToolGroup;
  /** Where the tile leads; null while this deployment has no page for it. */
  path: string | null;
}

/** The launcher's tiles in the spec's groups (spec 001 §2); only tools built here have a page. */
export const TOOL_TILES: ToolTile[] = [
  { key: 'copywrite', group: 'copy', path: '/copywrite/index' },
  { key: 'copyTrace', group: 'copy', path: '/store/copywrite/trace' },
  { key: 'aiChat', group: 'copy', path: '/store/aiChat' },
  { key: 'wsImage', group: 'aiMedia', path: '/store/wsImage' },
  { key: 'wsVideo', group: 'aiMedia', path: '/store/wsVideo' },
  { key: 'tsVideo', group: 'aiMedia', path: '/store/tsVideo' },
  { key: 'imageSpeak', group: 'aiMedia', path: '/store/imageSpeak' },
  { key: 'extraction', group: 'extract', path: '/store/extraction' },
  { key: 'audioExtraction', group: 'extract', path: '/store/audioExtraction' },
  { key: 'sea', group: 'audio', path: '/store/sea' },
  { key: 'music', group: 'audio', path: null },
];

export const TOOL_GROUPS: ToolGroup[] = ['copy', 'aiMedia', 'extract', 'audio'];

/** A tile leads somewhere only when the operator switched it on and this build has its page. */
export const isToolAvailable = (tile: ToolTile, switchedOn: readonly string[]) =>
  !!tile.path && switchedOn.includes(tile.key);
