/** Query keys of the purchases feature (cart). */
export const purchaseKeys = {
  all: ['purchases'] as const,
  cart: (email: string) => [...purchaseKeys.all, 'cart', email] as const,
};
