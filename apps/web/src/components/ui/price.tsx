import { PRICING_MESSAGES, formatUsd, lowestUnitPrice, type PricedProduct } from '@bulkwise/contracts';

/** '$1,234.50': the spec shows money with the $ symbol and 2 decimals. A missing price counts as 0. */
export function formatPrice(value: number | null | undefined): string {
  return formatUsd(Number.isFinite(value) ? (value as number) : 0);
}

export function Price({ value, className }: { value: number | null | undefined; className?: string }) {
  return <span className={className}>{formatPrice(value)}</span>;
}

/** "from $4.10" beside a product's price when volume pricing makes it cheaper in bulk; nothing otherwise. */
export function FromPrice({
  product,
  className = '',
}: {
  product: Pick<PricedProduct, 'price' | 'priceTiers'>;
  className?: string;
}) {
  if (product.priceTiers.length === 0) return null;
  return (
    <span
      className={`text-xs font-normal text-base-content/70 ${className}`}
      data-testid="product-from-price"
    >
      {PRICING_MESSAGES.from(lowestUnitPrice(product))}
    </span>
  );
}
