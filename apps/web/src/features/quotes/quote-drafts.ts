import type { Product } from '@bulkwise/contracts';
import { useSyncExternalStore } from 'react';
import { QUOTE_DRAFTS_STORAGE_KEY } from '@/config/storage-keys';

export interface DraftLine {
  productId: string;
  name: string;
  image: string;
  minSellingQuantity: number;
  price: number;
}
/** Requests being built, one per supplier (by the supplier's name: the public product carries no id). */
export type QuoteDrafts = Record<string, DraftLine[]>;

const listeners = new Set<() => void>();
let cache: { raw: string | null; drafts: QuoteDrafts } = { raw: null, drafts: {} };

function read(): QuoteDrafts {
  const raw = localStorage.getItem(QUOTE_DRAFTS_STORAGE_KEY);
  if (raw === cache.raw) return cache.drafts;
  let drafts: QuoteDrafts = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === 'object') drafts = parsed as QuoteDrafts;
  } catch {
    drafts = {};
  }
  cache = { raw, drafts };
  return drafts;
}

function write(drafts: QuoteDrafts) {
  localStorage.setItem(QUOTE_DRAFTS_STORAGE_KEY, JSON.stringify(drafts));
  listeners.forEach((l) => l());
}

export function addToDraft(product: Product) {
  const drafts = { ...read() };
  const lines = drafts[product.userName] ?? [];
  if (lines.some((l) => l.productId === product._id)) return;
  drafts[product.userName] = [
    ...lines,
    {
      productId: product._id,
      name: product.name,
      image: product.image,
      minSellingQuantity: product.minSellingQuantity,
      price: product.price,
    },
  ];
  write(drafts);
}

export function removeFromDraft(supplier: string, productId: string) {
  const drafts = { ...read() };
  const lines = (drafts[supplier] ?? []).filter((l) => l.productId !== productId);
  if (lines.length) drafts[supplier] = lines;
  else delete drafts[supplier];
  write(drafts);
}

export const clearDraft = (supplier: string) => {
  const drafts = { ...read() };
  delete drafts[supplier];
  write(drafts);
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
};
/** The drafts, kept in step with every tab. */
const none: QuoteDrafts = {};
export const useQuoteDrafts = (): QuoteDrafts => useSyncExternalStore(subscribe, read, () => none);
