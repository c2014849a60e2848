const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in the server's time zone: the one way every reply shows a moment. */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Midnight at the start of a 'YYYY-MM-DD' day in the server's time zone. */
export function startOfDay(ymd: string): Date {
  const [y = 0, m = 1, d = 1] = ymd.split('-').map(Number);
  return new Date(y, m - 1, d);
}

/** Midnight after a 'YYYY-MM-DD' day, so a date range includes its last day. */
export function endOfDay(ymd: string): Date {
  const start = startOfDay(ymd);
  return new Date(start.getFullYear(), start.getMonth(), start.getDate() + 1);
}

export const DAY_MS = 86_400_000;
export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);
