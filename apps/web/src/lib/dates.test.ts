import { describe, expect, it } from 'vitest';
import { formatAge, formatDateTime } from './dates';

describe('dates as the orders and cart show them', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it.each([
    ['2026-03-10T11:59:30.000Z', 'just now'],
    ['2026-03-10T11:55:00.000Z', '5 minutes ago'],
    ['2026-03-10T09:00:00.000Z', '3 hours ago'],
    ['2026-03-09T12:00:00.000Z', 'yesterday'],
    ['2026-03-07T12:00:00.000Z', '3 days ago'],
    ['not a date', ''],
  ])('%s reads "%s" at noon on March 10', (iso, text) => {
    expect(formatAge(iso, now)).toBe(text);
  });

  it('an unreadable date is shown as sent; a readable one in the reader’s locale', () => {
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatDateTime('2026-03-05T09:00:00.000Z')).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-03-05T09:00:00.000Z'),
      ),
    );
  });
});
