import { DeleteProductResultSchema, type OwnProduct } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** DELETE /api/products/:id: owner only. */
export function deleteProduct(id: string) {
  return api.delete(`/products/${encodeURIComponent(id)}`, DeleteProductResultSchema);
}

/**
 * Removes the product from the owner's list at once and puts it back if the server refuses;
 * every product query is refetched afterwards either way.
 */
export function useDeleteProduct(email: string) {
  const queryClient = useQueryClient();
  const mineKey = productKeys.mine(email);
  return useMutation({
    mutationFn: deleteProduct,
    onMutate: async (id: string) => {
      await queryClient.cancelQueries({ queryKey: mineKey });
      const previous = queryClient.getQueryData<OwnProduct[]>(mineKey);
      queryClient.setQueryData<OwnProduct[]>(mineKey, (list) => list?.filter((p) => p._id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(mineKey, context.previous);
    },
    onSettled: (_data, _error, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id), exact: true });
      return queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
  });
}
