// The server side of Google access (the GoogleAccess port of access.ts): the clinician's refresh token,
// stored encrypted in the grant store, exchanged at Google's token endpoint for short-lived access tokens.
// Also what the token broker needs: store a grant handed over at sign-in (checked with Google first, so
// the scopes kept are the ones Google granted, not the ones a client claims) and forget one.
import {
  type AccessNeed,
  type GoogleAccess,
  type GoogleAccessToken,
  GoogleGrantMissingError,
  GoogleWriteAccessMissingError,
  hasReadScope,
  hasWriteScope,
} from '../../core/google/access.ts';
import type { GrantStore } from './grant-store.ts';
import {
  type GoogleClient,
  GoogleTokenError,
  type RefreshedToken,
  refreshAccessToken,
  revokeGrant,
} from './oauth-client.ts';
import { openToken, sealToken, TokenDecryptError } from './token-crypto.ts';

/** A cached access token is handed out until this close to its expiry (Google's own libraries use 60 s too). */
export const ACCESS_TOKEN_MARGIN_MS = 60_000;

export interface GrantAccessConfig {
  store: GrantStore;
  /** The AES-256-GCM key of token-crypto.ts (`importTokenKey`). */
  key: CryptoKey | Promise<CryptoKey>;
  google: GoogleClient;
  /** Unix milliseconds (tests and the local platform move it). */
  now: () => number;
}

export interface AccessTokenOptions {
  /** Skip the cache: the caller saw the cached token refused (revoked at Google since). */
  forceRefresh?: boolean;
}

export interface GoogleGrantBroker extends GoogleAccess {
  accessToken(userId: string, need: AccessNeed, options?: AccessTokenOptions): Promise<GoogleAccessToken>;
  /**
   * Stores the refresh token handed over after an offline sign-in, once Google has accepted it; returns
   * a fresh access token with the scopes Google granted. An unusable token → GoogleGrantMissingError.
   */
  storeGrant(userId: string, refreshToken: string): Promise<GoogleAccessToken>;
  /** Forgets the clinician's grant and revokes it at Google (best effort). True when one was stored. */
  forgetGrant(userId: string): Promise<boolean>;
}

interface CacheEntry {
  /** The grant version (its ciphertext) the token came from: a replaced or revoked grant misses the cache. */
  grant: string;
  token: GoogleAccessToken;
}

export function createGrantGoogleAccess(config: GrantAccessConfig): GoogleGrantBroker {
  const now = config.now;
  const cache = new Map<string, CacheEntry>();
  // One refresh per grant version at a time: concurrent tool calls share it.
  const inFlight = new Map<string, Promise<GoogleAccessToken>>();

  // Google always says which scopes a token carries; should it not, the scopes known so far stand.
  function toAccessToken(refreshed: RefreshedToken, known: readonly string[] = []): GoogleAccessToken {
    return {
      accessToken: refreshed.accessToken,
      scopes: refreshed.scopes.length > 0 ? refreshed.scopes : [...known],
      expiresAt: now() + refreshed.expiresInSeconds * 1000,
    };
  }

  function refuseUnless(need: AccessNeed, scopes: readonly string[]): void {
    if (!hasReadScope(scopes)) {
      // Google lets people untick the calendar box on the consent screen: such a grant reads nothing.
      throw new GoogleGrantMissingError();
    }
    if (need === 'write' && !hasWriteScope(scopes)) throw new GoogleWriteAccessMissingError();
  }

  async function refresh(userId: string, grant: string, known: readonly string[]): Promise<GoogleAccessToken> {
    const key = await config.key;
    let refreshToken: string;
    try {
      refreshToken = await openToken(key, grant, userId);
    } catch (error) {
      if (error instanceof TokenDecryptError) {
        // A wrong or rotated key: the stored token is lost to us, only a new consent helps.
        await config.store.markRevoked(userId, grant);
        throw new GoogleGrantMissingError();
      }
      throw error;
    }
    let refreshed: RefreshedToken;
    try {
      refreshed = await refreshAccessToken(config.google, refreshToken);
    } catch (error) {
      if (error instanceof GoogleTokenError && error.isInvalidGrant) {
        cache.delete(userId);
        await config.store.markRevoked(userId, grant);
        throw new GoogleGrantMissingError();
      }
      throw error;
    }
    const token = toAccessToken(refreshed, known);
    const rotated = refreshed.refreshToken ? await sealToken(key, refreshed.refreshToken, userId) : undefined;
    await config.store.update(userId, grant, { ciphertext: rotated, scopes: token.scopes });
    cache.set(userId, { grant: rotated ?? grant, token });
    return token;
  }

  return {
    async accessToken(userId, need, options = {}) {
      const grant = await config.store.get(userId);
      if (!grant || grant.revoked) {
        cache.delete(userId);
        throw new GoogleGrantMissingError();
      }
      // Stored scopes first: a read-only grant is refused for writes without asking Google.
      refuseUnless(need, grant.scopes);
      const cached = cache.get(userId);
      if (
        !options.forceRefresh &&
        cached?.grant === grant.ciphertext &&
        cached.token.expiresAt - ACCESS_TOKEN_MARGIN_MS > now()
      ) {
        refuseUnless(need, cached.token.scopes);
        return cached.token;
      }
      const flightKey = `${userId}\u0000${grant.ciphertext}`;
      let pending = inFlight.get(flightKey);
      if (!pending) {
        pending = refresh(userId, grant.ciphertext, grant.scopes).finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, pending);
      }
      const token = await pending;
      refuseUnless(need, token.scopes);
      return token;
    },

    async storeGrant(userId, refreshToken) {
      let refreshed: RefreshedToken;
      try {
        refreshed = await refreshAccessToken(config.google, refreshToken);
      } catch (error) {
        if (error instanceof GoogleTokenError && error.isInvalidGrant) throw new GoogleGrantMissingError();
        throw error;
      }
      const key = await config.key;
      const sealed = await sealToken(key, refreshed.refreshToken ?? refreshToken, userId);
      const token = toAccessToken(refreshed);
      await config.store.put(userId, sealed, token.scopes);
      cache.set(userId, { grant: sealed, token });
      return token;
    },

    async forgetGrant(userId) {
      cache.delete(userId);
      const removed = await config.store.delete(userId);
      if (!removed) return false;
      try {
        await revokeGrant(config.google, await openToken(await config.key, removed.ciphertext, userId));
      } catch {
        // Undecryptable: nothing we could revoke; the row is gone either way.
      }
      return true;
    },
  };
}
