import { OwnProductSchema, type OwnProduct, type ProductInput } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** PUT /api/products/:id: owner only (403 for anyone else, 404 for an unknown id). */
export function updateProduct(id: string, input: ProductInput): Promise<OwnProduct> {
  return api.put(`/products/${encodeURIComponent(id)}`, input, OwnProductSchema);
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => updateProduct(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
