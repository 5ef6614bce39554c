import { defineConfig } from 'vitest/config';

// One runner for every unit and integration suite; `--project api` etc. picks one.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web'],
    // Two cores: each API test file opens its own database, so two files at a time.
    maxWorkers: 2,
  },
});
