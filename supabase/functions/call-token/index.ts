// Deno entry of the call-token Edge Function (`supabase functions deploy call-token`): the signed-in
// clinician's web app gets a short-lived call token for the voice assistant (server/functions/call-token.ts).
// Deployed with JWT verification on (the caller is a signed-in Supabase user; the handler checks the
// session with the Auth service too). Secrets (`supabase secrets set`): HOMEROUNDS_CALL_TOKEN_SECRET;
// SUPABASE_URL and SUPABASE_ANON_KEY come with every Edge Function. See docs/deploy-assistant.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('call-token');
