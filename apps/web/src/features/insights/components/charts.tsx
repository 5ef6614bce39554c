import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMoney } from '../format';

// Colours are the theme's own variables, so both themes read well without a second palette.
const AXIS = { stroke: 'var(--color-base-content)', fontSize: 12 };
const TOOLTIP = {
  contentStyle: {
    background: 'var(--color-base-100)',
    color: 'var(--color-base-content)',
    border: '1px solid var(--color-base-300)',
  },
  itemStyle: { color: 'var(--color-base-content)' },
};

export interface Column<T> {
  label: string;
  value: (row: T) => ReactNode;
  numeric?: boolean;
}

/** A card's fixed parts, whatever the period: title, table columns, row key, text when there are no rows. */
export interface ChartTable<T> {
  title: string;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty: string;
}

/**
 * A chart and the same numbers as a table. The chart is for the eye and the mouse (hover shows exact
 * values); keyboard and screen-reader users get the table, so the chart is hidden from them and takes
 * no focus (recharts' own keyboard layer is off).
 */
export function ChartCard<T>(props: ChartTable<T> & { rows: T[]; children: ReactNode }) {
  const { title, rows, columns, rowKey, empty, children } = props;
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-label={title}>
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 className="card-title text-lg">{title}</h2>
        {rows.length === 0 ? (
          <p className="text-base-content/70">{empty}</p>
        ) : (
          <>
            <div className="h-64 w-full" aria-hidden="true">
              {children}
            </div>
            <details>
              <summary className="cursor-pointer font-medium">{title}: table</summary>
              <div className="mt-2 overflow-x-auto">
                <table className="table table-sm">
                  <caption className="sr-only">{title}</caption>
                  <thead>
                    <tr>
                      {columns.map((c) => (
                        <th key={c.label} scope="col" className={c.numeric ? 'text-right' : ''}>
                          {c.label}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={rowKey(row)}>
                        {columns.map((c) => (
                          <td key={c.label} className={c.numeric ? 'text-right tabular-nums' : ''}>
                            {c.value(row)}
                          </td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </details>
          </>
        )}
      </div>
    </section>
  );
}

/** Revenue (bars) and orders (line) per interval; hovering shows both exactly. */
export function RevenueOrdersChart({
  data,
}: {
  data: Array<{ start: string; revenue: number; orders: number }>;
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-base-300)" />
        <XAxis dataKey="start" tick={AXIS} />
        <YAxis yAxisId="revenue" tick={AXIS} tickFormatter={(v: number) => formatMoney(v, 0)} width={72} />
        <YAxis yAxisId="orders" orientation="right" tick={AXIS} allowDecimals={false} width={40} />
        <Tooltip
          {...TOOLTIP}
          formatter={(value, name) => (name === 'Revenue' ? formatMoney(Number(value)) : String(value))}
        />
        <Bar yAxisId="revenue" dataKey="revenue" name="Revenue" fill="var(--color-primary)" />
        <Line
          yAxisId="orders"
          dataKey="orders"
          name="Orders"
          stroke="var(--color-secondary)"
          strokeWidth={2}
          dot={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

/** Horizontal bars of one value per label (top products, categories, buyers, statuses). */
export function BarsChart(props: {
  data: Array<{ label: string; value: number }>;
  money?: boolean;
  name: string;
}) {
  const format = (v: number) => (props.money ? formatMoney(v) : String(v));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={props.data}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-base-300)" />
        <XAxis
          type="number"
          tick={AXIS}
          tickFormatter={(v: number) => (props.money ? formatMoney(v, 0) : String(v))}
        />
        <YAxis type="category" dataKey="label" tick={AXIS} width={120} />
        <Tooltip {...TOOLTIP} formatter={(value) => format(Number(value))} />
        <Bar dataKey="value" name={props.name} fill="var(--color-primary)" />
      </BarChart>
    </ResponsiveContainer>
  );
}
