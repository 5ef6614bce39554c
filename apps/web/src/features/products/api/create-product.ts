import { OwnProductSchema, type OwnProduct, type ProductInput } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** POST /api/products: the product's fields only; the server takes the owner from the token. */
export function createProduct(input: ProductInput): Promise<OwnProduct> {
  return api.post('/products', input, OwnProductSchema);
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // Every list (all, by category, mine) may now include the new product.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
