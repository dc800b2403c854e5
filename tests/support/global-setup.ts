// Vitest global setup: runs once before all test files. Builds the CLI, and builds (or finds in .cache/) one PGlite snapshot
// of the migrated and seeded database; database tests load it (≈ 0.6 s) instead of cold-starting
// Postgres per file (≈ 6 s). The path reaches the workers through `provide` and the environment.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureSnapshot } from '../../emulators/db/snapshot.ts';
import { SEED_DAY } from './test-clock.ts';

const REPO = join(import.meta.dirname, '..', '..');

declare module 'vitest' {
  export interface ProvidedContext {
    localPlatformSnapshot: string;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  process.env.TZ = 'America/Chicago';
  // The built CLI (dist/cli) the cli tests spawn, built once here: a test file rebuilding it while another
  // spawns it reads half-written chunks (a flaky exit 1).
  execFileSync(process.execPath, [join(REPO, 'node_modules/tsx/dist/cli.mjs'), join(REPO, 'cli/build.ts')], {
    cwd: REPO,
    stdio: 'pipe',
  });
  // The suite's fixed seed day (tests/support/test-clock.ts), whatever the date the tests run on.
  const today = SEED_DAY;
  try {
    const snapshot = await ensureSnapshot({ today });
    process.env.HOMEROUNDS_DB_SNAPSHOT = snapshot.path;
    project.provide('localPlatformSnapshot', snapshot.path);
  } catch (error) {
    // Only database tests need it; they fail with this message instead of the whole run.
    console.error(`global-setup: could not build the database snapshot: ${String(error)}`);
    project.provide('localPlatformSnapshot', '');
  }
}
