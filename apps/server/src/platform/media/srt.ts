/** SubRip subtitles of a transcript or its translation. */

export interface SubtitleLine {
  start: number;
  end: number;
  text: string;
}

/** 3723.5 -> "01:02:03,500" */
export function srtTime(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)},${pad(ms % 1000, 3)}`;
}

/** Numbered cues from 1, blank lines inside a cue's text collapsed (a blank line ends a cue). */
export function toSrt(lines: SubtitleLine[]): string {
  return lines
    .filter((l) => l.text.trim() && l.end > l.start)
    .map(
      (l, i) =>
        `${i + 1}\n${srtTime(l.start)} --> ${srtTime(l.end)}\n${l.text.trim().replace(/\s*\n\s*\n\s*/g, '\n')}\n`,
    )
    .join('\n');
}

/** Reads cues back (tests, and a stored file checked before burning it in). */
export function parseSrt(srt: string): SubtitleLine[] {
  const t = (s: string) => {
    const [hms, ms] = s.trim().split(',');
    const [h, m, sec] = (hms ?? '').split(':').map(Number);
    return (h ?? 0) * 3600 + (m ?? 0) * 60 + (sec ?? 0) + Number(ms ?? 0) / 1000;
  };
  return srt
    .replace(/\r/g, '')
    .split(/\n\n+/)
    .map((block) => block.trim().split('\n'))
    .filter((l) => l.length >= 3 && l[1]?.includes('-->'))
    .map((l) => {
      const [a, b] = l[1]!.split('-->');
      return { start: t(a ?? ''), end: t(b ?? ''), text: l.slice(2).join('\n') };
    });
}
