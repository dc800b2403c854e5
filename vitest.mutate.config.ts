// The tests that guard machines/ (unit examples and the model-based walks with their specification
// oracles), alone: what `npm run mutate` (StrykerJS) reruns for every mutant. No database, no browser.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['tests/unit/machines/**/*.test.ts', 'tests/model/**/*.test.ts'],
    testTimeout: 30_000,
    pool: 'forks',
    env: { TZ: 'America/Chicago' },
  },
});
