// Deno entry of the google-token Edge Function (`supabase functions deploy google-token`): the broker
// handler of _shared/google-token-handler.ts over the project's database (postgres.js on SUPABASE_DB_URL,
// which the platform provides, as the table owner: RLS keeps every API role out of google_grants).
// Secrets (`supabase secrets set`): GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET,
// HOMEROUNDS_TOKEN_ENCRYPTION_KEY; optional GOOGLE_TOKEN_URL, GOOGLE_REVOKE_URL. See docs/google-access.md.
import postgres from 'npm:postgres@3.4.9';
import { createGrantGoogleAccess } from '../../../core/google/grant-access.ts';
import { createSqlGrantStore } from '../../../core/google/grant-store.ts';
import { GOOGLE_REVOKE_URL, GOOGLE_TOKEN_URL } from '../../../core/google/oauth-client.ts';
import { importTokenKey } from '../../../core/google/token-crypto.ts';
import { env, requireSecrets, serve } from '../_shared/deno-env.ts';
import { createGoogleTokenHandler } from '../_shared/google-token-handler.ts';
import type { WebHandler } from '../_shared/http.ts';

const REQUIRED = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_DB_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
] as const;

function createHandler(): WebHandler {
  requireSecrets('google-token', REQUIRED);
  // `prepare: false` also works through Supabase's transaction pooler.
  const sql = postgres(env('SUPABASE_DB_URL'), { prepare: false, max: 3, idle_timeout: 20 });
  const store = createSqlGrantStore(async (text, params) => ({ rows: await sql.unsafe(text, [...params]) }));
  const key = importTokenKey(env('HOMEROUNDS_TOKEN_ENCRYPTION_KEY'));
  // Handled here so a malformed key is reported once instead of ending the isolate; requests then fail.
  key.catch(() => console.error('[google-token] HOMEROUNDS_TOKEN_ENCRYPTION_KEY must be base64 of 32 bytes'));
  const broker = createGrantGoogleAccess({
    store,
    key,
    google: {
      clientId: env('GOOGLE_CLIENT_ID'),
      clientSecret: env('GOOGLE_CLIENT_SECRET'),
      tokenUrl: env('GOOGLE_TOKEN_URL') || GOOGLE_TOKEN_URL,
      revokeUrl: env('GOOGLE_REVOKE_URL') || GOOGLE_REVOKE_URL,
    },
  });
  return createGoogleTokenHandler({ supabaseUrl: env('SUPABASE_URL'), anonKey: env('SUPABASE_ANON_KEY'), broker });
}

serve(createHandler());
