// The tests that guard machines/ (unit examples and the model-based walks with their specification
// oracles), alone: what `npm run mutate` (StrykerJS) reruns for every mutant. No database, no browser.
// MUTATE_MACHINE=auth narrows the rerun to one machine's unit tests and model walk: every mutant of a
// chart is static (built at module load) and reruns everything, so a one-file run goes ~5× faster.
import { defineConfig } from 'vitest/config';

const only = process.env.MUTATE_MACHINE;

export default defineConfig({
  test: {
    environment: 'node',
    include: only
      ? [`tests/unit/machines/${only}.*.test.ts`, 'tests/model/machines.model.test.ts']
      : ['tests/unit/machines/**/*.test.ts', 'tests/model/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    env: { TZ: 'America/Chicago' },
  },
});
