// POST /functions/v1/call-token: the signed-in clinician's web app gets a short-lived call token to pass
// to the voice platform as an assistant-overrides variable (core/assistant/call-token.ts says why).
// POST /functions/v1/call-token/revoke: sign-out ends every call token issued to the clinician so far (the web
// app asks before it signs out of Supabase); the tools refuse them from then on.
import { type CallTokenRevocations, signCallToken } from '../../core/assistant/call-token.ts';
import type { CallTokenRevocationStore } from '../call-token-revocations.ts';
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
  /** Where sign-out moves the clinician's revocation generation on; absent: tokens end only by expiring. */
  revocations?: CallTokenRevocations & Partial<Pick<CallTokenRevocationStore, 'revoke'>>;
  now: () => Date;
}

class StoreUnavailableError extends Error {}

export function createCallTokenHandler(config: CallTokenConfig): WebHandler {
  const issue = async (userId: string) => {
    const generation = config.revocations
      ? await config.revocations.generation(userId).catch(() => {
          throw new StoreUnavailableError();
        })
      : 0;
    const { token, expiresAt } = await signCallToken(
      userId,
      config.callTokenSecret,
      config.now(),
      undefined,
      undefined,
      generation,
    );
    return json(200, { callToken: token, expiresAt: new Date(expiresAt).toISOString() });
  };

  const revoke = async (userId: string) => {
    const store = config.revocations?.revoke;
    if (!store) return errorJson(501, 'not_implemented', 'This server does not revoke call tokens.');
    await store(userId).catch(() => {
      throw new StoreUnavailableError();
    });
    return json(200, { revoked: true });
  };

  return async (request) => {
    if (request.method === 'OPTIONS') return preflight();
    if (request.method !== 'POST') return errorJson(405, 'method_not_allowed', 'Use POST');
    await request.body?.cancel();
    const revoking = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) === 'revoke';
    try {
      const caller = await supabaseCaller(request, config);
      return await (revoking ? revoke(caller.id) : issue(caller.id));
    } catch (error) {
      if (error instanceof UnauthorizedError) return errorJson(401, 'unauthorized', error.message);
      if (error instanceof StoreUnavailableError) {
        return errorJson(503, 'unavailable', 'Call tokens cannot be issued or revoked just now: try again.');
      }
      return errorJson(503, 'auth_unavailable', (error as Error).message);
    }
  };
}
