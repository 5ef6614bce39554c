import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    // The files share a worker's modules instead of importing the whole API again each (75 s of the
    // suite's time went to imports): every file builds its own app on its own database, and none mocks
    // a module, so nothing they could share is per-file state.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
