// Deno entry of the assistant-tools Edge Function (`supabase functions deploy assistant-tools
// --no-verify-jwt`): the scheduling tools behind the hosted voice assistant, over the platform's
// server-URL webhook (_shared/assistant-tools-handler.ts). The voice platform is the only caller: it
// sends no Supabase JWT, so the gateway's JWT check is off and the handler checks the server secret
// (X-Vapi-Secret) itself. Google access comes from the grants the google-token function stored
// (postgres.js on SUPABASE_DB_URL, as the table owner, like google-token).
// Secrets (`supabase secrets set`): HOMEROUNDS_TOOLS_SECRET, HOMEROUNDS_CALL_TOKEN_SECRET,
// GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, HOMEROUNDS_TOKEN_ENCRYPTION_KEY; optional GOOGLE_TOKEN_URL,
// GOOGLE_REVOKE_URL, GOOGLE_CALENDAR_API_URL, HOMEROUNDS_DEFAULT_TIME_ZONE. SUPABASE_DB_URL (and
// SUPABASE_URL, SUPABASE_ANON_KEY) come with every Edge Function. See docs/deploy-assistant.md.
import { isValidTimeZone } from '../../../core/assistant/zoned-time.ts';
import { DEFAULT_CALENDAR_BASE_URL } from '../../../core/calendar/events-request.ts';
import { createConfirmationStore } from '../../../core/confirmations/store.ts';
import { profileHome } from '../../../core/profile/home.ts';
import { systemNow } from '../../../core/time/system-clock.ts';
import { createAssistantToolsHandler } from '../_shared/assistant-tools-handler.ts';
import { env, refuseToStart, requireSecrets, serve } from '../_shared/deno-env.ts';
import { databaseFromEnv, grantAccessFromEnv } from '../_shared/deno-grants.ts';

const REQUIRED = [
  'HOMEROUNDS_TOOLS_SECRET',
  'HOMEROUNDS_CALL_TOKEN_SECRET',
  'SUPABASE_DB_URL',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
] as const;

requireSecrets('assistant-tools', REQUIRED);
if (env('HOMEROUNDS_CALL_TOKEN_SECRET').length < 32) {
  refuseToStart(
    'assistant-tools',
    'HOMEROUNDS_CALL_TOKEN_SECRET must be at least 32 characters (the same value as the call-token function).',
  );
}
const defaultTimeZone = env('HOMEROUNDS_DEFAULT_TIME_ZONE') || undefined;
if (defaultTimeZone && !isValidTimeZone(defaultTimeZone)) {
  refuseToStart('assistant-tools', `HOMEROUNDS_DEFAULT_TIME_ZONE is not an IANA time zone (e.g. America/Chicago).`);
}

const query = databaseFromEnv();

serve(
  createAssistantToolsHandler({
    toolsSecret: env('HOMEROUNDS_TOOLS_SECRET'),
    callTokenSecret: env('HOMEROUNDS_CALL_TOKEN_SECRET'),
    calendarApiUrl: env('GOOGLE_CALENDAR_API_URL') || DEFAULT_CALENDAR_BASE_URL,
    googleAccess: grantAccessFromEnv('assistant-tools', query),
    defaultTimeZone,
    // Confirmation calls (a patient on the phone) record what they asked for here.
    confirmationStore: createConfirmationStore(query),
    home: (userId) => profileHome(query, userId),
    now: systemNow,
    log: (line) => console.error(line),
  }),
);
