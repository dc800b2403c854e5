// PGlite on a data directory: the local platform's default store, so bookings, sessions, tokens and voice
// resources survive a restart or a `kill -9`. The first start fills the directory from the seeded snapshot
// (written next to it and renamed into place, so an interrupted first start leaves nothing half-made);
// later starts reopen it (Postgres replays its WAL after a crash) and apply new migrations. One server
// per directory (a lock file next to it); a directory that cannot be opened stops startup with the
// commands that fix it.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { systemNow } from '../../core/time/system-clock.ts';
import { migrate, REPO_ROOT } from './migrate.ts';
import { openPglite, type PgliteDb } from './pglite.ts';
import { ensureSnapshot } from './snapshot.ts';

/** Default place of the data directory (git-ignored); `HOMEROUNDS_DATA_DIR` moves it. */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, '.data', 'local-platform');
/** `HOMEROUNDS_DATA_DIR=:memory:` (or `dataDir: ':memory:'`): the old in-memory store, lost on exit. */
export const IN_MEMORY = ':memory:';

/** Where the database lives: `:memory:`, or an absolute directory. */
export function resolveDataDir(value: string | undefined = process.env.HOMEROUNDS_DATA_DIR): string {
  if (!value || value.trim() === '') return DEFAULT_DATA_DIR;
  if (value.trim() === IN_MEMORY) return IN_MEMORY;
  return resolve(value.trim());
}

function isEmptyDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<dir>.lock` for this process; a lock left by a dead process (kill -9) is taken over. */
function acquireLock(dir: string): () => void {
  const lock = `${dir}.lock`;
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
      throw new Error(
        `Another local platform (process ${pid}) is using the data directory ${dir}. Stop it first, or give this one ` +
          `its own directory: HOMEROUNDS_DATA_DIR=/some/other/dir npm start (or HOMEROUNDS_DATA_DIR=${IN_MEMORY}).`,
      );
    }
  }
  mkdirSync(dirname(lock), { recursive: true });
  writeFileSync(lock, String(process.pid));
  return () => {
    try {
      if (readFileSync(lock, 'utf8').trim() === String(process.pid)) rmSync(lock, { force: true });
    } catch {
      // already gone
    }
  };
}

/** What to do when the directory cannot be opened (printed as the startup error). */
export function damagedDirMessage(dir: string, cause: unknown): string {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return (
    `The local database in ${dir} could not be opened (${reason.slice(0, 300)}). It is damaged or was written by ` +
    'another PGlite version. To keep it for inspection and start from the seeded data:\n' +
    `  mv '${dir}' '${dir}.broken-${systemNow().toISOString().slice(0, 10)}' && npm start\n` +
    `or delete it (its sessions, calendar changes and voice resources are lost):\n  rm -rf '${dir}' && npm start\n` +
    `or run without it: HOMEROUNDS_DATA_DIR=${IN_MEMORY} npm start`
  );
}

/**
 * Opens (or creates from the seeded snapshot) PGlite on `dir`. Resolves once the database is open, migrated
 * and locked for this process; `close()` releases the lock.
 */
export async function openDataDir(
  dir: string,
  options: { today: string; log?: (line: string) => void },
): Promise<PgliteDb & { created: boolean }> {
  const log = options.log ?? (() => {});
  const release = acquireLock(dir);
  try {
    let created = false;
    if (isEmptyDir(dir)) {
      const snapshot = await ensureSnapshot({ today: options.today, log });
      // Fill a sibling directory and rename it into place: a first start killed half-way leaves no half database.
      const tmp = join(dirname(dir), `.${basename(dir)}.${process.pid}.tmp`);
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      const filling = await openPglite({ dataDir: tmp, snapshot: new Uint8Array(readFileSync(snapshot.path)) });
      await filling.close();
      rmSync(dir, { recursive: true, force: true });
      renameSync(tmp, dir);
      created = true;
      log(`database created in ${dir} from the seeded snapshot`);
    } else if (
      !existsSync(join(dir, 'PG_VERSION')) ||
      !existsSync(join(dir, 'base')) ||
      !statSync(join(dir, 'base')).isDirectory()
    ) {
      throw new Error(
        damagedDirMessage(dir, new Error('not a PostgreSQL data directory: PG_VERSION or base/ missing')),
      );
    }
    let db: PgliteDb;
    try {
      db = await openPglite({ dataDir: dir });
      await db.query('select 1 from auth.users limit 1');
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('The local database in')) throw error;
      throw new Error(damagedDirMessage(dir, error));
    }
    // Code may have gained migrations since the directory was made; they apply once, as on PostgreSQL.
    await migrate(db, log);
    const close = db.close;
    return Object.assign(db, {
      created,
      async close() {
        try {
          await close();
        } finally {
          release();
        }
      },
    });
  } catch (error) {
    release();
    throw error;
  }
}
