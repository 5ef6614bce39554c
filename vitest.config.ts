import { defineConfig } from 'vitest/config';

// One runner for every unit and integration suite; `--project api` etc. picks one.
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/api',
      'apps/web',
      // The launcher's own pieces (data directory lock, embedded PostgreSQL).
      {
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.mjs'],
          testTimeout: 60_000,
        },
      },
    ],
    // Two cores: each API test file opens its own database, so two files at a time.
    maxWorkers: 2,
  },
});
