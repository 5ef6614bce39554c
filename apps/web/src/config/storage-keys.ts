/** localStorage key of the API session token (spec section 3: "stored locally under a token key"). */
export const TOKEN_STORAGE_KEY = 'bulkwise-token';
/** localStorage key of the theme preference ('dark' | 'light'). */
export const THEME_STORAGE_KEY = 'bulkwise-theme';
/** localStorage key prefix (+ the user's email) of the order statuses a buyer last saw in My Cart. */
export const ORDERS_SEEN_STORAGE_KEY = 'bulkwise-orders-seen';
/** localStorage key of the quote requests being built, per supplier, before they are sent. */
export const QUOTE_DRAFTS_STORAGE_KEY = 'bulkwise-quote-drafts';
