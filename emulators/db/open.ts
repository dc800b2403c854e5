// Opens the local platform's database: DATABASE_URL (any PostgreSQL, needs the `pg` driver) or PGlite
// from the cached snapshot (built on first use).
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { ensureSnapshot, openSnapshot } from './snapshot.ts';

export async function openLocalDb(
  options: { databaseUrl?: string; today?: string; log?: (line: string) => void } = {},
): Promise<Db> {
  const log = options.log ?? (() => {});
  const databaseUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    const db = await openPostgres(databaseUrl);
    await migrate(db, log);
    return db;
  }
  const snapshot = await ensureSnapshot({ today: options.today, log });
  log(snapshot.built ? `database snapshot built in ${Math.round(snapshot.ms)} ms` : 'database snapshot found');
  return openSnapshot(snapshot.path);
}
