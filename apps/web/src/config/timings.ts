/** UI timings of spec section 9, in milliseconds. */
export const TIMINGS = {
  successDialogMs: 1500,
  startupOverlayMs: 2000,
  heroAutoplayMs: 5000,
  heroTransitionMs: 1000,
  toastErrorMs: 4000,
  toastBlankMs: 4000,
  toastSuccessMs: 2000,
  maxToasts: 20,
  backToTopPx: 200,
} as const;
