// Deno entry of the confirmations Edge Function (`supabase functions deploy confirmations --no-verify-jwt`):
// evening confirmation calls (server/functions/confirmations.ts, docs/confirmations.md). Callers: the CLI
// (admin secret), a cron that posts /tick every 5 minutes (pg_cron + pg_net, see docs/confirmations.md),
// signed-in clinicians reading their own status (their Supabase JWT, verified by the Auth service), and the
// voice platform posting end-of-call reports to /webhook with the server secret — hence no gateway JWT check.
// Secrets (`supabase secrets set`): HOMEROUNDS_ADMIN_SECRET, HOMEROUNDS_TOOLS_SECRET,
// HOMEROUNDS_CALL_TOKEN_SECRET, VAPI_API_KEY, HOMEROUNDS_CONFIRMATION_ASSISTANT_ID,
// HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID, HOMEROUNDS_CALLBACK_NUMBER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET,
// HOMEROUNDS_TOKEN_ENCRYPTION_KEY; optional VAPI_BASE_URL, GOOGLE_TOKEN_URL, GOOGLE_REVOKE_URL,
// GOOGLE_CALENDAR_API_URL, HOMEROUNDS_DEFAULT_TIME_ZONE.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('confirmations');
