import { AppError } from '../../platform/errors.js';

/**
 * The keepers the modules bring for one shared screen, by kind, and a look-up that refuses a kind no
 * registered module keeps with the screen's own message. A kind brought twice stops the start.
 */
export function keepersByKind<K extends string, V>(brought: (Partial<Record<K, V>> | undefined)[], missing: string) {
  const keepers = new Map<K, V>();
  for (const record of brought)
    for (const [kind, keeper] of Object.entries(record ?? {}) as [K, V][]) {
      if (keepers.has(kind)) throw new Error(`console kind "${kind}" is brought twice`);
      keepers.set(kind, keeper);
    }
  return {
    find: (kind: K): V | undefined => keepers.get(kind),
    of(kind: K): V {
      const keeper = keepers.get(kind);
      if (!keeper) throw new AppError(missing);
      return keeper;
    },
  };
}
