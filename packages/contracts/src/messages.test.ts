import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as messages from './messages';

// The spec is the source of truth: every fixed string constant here must appear in it verbatim. It is
// read from the repository's copy (docs/spec), so the suite passes on any clone.
const spec = readFileSync(new URL('../../../docs/spec/wholesale-marketplace.md', import.meta.url), 'utf8');

const OUR_OWN = new Set([
  'BRAND',
  'PASSWORD_SPECIAL_CHARACTERS',
  'SESSION_MESSAGES.expired',
  'PRODUCT_MESSAGES.noneMatchFilterDetail',
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
  });
});
