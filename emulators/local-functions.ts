// The Edge Functions as the local platform mounts them: the production handlers, configured with the
// local platform's own origin (its Auth, PostgREST and Google stand-ins) and development secrets.
import { FUNCTION_NAMES } from '../core/assistant/contract.ts';
import { CONFIRMATIONS_FUNCTION } from '../core/confirmations/contract.ts';
import { profileHome } from '../core/profile/home.ts';
import { LOCAL_ANON_KEY } from '../fixtures/local-keys.ts';
import { LOCAL_ADMIN_SECRET, LOCAL_CALL_TOKEN_SECRET, LOCAL_TOOLS_SECRET } from '../fixtures/local-secrets.ts';
import { SEED_TIME_ZONE } from '../fixtures/time.ts';
import { createAssistantToolsHandler } from '../supabase/functions/_shared/assistant-tools-handler.ts';
import { createCallTokenHandler } from '../supabase/functions/_shared/call-token-handler.ts';
import { createConfirmationsHandler } from '../supabase/functions/_shared/confirmations-handler.ts';
import { createGoogleTokenHandler } from '../supabase/functions/_shared/google-token-handler.ts';
import type { PlatformContext } from './context.ts';
import type { FunctionHandlers } from './functions.ts';
import { localConfirmations } from './local-confirmations.ts';
import { localGoogleAccess } from './local-google-access.ts';

export function createLocalFunctions(ctx: PlatformContext): FunctionHandlers {
  // The origin is known only once the server listens: read it per request.
  const auth = () => ({ supabaseUrl: ctx.origin, anonKey: LOCAL_ANON_KEY });
  return {
    [FUNCTION_NAMES.callToken]: (request) =>
      createCallTokenHandler({ ...auth(), callTokenSecret: LOCAL_CALL_TOKEN_SECRET, now: ctx.now })(request),
    [FUNCTION_NAMES.googleToken]: (request) =>
      createGoogleTokenHandler({ ...auth(), broker: localGoogleAccess(ctx), log: ctx.log })(request),
    [FUNCTION_NAMES.assistantTools]: (request) =>
      createAssistantToolsHandler({
        toolsSecret: LOCAL_TOOLS_SECRET,
        callTokenSecret: LOCAL_CALL_TOKEN_SECRET,
        calendarApiUrl: ctx.origin,
        googleAccess: localGoogleAccess(ctx),
        defaultTimeZone: SEED_TIME_ZONE,
        confirmationStore: localConfirmations(ctx).store,
        home: (userId) => profileHome((sql, params) => ctx.db.query(sql, params), userId),
        now: ctx.now,
        log: ctx.log,
      })(request),
    [CONFIRMATIONS_FUNCTION]: (request) =>
      createConfirmationsHandler({
        ...auth(),
        adminSecret: LOCAL_ADMIN_SECRET,
        toolsSecret: LOCAL_TOOLS_SECRET,
        callTokenSecret: LOCAL_CALL_TOKEN_SECRET,
        ...localConfirmations(ctx),
        now: ctx.now,
        log: ctx.log,
      })(request),
  };
}
