// @ts-check
// The stack the browser journeys run against (built SPA + API + Auth emulator + mail catcher), on ports
// of its own and a fresh data directory, so a running `npm start` is never disturbed. One description
// for its two starters: playwright.config.ts (when nobody started it) and `npm test`, which starts it
// while the unit suites run so the journeys do not wait for it (scripts/test.mjs).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_AUTH_EMULATOR_PORT = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9199);
export const E2E_MAIL_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT ?? 1125);
export const E2E_MAIL_WEB_PORT = Number(process.env.E2E_MAIL_WEB_PORT ?? 1180);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** Answers 200 once the stack is ready. */
export const E2E_HEALTH_URL = `${E2E_BASE_URL}/api/health`;
/** Set by a starter that already runs the stack: Playwright then starts none. */
export const E2E_STACK_STARTED = 'E2E_STACK_STARTED';

/** The environment of `node scripts/start.mjs` for the journeys. */
export function e2eStackEnv() {
  return {
    PORT: String(E2E_PORT),
    AUTH_EMULATOR_PORT: String(E2E_AUTH_EMULATOR_PORT),
    // Its own mail catcher, whatever a developer's .env says; the journeys read it through its REST API.
    MAIL_SMTP_PORT: String(E2E_MAIL_SMTP_PORT),
    MAIL_WEB_PORT: String(E2E_MAIL_WEB_PORT),
    SMTP_URL: '',
    MAIL_ENABLED: 'true',
    OUTBOX_POLL_MS: '250',
    DATA_DIR: `.data/e2e-${E2E_PORT}`,
    FRESH_DATA: '1',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_JWT_PER_MINUTE: '1000',
    // Every journey comes from 127.0.0.1, several at once.
    RATE_LIMIT_READS_PER_MINUTE: '100000',
    RATE_LIMIT_SEARCH_PER_MINUTE: '10000',
    RATE_LIMIT_EXPORTS_PER_MINUTE: '1000',
    START_SKIP_BUILD: process.env.START_SKIP_BUILD ?? '',
  };
}
