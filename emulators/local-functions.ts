// The Edge Functions as the local platform mounts them: the production handlers, configured with the
// local platform's own origin (its Auth, PostgREST and Google stand-ins) and development secrets.
import { FUNCTION_NAMES } from '../core/assistant/contract.ts';
import { LOCAL_ANON_KEY } from '../fixtures/local-keys.ts';
import { LOCAL_CALL_TOKEN_SECRET } from '../fixtures/local-secrets.ts';
import { createCallTokenHandler } from '../supabase/functions/_shared/call-token-handler.ts';
import type { PlatformContext } from './context.ts';
import type { FunctionHandlers } from './functions.ts';

export function createLocalFunctions(ctx: PlatformContext): FunctionHandlers {
  // The origin is known only once the server listens: read it per request.
  const auth = () => ({ supabaseUrl: ctx.origin, anonKey: LOCAL_ANON_KEY });
  return {
    [FUNCTION_NAMES.callToken]: (request) =>
      createCallTokenHandler({ ...auth(), callTokenSecret: LOCAL_CALL_TOKEN_SECRET, now: ctx.now })(request),
  };
}
