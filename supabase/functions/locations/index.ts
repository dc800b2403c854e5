// Deno entry of the locations Edge Function (`supabase functions deploy locations`): the signed-in clinician's web
// app has a day's visit addresses located, the Google key staying on the server (server/functions/locations.ts).
// Deployed with JWT verification on (the caller is a signed-in Supabase user; the handler checks the session with
// the Auth service too). Secrets (`supabase secrets set`): GOOGLE_MAPS_API_KEY (optional: without it the function
// answers 503 not_configured); SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_DB_URL (the geocode cache) come with
// every Edge Function. See docs/deploy-assistant.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('locations');
