import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chakraGlobals } from './scripts/chakra-globals';

// Unit, API and screen tests. No PWA or router plugins here (docs/guide.md §8); e2e has its own config.
export default defineConfig({
  test: {
    // PGlite costs ~800 MB per instance: two files at a time on these 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        // The build tests load src/app/theme.ts, which imports its build-time stylesheet (empty under Vitest).
        plugins: [chakraGlobals()],
        test: {
          name: 'node',
          include: ['test/server/**/*.test.ts', 'test/domain/**/*.test.ts', 'test/build/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['test/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The outbox and replay engine, on fake-indexeddb, in plain Node (Blob, FormData, BroadcastChannel).
        test: { name: 'offline', include: ['test/offline/**/*.test.ts'], environment: 'node' },
      },
      {
        // chakraGlobals: as above (jsdom applies no CSS).
        plugins: [react(), chakraGlobals()],
        test: {
          name: 'client',
          include: ['test/client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['test/client/setup.ts'],
          // A screen test takes 6 s here; the limit is for a host half as fast, under load (docs/guide.md §7).
          testTimeout: 60_000,
        },
      },
    ],
  },
});
