import { describe, expect, it } from 'vitest';
import { splitByMonth } from './month-split';

/** Every day of a range, once, whether read from a month row or a day row. */
function coveredDays(from: string, to: string): string[] {
  const split = splitByMonth({ from, to });
  const days: string[] = [];
  const each = (a: string, b: string, step: (d: Date) => void) => {
    for (
      let d = new Date(`${a}T00:00:00Z`);
      d <= new Date(`${b}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + 1)
    )
      step(d);
  };
  for (const r of split.days) each(r.from, r.to, (d) => days.push(d.toISOString().slice(0, 10)));
  if (split.months) {
    const end = new Date(`${split.months.to}T00:00:00Z`);
    end.setUTCDate(0); // the last day of the month before `to`
    each(split.months.from, end.toISOString().slice(0, 10), (d) => days.push(d.toISOString().slice(0, 10)));
  }
  return days.sort();
}

describe('splitByMonth', () => {
  it('reads whole months from the month rows and the partial months day by day', () => {
    expect(splitByMonth({ from: '2025-10-01', to: '2026-09-30' })).toEqual({
      months: { from: '2025-10-01', to: '2026-10-01' },
      days: [],
    });
    expect(splitByMonth({ from: '2025-11-27', to: '2026-11-26' })).toEqual({
      months: { from: '2025-12-01', to: '2026-11-01' },
      days: [
        { from: '2025-11-27', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-26' },
      ],
    });
    // Leap February ends a whole month on the 29th.
    expect(splitByMonth({ from: '2028-02-01', to: '2028-02-29' }).months).toEqual({
      from: '2028-02-01',
      to: '2028-03-01',
    });
  });

  it('leaves a range without a whole month to the day rows', () => {
    expect(splitByMonth({ from: '2026-03-10', to: '2026-03-16' })).toEqual({
      months: null,
      days: [{ from: '2026-03-10', to: '2026-03-16' }],
    });
    expect(splitByMonth({ from: '2026-01-15', to: '2026-02-27' }).months).toBeNull();
    expect(splitByMonth({ from: '2026-02-28', to: '2026-02-28' }).months).toBeNull();
  });

  it('covers every day of any range exactly once', () => {
    for (const [from, to] of [
      ['2026-01-31', '2026-03-01'],
      ['2024-12-31', '2026-12-31'],
      ['2026-02-01', '2026-02-28'],
      ['2026-05-02', '2026-07-30'],
    ] as const) {
      const days = coveredDays(from, to);
      const expected: string[] = [];
      for (
        let d = new Date(`${from}T00:00:00Z`);
        d <= new Date(`${to}T00:00:00Z`);
        d.setUTCDate(d.getUTCDate() + 1)
      )
        expected.push(d.toISOString().slice(0, 10));
      expect(days, `${from}..${to}`).toEqual(expected);
    }
  });
});
