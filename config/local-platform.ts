// Public constants of the local platform (`npm start`): the default origin, the Supabase CLI's well-known local
// keys and the local voice org's public key. Development configuration, not test data: pure constants with no
// imports, so web/, cli/, emulators/ and tests share them. Public by design (the same values every
// `supabase start` prints; the voice key opens web calls only); never valid in production. The local
// platform's secrets live in emulators/local-secrets.ts, out of every bundle.

/** Default origin of the local platform (`HOST`/`PORT` override it). */
export const LOCAL_PLATFORM_URL = 'http://127.0.0.1:8787';

/** The Supabase CLI's legacy anon key: HS256 JWT `{"iss":"supabase-demo","role":"anon","exp":1983812996}`. */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** The Supabase CLI's publishable key; the gateway maps it to the anon role, like LOCAL_ANON_KEY. */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';

/** Public key of the local voice org: accepted only by POST /call/web and /chat/web*. */
export const LOCAL_VOICE_PUBLIC_KEY = 'local-public-3e8d5c7b-1a2f-4b6e-9d0c-8f7a6b5e4d3c';
