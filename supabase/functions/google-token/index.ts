// Deno entry of the google-token Edge Function (`supabase functions deploy google-token`): the Google token
// broker (server/functions/google-token.ts) over the project's database (postgres.js on SUPABASE_DB_URL,
// which the platform provides, as the table owner: RLS keeps every API role out of google_grants).
// Secrets (`supabase secrets set`): GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET,
// HOMEROUNDS_TOKEN_ENCRYPTION_KEY; optional GOOGLE_TOKEN_URL, GOOGLE_REVOKE_URL. See docs/google-access.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('google-token');
