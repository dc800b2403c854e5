// Deno entry of the google-token Edge Function (`supabase functions deploy google-token`): the broker
// handler of _shared/google-token-handler.ts over the project's database (postgres.js on SUPABASE_DB_URL,
// which the platform provides, as the table owner: RLS keeps every API role out of google_grants).
// Secrets (`supabase secrets set`): GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET,
// HOMEROUNDS_TOKEN_ENCRYPTION_KEY; optional GOOGLE_TOKEN_URL, GOOGLE_REVOKE_URL. See docs/google-access.md.
import { env, requireSecrets, serve } from '../_shared/deno-env.ts';
import { databaseFromEnv, grantAccessFromEnv } from '../_shared/deno-grants.ts';
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
  const broker = grantAccessFromEnv('google-token', databaseFromEnv());
  return createGoogleTokenHandler({ supabaseUrl: env('SUPABASE_URL'), anonKey: env('SUPABASE_ANON_KEY'), broker });
}

serve(createHandler());
