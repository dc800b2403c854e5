// The call token: who the clinician is, for the assistant's tools server, without the Supabase access
// token or any Google token ever travelling through the voice platform (core/assistant/call-token.ts).
// Fetched from the call-token Edge Function (`POST {supabaseUrl}/functions/v1/call-token`, the anon key as
// `apikey`, the user's Supabase access token as Bearer) and passed to every call and chat as the
// assistant-overrides variable CALL_TOKEN_VARIABLE. Kept until 2 minutes before it expires (a call or a
// chat sitting needs it valid while it lasts); null when signed out.
import { CALL_TOKEN_VARIABLE, FUNCTION_NAMES, FUNCTIONS_PATH } from '../../../core/assistant/contract.ts';
import { appMillis } from '../app/clock.ts';

/** A cached token is renewed this long before it expires. */
export const CALL_TOKEN_RENEW_MARGIN_MS = 2 * 60_000;
/** The call-token function must answer within this time. */
export const CALL_TOKEN_TIMEOUT_MS = 10_000;

/** The current call token, or null when nobody is signed in. Rejects when the token cannot be had. */
export type GetCallToken = () => Promise<string | null>;

export interface CallTokenOptions {
  /** The Supabase project URL (no trailing slash); the local platform's origin locally. */
  supabaseUrl: string;
  anonKey: string;
  /** The signed-in user's Supabase access token, or null when signed out. */
  getAccessToken: () => string | null;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface CallTokenSource {
  get: GetCallToken;
  /** Forgets the cached token (the next get() fetches a new one). */
  clear(): void;
}

/**
 * Thrown when the call-token function fails. Its message avoids the words the widget's error catalogue
 * maps (spec §8: "permission", "network"/"fetch", "assistant"/"not found", "unauthorized"/"invalid key"),
 * so the user reads what happened; a failed fetch itself stays a TypeError ("Failed to fetch").
 */
export class CallTokenError extends Error {
  constructor(readonly status: number | null) {
    super(`Could not get a call token${status === null ? '' : ` (${status})`}. Please try again.`);
    this.name = 'CallTokenError';
  }
}

/** `assistantOverrides` carrying the call token; undefined without one. */
export function callTokenOverrides(token: string | null): { variableValues: Record<string, string> } | undefined {
  return token ? { variableValues: { [CALL_TOKEN_VARIABLE]: token } } : undefined;
}

/** The user a Supabase access token belongs to (its `sub`), or the token itself when it cannot be read. */
function userKey(accessToken: string): string {
  try {
    const payload = accessToken.split('.')[1] ?? '';
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : accessToken;
  } catch {
    return accessToken;
  }
}

export function createCallTokenSource(options: CallTokenOptions): CallTokenSource {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const now = options.now ?? appMillis;
  const url = `${options.supabaseUrl}${FUNCTIONS_PATH}/${FUNCTION_NAMES.callToken}`;
  let cached: { user: string; token: string; renewAt: number } | null = null;
  let pending: { user: string; promise: Promise<string | null> } | null = null;

  async function fetchToken(accessToken: string, user: string): Promise<string | null> {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { apikey: options.anonKey, Authorization: `Bearer ${accessToken}` },
        signal: AbortSignal.timeout(CALL_TOKEN_TIMEOUT_MS),
      });
    } catch (error) {
      if ((error as { name?: string }).name === 'TimeoutError') throw new CallTokenError(null);
      throw error;
    }
    // The session is no longer valid: as good as signed out.
    if (response.status === 401) return null;
    const body = (await response.json().catch(() => null)) as { callToken?: unknown; expiresAt?: unknown } | null;
    if (!response.ok || typeof body?.callToken !== 'string' || !body.callToken) {
      throw new CallTokenError(response.ok ? null : response.status);
    }
    const expiresAt = typeof body.expiresAt === 'string' ? Date.parse(body.expiresAt) : Number.NaN;
    // Without a readable expiry the token is used once.
    if (Number.isFinite(expiresAt)) {
      cached = { user, token: body.callToken, renewAt: expiresAt - CALL_TOKEN_RENEW_MARGIN_MS };
    }
    return body.callToken;
  }

  return {
    async get() {
      const accessToken = options.getAccessToken();
      if (!accessToken) {
        cached = null;
        return null;
      }
      const user = userKey(accessToken);
      if (cached && cached.user === user && now() < cached.renewAt) return cached.token;
      cached = null;
      if (pending && pending.user === user) return pending.promise;
      const promise = fetchToken(accessToken, user).finally(() => {
        if (pending?.promise === promise) pending = null;
      });
      pending = { user, promise };
      return promise;
    },
    clear() {
      cached = null;
      pending = null;
    },
  };
}
