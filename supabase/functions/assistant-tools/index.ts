// Deno entry of the assistant-tools Edge Function (`supabase functions deploy assistant-tools
// --no-verify-jwt`): the scheduling tools behind the hosted voice assistant, over the platform's server-URL
// webhook (server/functions/assistant-tools.ts). The voice platform is the only caller: it sends no Supabase
// JWT, so the gateway's JWT check is off and the handler checks the server secret (X-Vapi-Secret) itself.
// Secrets (`supabase secrets set`): HOMEROUNDS_TOOLS_SECRET, HOMEROUNDS_CALL_TOKEN_SECRET, GOOGLE_CLIENT_ID,
// GOOGLE_CLIENT_SECRET, HOMEROUNDS_TOKEN_ENCRYPTION_KEY; optional GOOGLE_TOKEN_URL, GOOGLE_REVOKE_URL,
// GOOGLE_CALENDAR_API_URL, HOMEROUNDS_DEFAULT_TIME_ZONE. SUPABASE_DB_URL (and SUPABASE_URL,
// SUPABASE_ANON_KEY) come with every Edge Function. See docs/deploy-assistant.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('assistant-tools');
