/** Query keys of the purchases feature (cart). */
export const purchaseKeys = {
  all: ['purchases'] as const,
  carts: () => [...purchaseKeys.all, 'cart'] as const,
  /** `withCancelled`: the cart view that also lists cancelled orders. */
  cart: (email: string, withCancelled = false) => [...purchaseKeys.carts(), email, withCancelled] as const,
};
