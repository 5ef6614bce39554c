import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the whole stack (built SPA + API + Auth emulator) on its own ports and
// a fresh data directory, so a running `npm start` is never disturbed.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const EMULATOR_PORT = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9199);
const MAIL_SMTP_PORT = Number(process.env.E2E_MAIL_SMTP_PORT ?? 1125);
const MAIL_WEB_PORT = Number(process.env.E2E_MAIL_WEB_PORT ?? 1180);
export const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: '../../test-results',
  // Journeys spend most of their time waiting on the stack, not on the CPU: three at a time fill two
  // cores. Every test makes its own users and products, so any two may run side by side.
  fullyParallel: true,
  workers: 3,
  // A journey that fails once is a bug to fix, not to retry.
  retries: 0,
  // 2 cores shared with other work: an axe check of a full page took over 45 s at load 28, and on a
  // machine half as fast (2026-11-27) the navigation journey took 84 s. A slow machine gets time, never
  // a second try.
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../../playwright-report' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Playwright's own browser download does not work here: Debian's Chromium does. `npm test` finds
      // (or installs) it and passes its path in CHROME_PATH.
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: '../..',
    url: `${baseURL}/api/health`,
    timeout: 420_000,
    // Locally a stack already running on E2E_PORT is reused (fast iteration); CI always starts afresh.
    reuseExistingServer: !process.env.CI,
    // start.mjs stops the emulator and the API it started on SIGTERM; a hard kill would orphan them.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      AUTH_EMULATOR_PORT: String(EMULATOR_PORT),
      // Its own mail catcher, whatever a developer's .env says; the journeys read it through its REST API.
      MAIL_SMTP_PORT: String(MAIL_SMTP_PORT),
      MAIL_WEB_PORT: String(MAIL_WEB_PORT),
      SMTP_URL: '',
      MAIL_ENABLED: 'true',
      OUTBOX_POLL_MS: '250',
      DATA_DIR: `.data/e2e-${PORT}`,
      FRESH_DATA: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_JWT_PER_MINUTE: '1000',
      // Every journey comes from 127.0.0.1, several at once.
      RATE_LIMIT_READS_PER_MINUTE: '100000',
      RATE_LIMIT_SEARCH_PER_MINUTE: '10000',
      RATE_LIMIT_EXPORTS_PER_MINUTE: '1000',
      START_SKIP_BUILD: process.env.START_SKIP_BUILD ?? '',
    },
  },
});
