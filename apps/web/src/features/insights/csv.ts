import type { InsightsPoint, InsightsSummary } from '@bulkwise/contracts';

const FIGURES: Array<[string, (s: InsightsSummary['previous']) => number | null]> = [
  ['Revenue (USD)', (s) => s.revenue],
  ['Orders', (s) => s.orders],
  ['Units', (s) => s.units],
  ['Average order value (USD)', (s) => s.averageOrderValue],
  ['Buyers', (s) => s.buyers],
  ['Cancelled by buyer', (s) => s.cancelledByBuyer],
  ['Cancelled by supplier', (s) => s.cancelledBySupplier],
  ['Median hours to ship', (s) => s.medianHoursToShip],
  ['Shipped within 2 days (share)', (s) => s.shippedWithin2Days],
  ['Orders now placed', (s) => s.byStatus.placed],
  ['Orders now confirmed', (s) => s.byStatus.confirmed],
  ['Orders now shipped', (s) => s.byStatus.shipped],
  ['Orders now delivered', (s) => s.byStatus.delivered],
  ['Orders now cancelled', (s) => s.byStatus.cancelled],
];

/** The period's figures, then its series, as CSV (only numbers and dates: nothing a sheet would run). */
export function periodCsv(summary: InsightsSummary, series: InsightsPoint[]): string {
  const cell = (v: number | string | null) => (v === null ? '' : String(v));
  const lines = [
    ['Figure', `${summary.from} to ${summary.to}`, `${summary.previous.from} to ${summary.previous.to}`],
    ...FIGURES.map(([label, get]) => [label, cell(get(summary)), cell(get(summary.previous))]),
    [],
    ['Interval start', 'Revenue (USD)', 'Orders', 'Units'],
    ...series.map((p) => [p.start, String(p.revenue), String(p.orders), String(p.units)]),
  ];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
