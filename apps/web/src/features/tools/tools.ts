/** A tile leads somewhere only when the operator switched it on and this build has its page. */
export const isToolAvailable = (tile: { key: string; path: string | null }, switchedOn: readonly string[]) =>
  !!tile.path && switchedOn.includes(tile.key);
