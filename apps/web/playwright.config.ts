import { defineConfig, devices } from '@playwright/test';

import { findChromium } from '../../scripts/lib/browser.mjs';
import {
  E2E_BASE_URL,
  E2E_HEALTH_URL,
  E2E_STACK_STARTED,
  e2eStackEnv,
} from '../../scripts/lib/e2e-stack.mjs';

// Browser journeys against the whole stack (scripts/lib/e2e-stack.mjs: its ports and settings).
export const baseURL = E2E_BASE_URL;

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
    // Recording a trace for every journey (to keep the failing ones) cost a third of the run's time:
    // screencast frames and DOM snapshots at every step. Replay a failure with `--trace on`.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Playwright's own browser download does not work here: Debian's does (scripts/lib/browser.mjs).
      // `npm test` finds (or installs) it and passes its path in CHROME_PATH.
      executablePath: findChromium().path ?? '/usr/bin/chromium-headless-shell',
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
  // `npm test` starts the stack itself, while the unit suites run, and says so.
  webServer: process.env[E2E_STACK_STARTED]
    ? undefined
    : {
        command: 'node scripts/start.mjs',
        cwd: '../..',
        url: E2E_HEALTH_URL,
        timeout: 420_000,
        // Locally a stack already running on E2E_PORT is reused (fast iteration); CI always starts afresh.
        reuseExistingServer: !process.env.CI,
        // start.mjs stops the emulator and the API it started on SIGTERM; a hard kill would orphan them.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        stdout: 'ignore',
        stderr: 'pipe',
        env: e2eStackEnv(),
      },
});
