/** Every URL of the SPA (spec section 2). Routes use `path`; links use `getHref()`. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  categories: { path: '/categories', getHref: () => '/categories' },
  category: { path: '/category/:id', getHref: (id: string) => `/category/${encodeURIComponent(id)}` },
  allProducts: {
    path: '/all-products',
    /** With `q`: the search results (All Products keeps its search in the URL). */
    getHref: (q?: string) => (q ? `/all-products?${new URLSearchParams({ q })}` : '/all-products'),
  },
  product: { path: '/product/:id', getHref: (id: string) => `/product/${encodeURIComponent(id)}` },
  addProduct: { path: '/add-product', getHref: () => '/add-product' },
  myProducts: { path: '/my-products', getHref: () => '/my-products' },
  updateProduct: {
    path: '/update-product/:id',
    getHref: (id: string) => `/update-product/${encodeURIComponent(id)}`,
  },
  cart: { path: '/cart', getHref: () => '/cart' },
  settings: { path: '/settings', getHref: () => '/settings' },
  /** Where a verification mail's link leads (the API's templates.ts writes it: ?oobCode=…). */
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  orders: { path: '/orders', getHref: () => '/orders' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  quotes: {
    path: '/quotes',
    getHref: (side?: 'buyer' | 'supplier') => (side ? `/quotes?as=${side}` : '/quotes'),
  },
  quote: { path: '/quotes/:id', getHref: (id: string) => `/quotes/${encodeURIComponent(id)}` },
  /** The quote requests being built (products added with Request a quote), sent from here. */
  quoteRequest: { path: '/quote-request', getHref: () => '/quote-request' },
  /** Trade on account: the buyer's invoices and terms, the supplier's invoices and accounts. */
  invoices: { path: '/invoices', getHref: () => '/invoices' },
  supplierInvoices: { path: '/supplier-invoices', getHref: () => '/supplier-invoices' },
  accounts: { path: '/accounts', getHref: () => '/accounts' },
} as const;

/**
 * Where the login page returns to: the `from` a guard left in location state, if it is a
 * same-site path (never `//host`, never back to the guest pages).
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) {
    return paths.home.getHref();
  }
  const pathname = from.split(/[?#]/)[0];
  if (pathname === paths.login.path || pathname === paths.register.path) return paths.home.getHref();
  return from;
}
