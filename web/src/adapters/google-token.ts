// The web app's side of the Google token broker (supabase/functions/google-token). supabase-js keeps
// Google's access token (`provider_token`) only until its first session refresh, and the refresh token
// (`provider_refresh_token`) arrives once, right after an offline sign-in. This adapter hands that refresh
// token to the server (which keeps it encrypted, server-side only), removes it from the browser's stored
// session, and later asks the broker for a fresh Google access token whenever the session has none.
// `accessToken()` answers null when only signing in again helps (the broker's 401 `reauth_required`).
import { appMillis } from '../app/clock.ts';
import type { SupabaseLoader } from './supabase-client.ts';

export const GOOGLE_TOKEN_FUNCTION = 'google-token';
/** Reuse a broker token until this close to its expiry (the server caches with the same margin). */
const EXPIRY_MARGIN_MS = 60_000;

export interface BrokerSession {
  /** The Supabase access token (the broker checks it with Supabase Auth). */
  accessToken: string;
  userId: string;
  /** Present only in the session stored right after an offline sign-in, until handed over. */
  providerRefreshToken?: string;
}

export interface GoogleTokenBroker {
  /** A Google access token from the broker, or null when the clinician must sign in again. */
  accessToken(options?: { forceRefresh?: boolean; signal?: AbortSignal }): Promise<string | null>;
  /** Hands an offline sign-in's refresh token to the server (once per token); true when it is stored. */
  handOver(session: BrokerSession): Promise<boolean>;
  /** Forgets the stored grant (and revokes it at Google), e.g. for a future "Disconnect Google" action. */
  forget(): Promise<void>;
}

export interface GoogleTokenBrokerOptions {
  supabaseUrl: string;
  anonKey: string;
  getSession(): Promise<BrokerSession | null>;
  /** Called once a refresh token is settled (stored server-side, or refused for good): the browser copy can go. */
  onHandedOver?(refreshToken: string): void;
  fetch?: typeof fetch;
  now?: () => number;
}

export class GoogleBrokerError extends Error {
  constructor(readonly status: number) {
    super(`The Google token broker answered ${status || 'nothing (network error)'}`);
    this.name = 'GoogleBrokerError';
  }
}

interface CachedToken {
  userId: string;
  token: string;
  expiresAt: number;
}

export function googleTokenUrl(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/${GOOGLE_TOKEN_FUNCTION}`;
}

export function createGoogleTokenBroker(options: GoogleTokenBrokerOptions): GoogleTokenBroker {
  const url = googleTokenUrl(options.supabaseUrl);
  const now = options.now ?? appMillis;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  let cached: CachedToken | null = null;
  // Tokens already stored (or refused) and the hand-overs under way: SIGNED_IN and a schedule load may
  // both see the same fresh session; the server gets it once.
  const done = new Set<string>();
  const pending = new Map<string, Promise<boolean>>();

  async function call(method: string, session: BrokerSession, body?: unknown, signal?: AbortSignal) {
    try {
      return await doFetch(url, {
        method,
        headers: {
          apikey: options.anonKey,
          Authorization: `Bearer ${session.accessToken}`,
          'Content-Type': 'application/json',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new GoogleBrokerError(0);
    }
  }

  async function remember(session: BrokerSession, response: Response): Promise<string> {
    const body = (await response.json()) as { accessToken?: unknown; expiresAt?: unknown };
    if (typeof body.accessToken !== 'string' || typeof body.expiresAt !== 'string') {
      throw new GoogleBrokerError(response.status);
    }
    cached = { userId: session.userId, token: body.accessToken, expiresAt: Date.parse(body.expiresAt) };
    return body.accessToken;
  }

  function handOver(session: BrokerSession): Promise<boolean> {
    const refreshToken = session.providerRefreshToken;
    if (!refreshToken || done.has(refreshToken)) return Promise.resolve(false);
    let attempt = pending.get(refreshToken);
    if (!attempt) {
      attempt = (async () => {
        const response = await call('PUT', session, { refreshToken });
        if (response.ok) {
          await remember(session, response);
        } else {
          await response.body?.cancel();
          // 4xx: this token will never be accepted (or the session is gone); 5xx/network: try again later.
          if (response.status >= 500) throw new GoogleBrokerError(response.status);
        }
        done.add(refreshToken);
        options.onHandedOver?.(refreshToken);
        return response.ok;
      })().finally(() => pending.delete(refreshToken));
      pending.set(refreshToken, attempt);
    }
    return attempt;
  }

  return {
    async accessToken({ forceRefresh = false, signal } = {}) {
      const session = await options.getSession();
      if (!session) return null;
      // A fresh offline sign-in whose refresh token is not on the server yet: hand it over first.
      await handOver(session);
      if (!forceRefresh && cached?.userId === session.userId && cached.expiresAt - EXPIRY_MARGIN_MS > now()) {
        return cached.token;
      }
      cached = null;
      const response = await call('POST', session, forceRefresh ? { forceRefresh: true } : {}, signal);
      if (response.status === 401) {
        // reauth_required (no usable grant) or unauthorized (session gone): both mean sign in again.
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new GoogleBrokerError(response.status);
      }
      return remember(session, response);
    },
    handOver,
    async forget() {
      cached = null;
      const session = await options.getSession();
      if (!session) return;
      const response = await call('DELETE', session);
      await response.body?.cancel();
      if (!response.ok) throw new GoogleBrokerError(response.status);
    },
  };
}

function toBrokerSession(
  session: { access_token: string; user: { id: string }; provider_refresh_token?: string | null } | null,
): BrokerSession | null {
  if (!session?.access_token || !session.user?.id) return null;
  return {
    accessToken: session.access_token,
    userId: session.user.id,
    ...(session.provider_refresh_token ? { providerRefreshToken: session.provider_refresh_token } : {}),
  };
}

/** The broker's view of supabase-js's current session (refreshed by supabase-js when due). */
export function supabaseBrokerSession(loader: SupabaseLoader): () => Promise<BrokerSession | null> {
  return async () => {
    const client = await loader.load();
    const { data } = await client.auth.getSession();
    return toBrokerSession(data.session);
  };
}

/**
 * Removes a handed-over refresh token from supabase-js's stored session (`sb-<host>-auth-token`): a
 * long-lived Google credential has no business in localStorage once the server holds it. supabase-js
 * reads the session from storage each time, so it simply no longer sees the token.
 */
export function forgetStoredRefreshToken(
  storageKey: string,
  refreshToken: string,
  storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage(),
): void {
  try {
    const raw = storage?.getItem(storageKey);
    if (!raw) return;
    const session = JSON.parse(raw) as Record<string, unknown>;
    if (session.provider_refresh_token !== refreshToken) return;
    delete session.provider_refresh_token;
    storage?.setItem(storageKey, JSON.stringify(session));
  } catch {
    // Unreadable storage: supabase-js drops the token at its next refresh anyway.
  }
}

/**
 * The auth machine's hand-over port: on entering a signed-in session (the machine has loaded supabase-js by
 * then) the session's refresh token, if it holds one, goes to the broker. The machine times it out and logs
 * a failure; the broker's own dedup makes a second caller (the first token request) harmless.
 */
export function googleAccessHandOver(
  getSession: () => Promise<BrokerSession | null>,
  broker: GoogleTokenBroker,
): (signal: AbortSignal) => Promise<void> {
  return async () => {
    const session = await getSession();
    if (session?.providerRefreshToken) await broker.handOver(session);
  };
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
