// POST /functions/v1/call-token: the signed-in clinician's web app gets a short-lived call token to pass
// to the voice platform as an assistant-overrides variable (core/assistant/call-token.ts says why).
import { signCallToken } from '../../core/assistant/call-token.ts';
import {
  errorJson,
  json,
  preflight,
  type SupabaseAuthConfig,
  supabaseCaller,
  UnauthorizedError,
  type WebHandler,
} from '../http.ts';

export interface CallTokenConfig extends SupabaseAuthConfig {
  callTokenSecret: string;
  now: () => Date;
}

export function createCallTokenHandler(config: CallTokenConfig): WebHandler {
  return async (request) => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return errorJson(405, 'method_not_allowed', 'Use POST');
    await request.body?.cancel();
    try {
      const caller = await supabaseCaller(request, config);
      const { token, expiresAt } = await signCallToken(caller.id, config.callTokenSecret, config.now());
      return json(200, { callToken: token, expiresAt: new Date(expiresAt).toISOString() });
    } catch (error) {
      if (error instanceof UnauthorizedError) return errorJson(401, 'unauthorized', error.message);
      return errorJson(503, 'auth_unavailable', (error as Error).message);
    }
  };
}
