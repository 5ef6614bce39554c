import { ProductSuggestionListSchema, type ProductSuggestion } from '@bulkwise/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { productKeys } from './keys';

/** GET /api/products/suggest: public; up to 8 products for the search box. */
export function getSuggestions(q: string, signal?: AbortSignal): Promise<ProductSuggestion[]> {
  return api.get(`/products/suggest?q=${encodeURIComponent(q)}`, ProductSuggestionListSchema, {
    auth: false,
    signal,
  });
}

export const suggestionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: productKeys.suggestions(q),
    queryFn: ({ signal }) => getSuggestions(q, signal),
    // The catalog changes slowly next to typing: a prefix typed again answers from memory.
    staleTime: 30_000,
  });

/** Off until `q` is worth asking about; the previous list stays up while the next one loads. */
export const useSuggestions = (q: string, enabled: boolean) =>
  useQuery({ ...suggestionsQueryOptions(q), enabled, placeholderData: keepPreviousData });
