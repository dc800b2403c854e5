// Deno entry of the link-patient Edge Function (`supabase functions deploy link-patient`): a patient added from the
// calendar's suggestions gets their events linked by the private property homeroundsPatientId
// (server/functions/link-patient.ts). Deployed with JWT verification on. Secrets (`supabase secrets set`):
// GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET and HOMEROUNDS_TOKEN_ENCRYPTION_KEY (the Google grant broker's);
// SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_DB_URL come with every Edge Function. See docs/deploy-assistant.md.
import { startFunction } from '../_shared/deno-env.ts';

startFunction('link-patient');
