import { libraryConsoleMessages as m, type ConsoleLibraryItem, type LibraryKind } from '@app/contract';
import type { AppContext } from '../../platform/context.js';
import type { SessionUser } from '../../platform/auth/tokens.js';
import type { LibraryConsole } from '../../platform/db/library-table.js';
import { AppError } from '../../platform/errors.js';
import { fileUrl } from '../../platform/storage/file-url.js';
import type { FeatureModule } from '../module.js';
import { recordAudit } from './audit.js';
import { publishConsolePicture } from './console-picture.js';
import { keepersByKind } from './shared-screens.js';

/** The public library screen: each library is kept by the module that brings it; every change is audited. */
export function consoleLibrary(ctx: AppContext, modules: readonly FeatureModule[]) {
  const db = ctx.database.db;
  const libraryOf = keepersByKind<LibraryKind, LibraryConsole>(
    modules.map((mod) => mod.libraries),
    m.missing,
  ).of;
  return {
    async list(kind: LibraryKind): Promise<ConsoleLibraryItem[]> {
      return (await libraryOf(kind).list(db)).map((i) => ({
        id: i.id,
        name: i.name,
        cover: fileUrl(ctx, i.coverKey),
        hidden: i.hidden ? 1 : 0,
        sort: i.sort,
      }));
    },
    async save(
      actor: SessionUser,
      p: { kind: LibraryKind; id: number; name: string; hidden: number; sort: number; cover?: string },
    ) {
      const library = libraryOf(p.kind);
      if (p.cover && !library.hasCover) throw new AppError(m.noCover);
      // A new cover is copied into public storage first; a refused save leaves it unused.
      const coverKey = p.cover
        ? await publishConsolePicture(ctx, actor, p.cover, `public/library/${p.kind}/`)
        : undefined;
      await db.transaction(async (tx) => {
        const patch = { name: p.name.trim(), hidden: p.hidden === 1, sort: p.sort, coverKey };
        const before = await library.update(tx, p.id, patch);
        if (!before) throw new AppError(m.missing);
        await recordAudit(tx, actor, {
          action: 'library.update',
          target: `library:${p.kind}:${p.id}`,
          before: { name: before.name, hidden: before.hidden ? 1 : 0, sort: before.sort, cover: before.coverKey },
          after: { name: patch.name, hidden: p.hidden, sort: p.sort, cover: coverKey ?? before.coverKey },
        });
      });
    },
  };
}
