import {
  TradeAccountListSchema,
  TradeAccountSchema,
  type SetTermsBody,
  type TermsRequestBody,
} from '@bulkwise/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tradeKeys } from './keys';

export type Side = 'buyer' | 'supplier';

export const accountsQueryOptions = (as: Side) =>
  queryOptions({
    queryKey: tradeKeys.accounts(as),
    queryFn: ({ signal }) => api.get(`/trade-accounts?as=${as}`, TradeAccountListSchema, { signal }),
  });
export const useTradeAccounts = (as: Side) => useQuery(accountsQueryOptions(as));

export type AccountAction =
  | { kind: 'request'; body: TermsRequestBody }
  | { kind: 'terms'; id: string; body: SetTermsBody }
  | { kind: 'hold' | 'release' | 'decline'; id: string; reason: string };

/** Every change to an account: the server decides who may make it. */
export function changeAccount(action: AccountAction) {
  switch (action.kind) {
    case 'request':
      return api.post('/trade-accounts/request', action.body, TradeAccountSchema);
    case 'terms':
      return api.put(
        `/trade-accounts/${encodeURIComponent(action.id)}/terms`,
        action.body,
        TradeAccountSchema,
      );
    default:
      return api.post(
        `/trade-accounts/${encodeURIComponent(action.id)}/${action.kind}`,
        { reason: action.reason },
        TradeAccountSchema,
      );
  }
}

export function useChangeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAccount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
  });
}

/**
 * The buyer's account with one supplier, for the purchase dialog: null when there is none yet (the
 * first order opens one, prepay).
 */
export const useSupplierAccount = (supplierId: string, enabled: boolean) =>
  useQuery({
    ...accountsQueryOptions('buyer'),
    enabled,
    select: (list) => list.find((a) => a.supplierId === supplierId) ?? null,
  });
