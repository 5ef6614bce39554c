import {
  PRICING_MESSAGES,
  nextPriceTier,
  priceTierFor,
  toCents,
  type PricedProduct,
} from '@bulkwise/contracts';
import { TrendingDown } from 'lucide-react';
import { useId } from 'react';
import { formatPrice } from '@/components/ui/price';

interface VolumePricingProps {
  product: Pick<PricedProduct, 'price' | 'minSellingQuantity' | 'priceTiers'>;
  /** The selected quantity: its row is highlighted. */
  quantity: number;
}

/** The rows of the table: the base price from the minimum order, then every break up to the next. */
export function volumePricingRows(product: VolumePricingProps['product']) {
  const starts = [{ minQuantity: product.minSellingQuantity, price: product.price }, ...product.priceTiers];
  return starts.map((row, i) => {
    const next = starts[i + 1];
    const saving = 1 - toCents(row.price) / toCents(product.price);
    return {
      minQuantity: row.minQuantity,
      range: next ? `${row.minQuantity}–${next.minQuantity - 1}` : `${row.minQuantity}+`,
      price: row.price,
      saving:
        i === 0 ? null : `${Math.round(saving * 100)}% (${formatPrice(product.price - row.price)} per unit)`,
    };
  });
}

/** "Volume pricing": quantity ranges, price per unit and saving, the selected quantity's row highlighted. */
export function VolumePricing({ product, quantity }: VolumePricingProps) {
  const headingId = useId();
  if (product.priceTiers.length === 0) return null;
  const current = priceTierFor(product.priceTiers, quantity)?.minQuantity ?? product.minSellingQuantity;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <TrendingDown className="size-4" aria-hidden="true" />
        {PRICING_MESSAGES.heading}
      </h2>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm" data-testid="volume-pricing">
          <thead>
            <tr>
              <th scope="col">Quantity</th>
              <th scope="col">Price per unit</th>
              <th scope="col">You save</th>
            </tr>
          </thead>
          <tbody>
            {volumePricingRows(product).map((row) => {
              const selected = row.minQuantity === current;
              return (
                <tr
                  key={row.minQuantity}
                  aria-current={selected ? 'true' : undefined}
                  className={selected ? 'bg-primary/10 font-semibold' : undefined}
                >
                  <td>{row.range}</td>
                  <td>{formatPrice(row.price)}</td>
                  <td>{row.saving ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** "Buy 150 more to pay $4.10 per unit", when a cheaper break is within the stock; else nothing. */
export function nextBreakHint(
  product: Pick<PricedProduct, 'priceTiers'>,
  quantity: number,
  stock: number,
): string | null {
  const next = nextPriceTier(product.priceTiers, quantity);
  if (!next || next.minQuantity > stock) return null;
  return PRICING_MESSAGES.buyMore(next.minQuantity - quantity, next.price);
}
