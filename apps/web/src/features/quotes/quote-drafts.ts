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
/** The request being built for one supplier: its lines, and its name to show. */
export interface QuoteDraft {
  supplierName: string;
  lines: DraftLine[];
}
/** Requests being built, one per supplier, by the product's public `supplierId`. */
export type QuoteDrafts = Record<string, QuoteDraft>;

const listeners = new Set<() => void>();
let cache: { raw: string | null; drafts: QuoteDrafts } = { raw: null, drafts: {} };

/**
 * Drafts saved before products carried a supplierId were lists keyed by the supplier's name: they are kept,
 * under that name, until sent or cleared (the server finds the supplier from the products either way).
 */
function parse(raw: string | null): QuoteDrafts {
  const parsed: unknown = raw ? JSON.parse(raw) : {};
  if (!parsed || typeof parsed !== 'object') return {};
  return Object.fromEntries(
    Object.entries(parsed as Record<string, unknown>).map(([key, value]) => [
      key,
      Array.isArray(value) ? { supplierName: key, lines: value as DraftLine[] } : (value as QuoteDraft),
    ]),
  );
}

function read(): QuoteDrafts {
  const raw = localStorage.getItem(QUOTE_DRAFTS_STORAGE_KEY);
  if (raw === cache.raw) return cache.drafts;
  let drafts: QuoteDrafts = {};
  try {
    drafts = parse(raw);
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
  const lines = drafts[product.supplierId]?.lines ?? [];
  if (lines.some((l) => l.productId === product._id)) return;
  drafts[product.supplierId] = {
    supplierName: product.userName,
    lines: [
      ...lines,
      {
        productId: product._id,
        name: product.name,
        image: product.image,
        minSellingQuantity: product.minSellingQuantity,
        price: product.price,
      },
    ],
  };
  write(drafts);
}

/** `supplier` is the draft's key (the supplierId). */
export function removeFromDraft(supplier: string, productId: string) {
  const drafts = { ...read() };
  const draft = drafts[supplier];
  const lines = (draft?.lines ?? []).filter((l) => l.productId !== productId);
  if (draft && lines.length) drafts[supplier] = { ...draft, lines };
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
