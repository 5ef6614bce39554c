import type { InsightsInventoryItem } from '@bulkwise/contracts';
import { InventoryTable } from './inventory-table';

/** The products below their low-stock threshold, with their count. */
export function RunningOut({ items }: { items: InsightsInventoryItem[] }) {
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" aria-labelledby="inventory-title">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="inventory-title" className="card-title text-lg">
          Running out {items.length > 0 && <span className="badge badge-error">{items.length}</span>}
        </h2>
        {items.length === 0 ? (
          <p className="text-base-content/70">Every product is at or above its low-stock threshold.</p>
        ) : (
          <InventoryTable items={items} />
        )}
      </div>
    </section>
  );
}
