// What the Deno entries that reach Google for a clinician share: the project's database (postgres.js on
// SUPABASE_DB_URL, as the table owner; `prepare: false` also works through Supabase's transaction pooler)
// and the Google access built on the grants stored there. Deno-only: imported by the entries, never by the
// handlers Node also runs.
import postgres from 'npm:postgres@3.4.9';
import { createGrantGoogleAccess, type GoogleGrantBroker } from '../../../core/google/grant-access.ts';
import { createSqlGrantStore, type SqlQuery } from '../../../core/google/grant-store.ts';
import { GOOGLE_REVOKE_URL, GOOGLE_TOKEN_URL } from '../../../core/google/oauth-client.ts';
import { importTokenKey } from '../../../core/google/token-crypto.ts';
import { systemMillis } from '../../../core/time/system-clock.ts';
import { env } from './deno-env.ts';

/** Queries on the project's database; connections open on the first query. */
export function databaseFromEnv(): SqlQuery {
  const sql = postgres(env('SUPABASE_DB_URL'), { prepare: false, max: 3, idle_timeout: 20 });
  return async (text, params) => ({ rows: await sql.unsafe(text, [...params]) });
}

/** The Google grant broker of the function `fn`, from its secrets (GOOGLE_*, HOMEROUNDS_TOKEN_ENCRYPTION_KEY). */
export function grantAccessFromEnv(fn: string, query: SqlQuery): GoogleGrantBroker {
  const key = importTokenKey(env('HOMEROUNDS_TOKEN_ENCRYPTION_KEY'));
  // Handled here so a malformed key is reported once instead of ending the isolate; requests then fail.
  key.catch(() => console.error(`[${fn}] HOMEROUNDS_TOKEN_ENCRYPTION_KEY must be base64 of 32 bytes`));
  return createGrantGoogleAccess({
    store: createSqlGrantStore(query),
    key,
    now: systemMillis,
    google: {
      clientId: env('GOOGLE_CLIENT_ID'),
      clientSecret: env('GOOGLE_CLIENT_SECRET'),
      tokenUrl: env('GOOGLE_TOKEN_URL') || GOOGLE_TOKEN_URL,
      revokeUrl: env('GOOGLE_REVOKE_URL') || GOOGLE_REVOKE_URL,
    },
  });
}
