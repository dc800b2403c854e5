// The project's database for the Edge Functions: postgres.js on SUPABASE_DB_URL (which the platform provides),
// as the table owner; `prepare: false` also works through Supabase's transaction pooler. Deno-only: the
// local platform passes its PGlite instead (emulators/local-server.ts).
import postgres from 'npm:postgres@3.4.9';
import type { SqlQuery } from '../../../server/sql.ts';

/** Queries on the project's database; the pool is made on the first query (call-token never makes one). */
export function databaseFromEnv(url: string): SqlQuery {
  let sql: ReturnType<typeof postgres> | undefined;
  return async (text, params) => {
    sql ??= postgres(url, { prepare: false, max: 3, idle_timeout: 20 });
    return { rows: await sql.unsafe(text, [...params]) };
  };
}
