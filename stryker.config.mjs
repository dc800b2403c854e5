// Mutation testing (StrykerJS): does a wrong machine fail a test? `npm run mutate` mutates the machine
// charts and views and reruns their tests (vitest.mutate.config.ts) per mutant; the score goes into
// docs/machines/README.md. A narrower run: `npm run mutate -- --mutate machines/auth/auth.machine.ts`.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts' },
  mutate: ['machines/*/*.machine.ts', 'machines/*/*.messages.ts', 'machines/*/*.view.ts'],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'artifacts/mutation/index.html' },
  tempDirName: '.stryker-tmp',
  // Stryker rewrites tsconfig.json's extends/references with TypeScript's classic API, which
  // TypeScript 7 no longer ships; ours has neither, so it points at a file that does not exist.
  tsconfigFile: 'tsconfig.stryker-skip.json',
  ignorePatterns: ['dist', 'artifacts', '.cache', 'docs', 'bench', 'cli', 'emulators', 'web', 'supabase', 'tests/e2e'],
  cleanTempDir: 'always',
  thresholds: { high: 90, low: 85, break: null },
};
