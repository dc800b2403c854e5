// Loads the database snapshot built once by global-setup.ts (never cold-starts Postgres per file).
import { inject } from 'vitest';
import type { PgliteDb } from '../../emulators/db/pglite.ts';
import { openSnapshot } from '../../emulators/db/snapshot.ts';

export function snapshotPath(): string {
  const path = inject('localPlatformSnapshot') || process.env.HOMEROUNDS_DB_SNAPSHOT;
  if (!path) throw new Error('No database snapshot: tests/support/global-setup.ts did not build one (see its log).');
  return path;
}

export function loadSnapshotDb(): Promise<PgliteDb> {
  return openSnapshot(snapshotPath());
}
