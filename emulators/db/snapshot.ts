// Snapshot cache: PGlite's cold start (initdb + migrations + seed ≈ 6 s) happens once per
// (schema, fixtures code, day); afterwards the data dir is loaded from .cache/ in ≈ 0.6 s.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resetLocalPlatform } from '../../fixtures/seed-db.ts';
import { BOOTSTRAP_SQL, LOCAL_SCHEMA_SQL, migrate, migrationFiles, REPO_ROOT } from './migrate.ts';
import { openPglite, type PgliteDb } from './pglite.ts';

export const SNAPSHOT_DIR = join(REPO_ROOT, '.cache', 'local-platform');

function fixtureSources(): string[] {
  const dir = join(REPO_ROOT, 'fixtures');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => join(dir, name));
}

/** Snapshots kept in the cache directory (each ≈ 40 MB). */
const KEPT_SNAPSHOTS = 4;

/** Hash of everything that shapes the seeded database, plus the seed day. */
export function snapshotKey(today: string): string {
  const hash = createHash('sha256');
  const pgliteVersion = JSON.parse(
    readFileSync(join(REPO_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json'), 'utf8'),
  ).version;
  hash.update(`pglite ${pgliteVersion}\n`);
  const files = [
    BOOTSTRAP_SQL,
    LOCAL_SCHEMA_SQL,
    ...migrationFiles(),
    ...fixtureSources(),
    join(REPO_ROOT, 'emulators', 'calendar', 'resource.ts'),
    // The seed's wall-clock times come from core's time-zone arithmetic.
    join(REPO_ROOT, 'core', 'time', 'zoned-time.ts'),
  ];
  for (const file of files) {
    hash.update(file.slice(REPO_ROOT.length));
    hash.update(readFileSync(file));
  }
  return `${today}-${hash.digest('hex').slice(0, 16)}`;
}

export function snapshotPath(today: string, dir = SNAPSHOT_DIR): string {
  return join(dir, `pglite-${snapshotKey(today)}.tar`);
}

/** Cold start: empty PGlite, migrations, seed. */
export async function buildSeededPglite(today: string, log: (line: string) => void = () => {}): Promise<PgliteDb> {
  const db = await openPglite();
  await migrate(db, log);
  await resetLocalPlatform(db, { today });
  return db;
}

/**
 * Returns the path of a snapshot of the migrated and seeded database for `today`, building and
 * writing it (atomically) when missing. Older snapshots in the directory are removed.
 */
export async function ensureSnapshot(options: {
  today: string;
  dir?: string;
  log?: (line: string) => void;
}): Promise<{ path: string; built: boolean; ms: number }> {
  const started = performance.now();
  const { today } = options;
  const dir = options.dir ?? SNAPSHOT_DIR;
  const path = snapshotPath(today, dir);
  if (existsSync(path)) return { path, built: false, ms: performance.now() - started };
  options.log?.('building the database snapshot (PGlite cold start, migrations, seed)…');
  const db = await buildSeededPglite(today, options.log);
  try {
    const data = await db.dump();
    mkdirSync(dir, { recursive: true });
    const tmp = `${path}.${process.pid}.tmp`;
    writeFileSync(tmp, data);
    renameSync(tmp, path);
  } finally {
    await db.close();
  }
  // Keep the few most recently written snapshots (the tests' seed day, today's for \`npm start\`, one another
  // process may have just written) and drop the rest: no clock involved, so a run under another date
  // (HOMEROUNDS_NOW, faketime) removes nothing a concurrent run still needs.
  const snapshots = readdirSync(dir)
    .filter((name) => name.startsWith('pglite-') && name.endsWith('.tar'))
    .map((name) => ({ file: join(dir, name), written: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => b.written - a.written);
  for (const { file } of snapshots.slice(KEPT_SNAPSHOTS)) {
    if (file !== path) rmSync(file, { force: true });
  }
  return { path, built: true, ms: performance.now() - started };
}

/** Opens a PGlite instance from a snapshot file written by ensureSnapshot. */
export async function openSnapshot(path: string): Promise<PgliteDb> {
  return openPglite({ snapshot: new Uint8Array(readFileSync(path)) });
}
