const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** '$1,234.50': the spec shows money with the $ symbol and 2 decimals. A missing price counts as 0. */
export function formatPrice(value: number | null | undefined): string {
  return usd.format(Number.isFinite(value) ? (value as number) : 0);
}

export function Price({ value, className }: { value: number | null | undefined; className?: string }) {
  return <span className={className}>{formatPrice(value)}</span>;
}
