// Opens the local platform's database: DATABASE_URL (any PostgreSQL, through the `pg` driver), else PGlite
// on a data directory (durable; default .data/local-platform, HOMEROUNDS_DATA_DIR), or in memory from the
// cached snapshot with HOMEROUNDS_DATA_DIR=:memory: (built on first use).

import { resetLocalPlatform } from '../../fixtures/seed-db.ts';
import { IN_MEMORY, openDataDir, resolveDataDir } from './data-dir.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { ensureSnapshot, openSnapshot } from './snapshot.ts';

export async function openLocalDb(options: {
  databaseUrl?: string;
  /** A directory, or `:memory:`; default HOMEROUNDS_DATA_DIR, else .data/local-platform. */
  dataDir?: string;
  /** The seed's first day (Chicago), from the platform's clock: used only when a database is created. */
  today: string;
  log?: (line: string) => void;
}): Promise<Db> {
  const log = options.log ?? (() => {});
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    const db = await openPostgres(databaseUrl);
    await migrate(db, log);
    // A fresh database gets the same seed as the embedded one; an existing one keeps its data.
    const seeded = await db.query('select 1 from auth.users limit 1');
    if (seeded.rows.length === 0) {
      await resetLocalPlatform(db, { today: options.today });
      log('database seeded');
    }
    return db;
  }
  const dataDir = resolveDataDir(options.dataDir);
  if (dataDir !== IN_MEMORY) {
    const db = await openDataDir(dataDir, { today: options.today, log });
    log(`database in ${dataDir}${db.created ? ' (new, seeded)' : ''}`);
    return db;
  }
  const snapshot = await ensureSnapshot({ today: options.today, log });
  log(snapshot.built ? `database snapshot built in ${Math.round(snapshot.ms)} ms` : 'database snapshot found');
  return openSnapshot(snapshot.path);
}
