/**
 * Dates in the reader's locale. The formatters are made on first use, not when a module loads: the first
 * Intl formatter loads ICU data (tens of milliseconds on a phone), which public pages never need.
 */
let dateTime: Intl.DateTimeFormat | undefined;
let relative: Intl.RelativeTimeFormat | undefined;

/** 'Mar 4, 2026, 10:15 AM' in the reader's locale; an unreadable date is shown as sent. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTime.format(date);
}

const AGE_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/** '5 minutes ago', '3 days ago', 'just now': how long ago `iso` was. */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  for (const [unit, size] of AGE_UNITS) {
    if (Math.abs(seconds) < size) continue;
    relative ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}
