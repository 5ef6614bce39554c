/**
 * Money and counts as every page shows them ('$1,234.50', '12,000'), without `Intl`. The first Intl
 * formatter a page makes loads the ICU data behind it: about 25 ms of main thread here, 100 ms on
 * Lighthouse's 4×-slowed phone, paid by every public page while it started (decision 0014).
 * `format.test.ts` holds these to Intl's en-US answers.
 */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '12,000': a whole number with thousands separators, as Intl en-US writes it. */
export function formatCount(value: number): string {
  const whole = Math.round(value);
  return `${whole < 0 ? '-' : ''}${groupThousands(String(Math.abs(whole)))}`;
}

/** '$1,234.50', '-$3.00': US dollars with 2 decimals, as Intl en-US currency formatting writes them. */
export function formatUsd(value: number): string {
  const cents = Math.round(Math.abs(value) * 100);
  const sign = value < 0 && cents > 0 ? '-' : '';
  return `${sign}$${groupThousands(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;
}
