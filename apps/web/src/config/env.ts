/** The only reader of import.meta.env: everything else imports `env`. */
export const env = {
  /** The API serves the SPA on the same origin (Vite proxies it in development). */
  apiBaseUrl: '/api',
  isDev: import.meta.env.DEV,
} as const;
