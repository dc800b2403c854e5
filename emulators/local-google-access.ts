// The local platform's Google access (core/google/grant-access.ts): the same broker the Edge Functions
// use, over the platform's database and its Google token stand-in (/__google/token, /__google/revoke),
// with the development client and encryption key. One per platform, so the google-token function and
// the assistant's tools share its access-token cache.
import type { GoogleGrantBroker } from '../core/google/grant-access.ts';
import { createGrantGoogleAccess } from '../core/google/grant-access.ts';
import { createSqlGrantStore } from '../core/google/grant-store.ts';
import { importTokenKey } from '../core/google/token-crypto.ts';
import {
  LOCAL_GOOGLE_CLIENT_ID,
  LOCAL_GOOGLE_CLIENT_SECRET,
  LOCAL_TOKEN_ENCRYPTION_KEY,
} from '../fixtures/local-secrets.ts';
import { GOOGLE_REVOKE_PATH, GOOGLE_TOKEN_PATH } from './auth/google-oauth.ts';
import type { PlatformContext } from './context.ts';

const brokers = new WeakMap<PlatformContext, GoogleGrantBroker>();

/** The platform's broker. Call it per request: the token URLs need the origin, known once the server listens. */
export function localGoogleAccess(ctx: PlatformContext): GoogleGrantBroker {
  let broker = brokers.get(ctx);
  if (!broker) {
    if (!ctx.origin) throw new Error('localGoogleAccess: the platform is not listening yet');
    broker = createGrantGoogleAccess({
      store: createSqlGrantStore((sql, params) => ctx.db.query(sql, params)),
      key: importTokenKey(LOCAL_TOKEN_ENCRYPTION_KEY),
      google: {
        clientId: LOCAL_GOOGLE_CLIENT_ID,
        clientSecret: LOCAL_GOOGLE_CLIENT_SECRET,
        tokenUrl: `${ctx.origin}${GOOGLE_TOKEN_PATH}`,
        revokeUrl: `${ctx.origin}${GOOGLE_REVOKE_PATH}`,
      },
      now: () => ctx.now().getTime(),
    });
    brokers.set(ctx, broker);
  }
  return broker;
}
