// Deno entry of the call-token Edge Function (`supabase functions deploy call-token`): the signed-in
// clinician's web app gets a short-lived call token for the voice assistant (_shared/call-token-handler.ts).
// Deployed with JWT verification on (the caller is a signed-in Supabase user; the handler checks the
// session with the Auth service too). Secrets (`supabase secrets set`): HOMEROUNDS_CALL_TOKEN_SECRET;
// SUPABASE_URL and SUPABASE_ANON_KEY come with every Edge Function. See docs/deploy-assistant.md.
import { createCallTokenHandler } from '../_shared/call-token-handler.ts';

// Only what this file uses of the Deno runtime (declared here so Node's tsc checks the file too).
declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Response | Promise<Response>): unknown;
};

const REQUIRED = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'HOMEROUNDS_CALL_TOKEN_SECRET'] as const;

function env(name: string): string {
  return Deno.env.get(name)?.trim() ?? '';
}

const missing = REQUIRED.filter((name) => !env(name));
if (missing.length > 0) {
  // Names only, never values. The function does not start: every request fails until the secrets are set.
  throw new Error(
    `[call-token] missing secrets: ${missing.join(', ')}. Set them with \`supabase secrets set NAME=value\` (docs/deploy-assistant.md).`,
  );
}
if (env('HOMEROUNDS_CALL_TOKEN_SECRET').length < 32) {
  throw new Error(
    '[call-token] HOMEROUNDS_CALL_TOKEN_SECRET must be at least 32 characters (openssl rand -base64 48).',
  );
}

Deno.serve(
  createCallTokenHandler({
    supabaseUrl: env('SUPABASE_URL').replace(/\/+$/, ''),
    anonKey: env('SUPABASE_ANON_KEY'),
    callTokenSecret: env('HOMEROUNDS_CALL_TOKEN_SECRET'),
  }),
);
