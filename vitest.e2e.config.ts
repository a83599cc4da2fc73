import { defineConfig } from 'vitest/config';

// Browser end-to-end tests against the real server that scripts/e2e.mjs starts (npm run test:e2e).
// No React/PWA plugins: the tests drive the built app in Chromium. One file at a time: they share the
// server's database (accounts, login lockout).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
