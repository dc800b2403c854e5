// Deno entry of the drive-times Edge Function (`supabase functions deploy drive-times`): the drive minutes between a
// day's places for the web app's Route view and the CLI, from the server's road matrix, so they plan with the drive
// times the assistant uses (server/functions/drive-times.ts). Deployed with JWT verification on (the caller is a
// signed-in Supabase user; the handler checks the session with the Auth service too). Secrets (`supabase secrets
// set`): GOOGLE_ROUTES_API_KEY (optional: without it the function answers the straight-line estimate, roadBased
// false); SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_DB_URL (the route-matrix cache) come with every Edge Function.
// See docs/deploy-assistant.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('drive-times');
