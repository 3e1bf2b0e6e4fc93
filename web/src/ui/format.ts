// How numbers and times read in the console: one place, so every view says them the same way.
const number = new Intl.NumberFormat('en');

export const count = (n: number | null | undefined): string => (n == null ? '—' : number.format(n));

export const percent = (part: number, whole: number): string => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '—');

/** A rate the service already computed (0..1 or 0..100, as the schema says). */
export const ratio = (r: number | null | undefined): string => (r == null ? '—' : `${(r * 100).toFixed(1)}%`);

export function dateTime(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString('en', { timeZone, dateStyle: 'medium', timeStyle: 'short' });
}

/** "3 min ago", "2 days ago": for lists where the exact time is in the title attribute. */
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  if (Math.abs(s) < 60) return rtf.format(-s, 'second');
  if (Math.abs(s) < 3600) return rtf.format(-Math.round(s / 60), 'minute');
  if (Math.abs(s) < 86400) return rtf.format(-Math.round(s / 3600), 'hour');
  return rtf.format(-Math.round(s / 86400), 'day');
}

/** Today as YYYY-MM-DD in `timeZone`: the workspace's calendar day (api.md: report dates are in the
 *  workspace timezone), whatever the browser's zone. en-CA formats dates that way. */
export function todayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
