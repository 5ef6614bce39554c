import { sql, type SQL } from 'drizzle-orm';
import type { DayRange } from './insights.sql';

/**
 * A range as the month rollups read it (decision 0021, "Month rollups"): the whole UTC months inside it,
 * `[monthFrom, monthTo)` by their first days, and the days of the partial months at either end. A range
 * with no whole month is all days.
 */
export interface MonthSplit {
  months: { from: string; to: string } | null;
  days: DayRange[];
}

const iso = (d: Date) => d.toISOString().slice(0, 10);
const parse = (day: string) => new Date(`${day}T00:00:00Z`);
const firstOfMonth = (d: Date, addMonths = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + addMonths, 1));
const dayBefore = (d: Date) => new Date(d.getTime() - 86_400_000);

export function splitByMonth(range: DayRange): MonthSplit {
  const from = parse(range.from);
  const to = parse(range.to);
  // The first month that starts on or after `from`; the first that starts after `to` ends a whole month.
  const monthFrom = from.getUTCDate() === 1 ? from : firstOfMonth(from, 1);
  const afterTo = new Date(to.getTime() + 86_400_000);
  const monthTo = afterTo.getUTCDate() === 1 ? afterTo : firstOfMonth(to);
  if (monthFrom >= monthTo) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (from < monthFrom) days.push({ from: range.from, to: iso(dayBefore(monthFrom)) });
  if (monthTo <= to) days.push({ from: iso(monthTo), to: range.to });
  return { months: { from: iso(monthFrom), to: iso(monthTo) }, days };
}

/** A month's index in the month arrays (migration 0023): year * 12 + month - 1, from its first day. */
export function monthIndex(firstDay: string): number {
  return Number(firstDay.slice(0, 4)) * 12 + Number(firstDay.slice(5, 7)) - 1;
}

/** The condition on a month table's `month` column. */
export function inMonths(split: MonthSplit): SQL {
  return split.months
    ? sql`(month >= ${split.months.from}::date and month < ${split.months.to}::date)`
    : sql`false`;
}

/** The condition on a day table's `day` column. */
export function inDays(split: MonthSplit): SQL {
  if (split.days.length === 0) return sql`false`;
  const each = split.days.map((d) => sql`day between ${d.from}::date and ${d.to}::date`);
  return sql`(${sql.join(each, sql` or `)})`;
}
