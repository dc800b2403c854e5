// Deno entry of the mileage Edge Function (`supabase functions deploy mileage`): the signed-in clinician's mileage
// log for a month and their "not driven as planned" edits (server/functions/mileage.ts). Deployed with JWT
// verification on (the handler checks the session with the Auth service too). Secrets (`supabase secrets set`):
// GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and HOMEROUNDS_TOKEN_ENCRYPTION_KEY (the Google grant broker's, as
// reorder-day); GOOGLE_MAPS_API_KEY and GOOGLE_ROUTES_API_KEY optional (without them visits written with an address
// only are left off, and the miles are the straight-line estimate, said approximate); SUPABASE_URL, SUPABASE_ANON_KEY
// and SUPABASE_DB_URL come with every Edge Function. See docs/mileage.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('mileage');
