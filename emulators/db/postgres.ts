// DATABASE_URL: the local platform on any PostgreSQL. Needs the `pg` driver, which the project does not
// install by default; with it, implement `Db` here (query → pool.query, transaction → BEGIN/COMMIT on one
// client) and nothing else changes.
import type { Db } from './db.ts';

export const PG_DRIVER_MISSING =
  'DATABASE_URL is set, but the PostgreSQL driver `pg` is not installed. Run `npm install pg` (and implement ' +
  'emulators/db/postgres.ts with it), or unset DATABASE_URL to use the embedded PGlite database.';

export async function openPostgres(databaseUrl: string): Promise<Db> {
  const moduleName = 'pg';
  try {
    await import(/* @vite-ignore */ moduleName);
  } catch {
    throw new Error(PG_DRIVER_MISSING);
  }
  throw new Error(
    `The \`pg\` driver is installed but emulators/db/postgres.ts has no implementation yet (DATABASE_URL=${redact(databaseUrl)}).`,
  );
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable>';
  }
}
