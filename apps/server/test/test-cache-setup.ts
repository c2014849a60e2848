import fs from 'node:fs';

/** Global set-up of the run: at its end, removes the folder the run's test apps shared (TEST_CACHE_DIR). */
export default function setup(): () => void {
  return () => {
    const dir = process.env.TEST_CACHE_DIR;
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
}
