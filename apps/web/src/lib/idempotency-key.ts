/**
 * A fresh Idempotency-Key for one write (a purchase, a quote request, a payment): a retry of that
 * write sends the same key. crypto.randomUUID exists only in secure contexts; an http intranet
 * address still needs a key.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
