import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PURCHASE_MESSAGES } from '@bulkwise/contracts';
import { describe, expect, it } from 'vitest';
import * as webMessages from './messages';

// The web's own copy and the texts it shares with the API (purchase refusals).
const messages = { ...webMessages, PURCHASE_MESSAGES };

// The spec is the source of truth: every fixed string constant here must appear in it verbatim. It is
// read from the repository's copy (docs/spec), so the suite passes on any clone.
const spec = readFileSync(resolve(__dirname, '../../../../docs/spec/wholesale-marketplace.md'), 'utf8');

// Texts the spec does not have: ours, or the API's answers to requests the spec's client never sends
// (a reused Idempotency-Key with another body).
const OUR_OWN = new Set([
  'BRAND',
  'PASSWORD_SPECIAL_CHARACTERS',
  'SESSION_MESSAGES.expired',
  'PURCHASE_MESSAGES.idempotencyMismatch',
]);

function strings(prefix: string, value: unknown): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => strings(prefix ? `${prefix}.${k}` : k, v));
  }
  return [];
}

describe('user-facing messages', () => {
  const all = Object.entries(messages).flatMap(([k, v]) => strings(k, v));
  it.each(all.filter(([name]) => !OUR_OWN.has(name)))('%s is quoted from the spec', (_name, text) => {
    expect(spec).toContain(text);
  });

  it('parameterised messages read as the spec writes them', () => {
    expect(messages.PURCHASE_MESSAGES.minimumNote(50)).toBe('Minimum order quantity is 50 units');
    expect(messages.PURCHASE_MESSAGES.maximumAvailable(7)).toBe('Maximum available quantity is 7');
    expect(messages.OFFER_MESSAGES.claimedText('Bulk Purchase Discount', 'BULK25')).toBe(
      'Bulk Purchase Discount — Use code: BULK25',
    );
    expect(messages.pageTitle('Home')).toBe('Home | Bulkwise');
    expect(messages.PRODUCT_MESSAGES.noneMatchFilterDetail(100)).toBe(
      'No products with minimum selling quantity greater than 100.',
    );
  });
});
