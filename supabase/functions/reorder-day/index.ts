// Deno entry of the reorder-day Edge Function (`supabase functions deploy reorder-day`): "Use this order" in the
// Route view and its Undo (server/functions/reorder-day.ts): a day's visits moved all or none, each write checked
// against the etag the web app read. Deployed with JWT verification on (the caller is a signed-in Supabase user; the
// handler checks the session with the Auth service too). Secrets (`supabase secrets set`): GOOGLE_CLIENT_ID,
// GOOGLE_CLIENT_SECRET and HOMEROUNDS_TOKEN_ENCRYPTION_KEY (the Google grant broker's, as google-token);
// SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_DB_URL come with every Edge Function. See docs/deploy-assistant.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('reorder-day');
