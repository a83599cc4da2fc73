import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Journeys that change what another journey meets run last in their lane (scripts/e2e.mjs keeps that one
 * in the same lane): posting last month's period freezes its days, and absensi-admin enters days up to
 * six days back, in last month during a month's first week.
 */
const LAST_IN_LANE = ['absensi-posting.test.ts'];

class LastInLane extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (f: TestSpecification) => LAST_IN_LANE.some((name) => f.moduleId.endsWith(`/${name}`));
    return [...sorted.filter((f) => !last(f)), ...sorted.filter(last)];
  }
}

// Browser end-to-end tests against the real server that scripts/e2e.mjs starts (npm run test:e2e).
// No React/PWA plugins: the tests drive the built app in Chromium. One file at a time in each vitest run
// (scripts/e2e.mjs runs two at once, its lanes).
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    sequence: { sequencer: LastInLane },
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
