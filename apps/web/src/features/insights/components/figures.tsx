import type { InsightsSummary } from '@bulkwise/contracts';
import { change, formatMoney, formatPercent } from '../format';

interface Figure {
  label: string;
  now: number | null;
  before: number | null;
  show: (v: number) => string;
  note?: string;
}

const cancelRate = (p: InsightsSummary['previous']) => {
  const all = p.orders + p.cancelledByBuyer + p.cancelledBySupplier;
  return all === 0 ? null : (p.cancelledByBuyer + p.cancelledBySupplier) / all;
};

/** The period's headline figures, each with its value in the previous period. */
const figuresOf = (s: InsightsSummary): Figure[] => [
  { label: 'Revenue', now: s.revenue, before: s.previous.revenue, show: (v) => formatMoney(v) },
  { label: 'Orders', now: s.orders, before: s.previous.orders, show: String },
  { label: 'Units', now: s.units, before: s.previous.units, show: String },
  {
    label: 'Average order value',
    now: s.averageOrderValue,
    before: s.previous.averageOrderValue,
    show: (v) => formatMoney(v),
  },
  { label: 'Buyers', now: s.buyers, before: s.previous.buyers, show: String },
  {
    label: 'Cancellation rate',
    now: cancelRate(s),
    before: cancelRate(s.previous),
    show: formatPercent,
    note: `${s.cancelledByBuyer} by buyers, ${s.cancelledBySupplier} by you`,
  },
  {
    label: 'Median time to ship',
    now: s.medianHoursToShip,
    before: s.previous.medianHoursToShip,
    show: (v) => `${v} h`,
  },
  {
    label: 'Shipped within 2 days',
    now: s.shippedWithin2Days,
    before: s.previous.shippedWithin2Days,
    show: formatPercent,
  },
];

export function Figures({ summary }: { summary: InsightsSummary }) {
  return (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {figuresOf(summary).map((f) => {
        const delta = change(f.now, f.before);
        return (
          <div key={f.label} className="rounded-box border border-base-300 bg-base-100 p-4">
            <dt className="text-sm text-base-content/75">{f.label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{f.now === null ? '—' : f.show(f.now)}</dd>
            <dd className="text-sm text-base-content/75">
              {delta === null
                ? 'No previous figure'
                : `${delta >= 0 ? '+' : ''}${formatPercent(delta)} vs previous period`}
            </dd>
            {f.note && <dd className="text-xs text-base-content/75">{f.note}</dd>}
          </div>
        );
      })}
    </dl>
  );
}
