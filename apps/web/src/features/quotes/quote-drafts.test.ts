import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QUOTE_DRAFTS_STORAGE_KEY } from '@/config/storage-keys';
import { publicProduct } from '@/test/products';
import { addToDraft, clearDraft, removeFromDraft, useQuoteDrafts } from './quote-drafts';

const productOf = (id: string, supplierId: string, userName = 'Harbour Supplies') =>
  publicProduct({ _id: id, name: `Crate ${id}`, supplierId, userName });

describe('quote drafts', () => {
  it('group by the supplier id, so two suppliers of one name get a request each', () => {
    const { result } = renderHook(() => useQuoteDrafts());
    act(() => {
      addToDraft(productOf('a', 'sup-1'));
      addToDraft(productOf('b', 'sup-2'));
      addToDraft(productOf('c', 'sup-1'));
      addToDraft(productOf('a', 'sup-1'));
    });
    expect(Object.keys(result.current).sort()).toEqual(['sup-1', 'sup-2']);
    expect(result.current['sup-1']!.supplierName).toBe('Harbour Supplies');
    expect(result.current['sup-1']!.lines.map((l) => l.productId)).toEqual(['a', 'c']);
    expect(result.current['sup-2']!.lines.map((l) => l.productId)).toEqual(['b']);

    act(() => removeFromDraft('sup-1', 'a'));
    expect(result.current['sup-1']!.lines.map((l) => l.productId)).toEqual(['c']);
    act(() => removeFromDraft('sup-1', 'c'));
    act(() => clearDraft('sup-2'));
    expect(result.current).toEqual({});
  });

  it('keeps a request saved before products carried a supplier id, under the name it was saved by', () => {
    const line = { productId: 'old', name: 'Old crate', image: '', minSellingQuantity: 10, price: 2 };
    localStorage.setItem(QUOTE_DRAFTS_STORAGE_KEY, JSON.stringify({ 'Harbour Supplies': [line] }));
    const { result } = renderHook(() => useQuoteDrafts());
    expect(result.current).toEqual({
      'Harbour Supplies': { supplierName: 'Harbour Supplies', lines: [line] },
    });
    act(() => addToDraft(productOf('new', 'sup-1')));
    expect(Object.keys(result.current).sort()).toEqual(['Harbour Supplies', 'sup-1']);
  });
});
