import { OwnProductSchema, categorySlug, type OwnProduct, type ProductInput } from '@bulkwise/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

export interface ProductOwner {
  email: string;
  /** The display name; the spec's payload says 'Anonymous' without one. */
  name: string | null;
}

/**
 * POST /api/products. The owner fields and the slug travel as the spec's payload has them; the
 * server derives its own from the token and the category.
 */
export function createProduct(input: ProductInput, owner: ProductOwner): Promise<OwnProduct> {
  return api.post(
    '/products',
    {
      ...input,
      userEmail: owner.email,
      userName: owner.name?.trim() || 'Anonymous',
      categorySlug: categorySlug(input.category),
    },
    OwnProductSchema,
  );
}

export function useCreateProduct(owner: ProductOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => createProduct(input, owner),
    // Every list (all, by category, mine) may now include the new product.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
