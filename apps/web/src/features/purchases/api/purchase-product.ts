import { IDEMPOTENCY_KEY_HEADER, PurchaseResultSchema, type PurchaseResult } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { purchaseKeys } from './keys';

export interface PurchaseRequest {
  productId: string;
  quantity: number;
  address: string;
  phone: string;
  /** The same key for a retried attempt: the server then answers the first result, never buys twice. */
  idempotencyKey: string;
  /** The unit price shown to the buyer: the server answers 409 PRICE_CHANGED instead of charging another. */
  expectedUnitPrice?: number;
  /** The buyer's purchase order number (at most 50 characters), printed on the invoice. */
  poNumber?: string | null;
}

/** POST /api/products/purchase/:id (signed in): buys `quantity` units and adds them to the cart. */
export function purchaseProduct({
  productId,
  idempotencyKey,
  ...body
}: PurchaseRequest): Promise<PurchaseResult> {
  return api.post(`/products/purchase/${encodeURIComponent(productId)}`, body, PurchaseResultSchema, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

export function usePurchaseProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: purchaseProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseKeys.all }),
  });
}
