// Deno entry of the confirmations Edge Function (`supabase functions deploy confirmations --no-verify-jwt`):
// evening confirmation calls (_shared/confirmations-handler.ts, docs/confirmations.md). Callers: the CLI
// (admin secret), a cron that posts /tick every 5 minutes (pg_cron + pg_net, see docs/confirmations.md),
// signed-in clinicians reading their own status (their Supabase JWT, verified by the Auth service), and the
// voice platform posting end-of-call reports to /webhook with the server secret — hence no gateway JWT check.
// Secrets (`supabase secrets set`): HOMEROUNDS_ADMIN_SECRET, HOMEROUNDS_TOOLS_SECRET,
// HOMEROUNDS_CALL_TOKEN_SECRET, VAPI_API_KEY, HOMEROUNDS_CONFIRMATION_ASSISTANT_ID,
// HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID, HOMEROUNDS_CALLBACK_NUMBER, GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET,
// HOMEROUNDS_TOKEN_ENCRYPTION_KEY; optional VAPI_BASE_URL, GOOGLE_TOKEN_URL, GOOGLE_REVOKE_URL,
// GOOGLE_CALENDAR_API_URL, HOMEROUNDS_DEFAULT_TIME_ZONE.
import { isValidTimeZone } from '../../../core/assistant/zoned-time.ts';
import { DEFAULT_CALENDAR_BASE_URL } from '../../../core/calendar/events-request.ts';
import { googleCalendarPort } from '../../../core/calendar/google-calendar.ts';
import { E164 } from '../../../core/confirmations/phone.ts';
import { createConfirmationStore } from '../../../core/confirmations/store.ts';
import { createVoicePort } from '../../../core/confirmations/voice-port.ts';
import { systemNow } from '../../../core/time/system-clock.ts';
import { createBatchRunner } from '../_shared/confirmation-runner.ts';
import { createConfirmationsHandler } from '../_shared/confirmations-handler.ts';
import { env, refuseToStart, requireSecrets, serve } from '../_shared/deno-env.ts';
import { databaseFromEnv, grantAccessFromEnv } from '../_shared/deno-grants.ts';

const REQUIRED = [
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'SUPABASE_DB_URL',
  'HOMEROUNDS_ADMIN_SECRET',
  'HOMEROUNDS_TOOLS_SECRET',
  'HOMEROUNDS_CALL_TOKEN_SECRET',
  'VAPI_API_KEY',
  'HOMEROUNDS_CONFIRMATION_ASSISTANT_ID',
  'HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID',
  'HOMEROUNDS_CALLBACK_NUMBER',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'HOMEROUNDS_TOKEN_ENCRYPTION_KEY',
] as const;

requireSecrets('confirmations', REQUIRED);
if (env('HOMEROUNDS_CALL_TOKEN_SECRET').length < 32) {
  refuseToStart('confirmations', 'HOMEROUNDS_CALL_TOKEN_SECRET must be at least 32 characters (as assistant-tools).');
}
if (env('HOMEROUNDS_ADMIN_SECRET').length < 24) {
  refuseToStart('confirmations', 'HOMEROUNDS_ADMIN_SECRET must be at least 24 characters.');
}
if (!E164.test(env('HOMEROUNDS_CALLBACK_NUMBER'))) {
  refuseToStart('confirmations', 'HOMEROUNDS_CALLBACK_NUMBER must be an E.164 number such as +13125550100.');
}
const defaultTimeZone = env('HOMEROUNDS_DEFAULT_TIME_ZONE') || 'America/Chicago';
if (!isValidTimeZone(defaultTimeZone)) {
  refuseToStart('confirmations', 'HOMEROUNDS_DEFAULT_TIME_ZONE is not an IANA time zone (e.g. America/Chicago).');
}

const query = databaseFromEnv();
const googleAccess = grantAccessFromEnv('confirmations', query);
const store = createConfirmationStore(query);
const calendarApiUrl = env('GOOGLE_CALENDAR_API_URL') || DEFAULT_CALENDAR_BASE_URL;

const runner = createBatchRunner({
  store,
  calendarFor: (userId) =>
    googleCalendarPort({
      baseUrl: calendarApiUrl,
      token: async (need) => (await googleAccess.accessToken(userId, need)).accessToken,
      now: systemNow,
    }),
  voice: createVoicePort({ baseUrl: env('VAPI_BASE_URL') || 'https://api.vapi.ai', apiKey: env('VAPI_API_KEY') }),
  assistantId: async () => env('HOMEROUNDS_CONFIRMATION_ASSISTANT_ID'),
  phoneNumberId: async () => env('HOMEROUNDS_CONFIRMATION_PHONE_NUMBER_ID'),
  callTokenSecret: env('HOMEROUNDS_CALL_TOKEN_SECRET'),
  defaultCallbackNumber: env('HOMEROUNDS_CALLBACK_NUMBER'),
  defaultTimeZone,
  now: systemNow,
  log: (line) => console.error(line),
});

serve(
  createConfirmationsHandler({
    supabaseUrl: env('SUPABASE_URL'),
    anonKey: env('SUPABASE_ANON_KEY'),
    adminSecret: env('HOMEROUNDS_ADMIN_SECRET'),
    toolsSecret: env('HOMEROUNDS_TOOLS_SECRET'),
    callTokenSecret: env('HOMEROUNDS_CALL_TOKEN_SECRET'),
    runner,
    store,
    now: systemNow,
    log: (line) => console.error(line),
  }),
);
