import type { InsightsInventoryItem } from '@bulkwise/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

type SortKey = 'name' | 'stock' | 'lowStockThreshold' | 'minimumOrder' | 'daysOfCover';
const COLUMNS: Array<{ key: SortKey; label: string; numeric: boolean }> = [
  { key: 'name', label: 'Product', numeric: false },
  { key: 'stock', label: 'In stock', numeric: true },
  { key: 'lowStockThreshold', label: 'Low-stock threshold', numeric: true },
  { key: 'minimumOrder', label: 'Minimum order', numeric: true },
  { key: 'daysOfCover', label: 'Days of cover', numeric: true },
];

function compare(a: InsightsInventoryItem, b: InsightsInventoryItem, key: SortKey): number {
  if (key === 'name') return a.name.localeCompare(b.name);
  // No sales in the period: no cover figure, sorted after every number.
  const x = a[key] ?? Number.POSITIVE_INFINITY;
  const y = b[key] ?? Number.POSITIVE_INFINITY;
  return x - y;
}

/** Products running out, sortable by each column, each linking to its update page. */
export function InventoryTable({ items }: { items: InsightsInventoryItem[] }) {
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({
    key: 'daysOfCover',
    ascending: true,
  });
  const sorted = [...items].sort((a, b) => (sort.ascending ? 1 : -1) * compare(a, b, sort.key));
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">Products running out</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={c.numeric ? 'text-right' : ''}
                aria-sort={sort.key === c.key ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
              >
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  onClick={() =>
                    setSort((s) => ({ key: c.key, ascending: s.key === c.key ? !s.ascending : true }))
                  }
                >
                  {c.label}
                  {sort.key === c.key && <span aria-hidden="true">{sort.ascending ? ' ▲' : ' ▼'}</span>}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((item) => (
            <tr key={item.productId}>
              <td>
                <Link className="link font-medium" to={paths.updateProduct.getHref(item.productId)}>
                  {item.name}
                </Link>
                {item.cannotBeBought && (
                  <span className="badge badge-sm badge-error ml-2">Cannot be bought</span>
                )}
              </td>
              <td className="text-right tabular-nums">{item.stock}</td>
              <td className="text-right tabular-nums">{item.lowStockThreshold}</td>
              <td className="text-right tabular-nums">{item.minimumOrder}</td>
              <td className="text-right tabular-nums">{item.daysOfCover ?? 'No sales'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
