// /functions/v1/google-token — the Google token broker of the signed-in clinician's web app. supabase-js
// drops `provider_token` at its first session refresh (≤ 1 h), so the web app hands the refresh token it
// got once at the offline sign-in to this function, which keeps it server-side only (encrypted), and
// asks here for a fresh Google access token whenever it has none:
//   PUT    {refreshToken}            store the grant (checked with Google)      → 200 {accessToken, expiresAt, scopes}
//   POST   {need?, forceRefresh?}    a fresh access token                       → 200 {accessToken, expiresAt, scopes}
//   DELETE                           forget the grant and revoke it at Google  → 200 {forgotten}
// 401 `reauth_required` = no usable grant (never stored, or revoked at Google): only signing in again helps.
// Tokens are never logged.
import {
  type GoogleAccessToken,
  GoogleGrantMissingError,
  GoogleWriteAccessMissingError,
} from '../../core/google/access.ts';
import type { GoogleGrantBroker } from '../google/grant-access.ts';
import { GoogleTokenError } from '../google/oauth-client.ts';
import {
  errorJson,
  json,
  preflight,
  readJsonObject,
  type SupabaseAuthConfig,
  supabaseCaller,
  UnauthorizedError,
  type WebHandler,
} from '../http.ts';

export const REAUTH_REQUIRED_MESSAGE = 'Google Calendar access is not available. Please sign in again.';
/** Google refresh tokens are ~100 characters; anything far longer is not one. */
const MAX_REFRESH_TOKEN_LENGTH = 2048;

export interface GoogleTokenConfig extends SupabaseAuthConfig {
  broker: GoogleGrantBroker;
  /** Where failures are reported (never with a token); default console.error. */
  log?: (line: string) => void;
}

function tokenBody(token: GoogleAccessToken): Record<string, unknown> {
  return { accessToken: token.accessToken, expiresAt: new Date(token.expiresAt).toISOString(), scopes: token.scopes };
}

export function createGoogleTokenHandler(config: GoogleTokenConfig): WebHandler {
  const log = config.log ?? ((line: string) => console.error(line));

  async function answer(request: Request, userId: string): Promise<Response> {
    if (request.method === 'DELETE') {
      await request.body?.cancel();
      return json(200, { forgotten: await config.broker.forgetGrant(userId) });
    }
    const body = await readJsonObject(request, 16 * 1024);
    if (request.method === 'PUT') {
      const refreshToken = body?.refreshToken;
      if (typeof refreshToken !== 'string' || !refreshToken.trim() || refreshToken.length > MAX_REFRESH_TOKEN_LENGTH) {
        return errorJson(
          400,
          'invalid_request',
          'Send {"refreshToken": "<the provider_refresh_token of the session>"}',
        );
      }
      try {
        return json(200, tokenBody(await config.broker.storeGrant(userId, refreshToken.trim())));
      } catch (error) {
        if (error instanceof GoogleGrantMissingError) {
          return errorJson(400, 'invalid_grant', 'Google did not accept this refresh token: sign in again');
        }
        throw error;
      }
    }
    // POST: an empty body means a read token, from the cache while it is still good.
    const need = body?.need ?? 'read';
    if (need !== 'read' && need !== 'write') return errorJson(400, 'invalid_request', 'need must be "read" or "write"');
    const token = await config.broker.accessToken(userId, need, { forceRefresh: body?.forceRefresh === true });
    return json(200, tokenBody(token));
  }

  return async (request) => {
    if (request.method === 'OPTIONS') return preflight();
    if (!['PUT', 'POST', 'DELETE'].includes(request.method)) {
      await request.body?.cancel();
      return errorJson(405, 'method_not_allowed', 'Use PUT, POST or DELETE', { Allow: 'PUT, POST, DELETE, OPTIONS' });
    }
    let userId: string;
    try {
      userId = (await supabaseCaller(request, config)).id;
    } catch (error) {
      await request.body?.cancel().catch(() => {});
      if (error instanceof UnauthorizedError) return errorJson(401, 'unauthorized', error.message);
      return errorJson(503, 'auth_unavailable', (error as Error).message);
    }
    try {
      return await answer(request, userId);
    } catch (error) {
      if (error instanceof GoogleGrantMissingError) return errorJson(401, 'reauth_required', REAUTH_REQUIRED_MESSAGE);
      if (error instanceof GoogleWriteAccessMissingError) {
        return errorJson(403, 'write_access_required', error.message);
      }
      if (error instanceof GoogleTokenError) {
        // status and OAuth error code only: Google's answers never echo the token, but be strict anyway.
        log(`[google-token] Google token endpoint failed: ${error.status || 'unreachable'} ${error.error}`);
        return errorJson(502, 'google_unavailable', 'Google could not be reached. Please try again.');
      }
      // Our own errors and the database's carry no token (only ciphertext ever reaches SQL parameters).
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      log(`[google-token] ${request.method} failed: ${reason.slice(0, 300)}`);
      return errorJson(500, 'unexpected_failure', 'The Google token broker failed. Please try again.');
    }
  };
}
