import { ffmpeg, runToolStderr } from '../../platform/media/ffmpeg.js';

/** Long side of the small cover used in lists. */
export const SMALL_COVER_LONG_SIDE = 240;

/** Index of the first frame in the opening seconds that is not (nearly) black, else 0. */
export async function firstGoodFrame(video: string, scanSeconds = 5): Promise<number> {
  const report = await runToolStderr('ffmpeg', [
    '-hide_banner', '-nostdin', '-t', String(scanSeconds), '-i', video,
    '-vf', 'blackframe=amount=98:threshold=32', '-an', '-f', 'null', '-',
  ]);
  const black = new Set<number>();
  for (const m of report.matchAll(/blackframe.*?frame:(\d+)/g)) black.add(Number(m[1]));
  let n = 0;
  while (black.has(n)) n++;
  // All scanned frames black: keep the first one rather than fail the whole clone.
  return n >= scanSeconds * 25 ? 0 : n;
}

/** Writes the full-size cover JPEG and a small one (long side 240 px) from the same frame. */
export async function writeCovers(video: string, cover: string, coverSmall: string, signal?: AbortSignal): Promise<void> {
  const frame = await firstGoodFrame(video);
  const pick = `select=eq(n\\,${frame})`;
  const small = `scale='if(gte(iw,ih),${SMALL_COVER_LONG_SIDE},-2)':'if(gte(iw,ih),-2,${SMALL_COVER_LONG_SIDE})'`;
  await ffmpeg(
    [
      '-i', video,
      '-filter_complex', `[0:v]${pick},split=2[a][b];[b]${small}[s]`,
      '-map', '[a]', '-frames:v', '1', '-q:v', '2', cover,
      '-map', '[s]', '-frames:v', '1', '-q:v', '3', coverSmall,
    ],
    { signal },
  );
}
