// Opens the embedded database lock of a data folder as the server does, reports it, and holds it until killed.
import { DataDirLockedError, lockDataDir } from '../src/platform/db/lock.js';

// Usage: lock-holder.ts <data dir> [stale ms]
const [dir, stale] = process.argv.slice(2);
if (!dir) throw new Error('the data folder is required');
const staleMs = stale ? Number(stale) : undefined;

lockDataDir(dir, { staleMs }).then(
  () => {
    process.stdout.write(`LOCKED ${process.pid}\n`);
    setInterval(() => undefined, 60_000);
  },
  (e: unknown) => {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    console.error(e);
    process.exit(2);
  },
);
