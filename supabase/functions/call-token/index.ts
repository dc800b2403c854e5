// Deno entry of the call-token Edge Function (`supabase functions deploy call-token`): the signed-in
// clinician's web app gets a short-lived call token for the voice assistant (_shared/call-token-handler.ts).
// Deployed with JWT verification on (the caller is a signed-in Supabase user; the handler checks the
// session with the Auth service too). Secrets (`supabase secrets set`): HOMEROUNDS_CALL_TOKEN_SECRET;
// SUPABASE_URL and SUPABASE_ANON_KEY come with every Edge Function. See docs/deploy-assistant.md.
import { systemNow } from '../../../core/time/system-clock.ts';
import { createCallTokenHandler } from '../_shared/call-token-handler.ts';
import { env, refuseToStart, requireSecrets, serve } from '../_shared/deno-env.ts';

const REQUIRED = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'HOMEROUNDS_CALL_TOKEN_SECRET'] as const;

requireSecrets('call-token', REQUIRED);
if (env('HOMEROUNDS_CALL_TOKEN_SECRET').length < 32) {
  refuseToStart('call-token', 'HOMEROUNDS_CALL_TOKEN_SECRET must be at least 32 characters (openssl rand -base64 48).');
}

serve(
  createCallTokenHandler({
    supabaseUrl: env('SUPABASE_URL').replace(/\/+$/, ''),
    anonKey: env('SUPABASE_ANON_KEY'),
    callTokenSecret: env('HOMEROUNDS_CALL_TOKEN_SECRET'),
    now: systemNow,
  }),
);
