// Where the local GoTrue lives and sends the browser: its issuer URL and the Google consent stand-in's path.
import type { PlatformContext } from '../context.ts';
import { LOCAL_GOOGLE_CLIENT_ID } from '../local-secrets.ts';

export const GOOGLE_CONSENT_PATH = '/__google/o/oauth2/v2/auth';
/** The local Google OAuth client: the consent stand-in and /__google/token accept only this one. */
export { LOCAL_GOOGLE_CLIENT_ID };

export function issuerOf(ctx: PlatformContext): string {
  return `${ctx.origin}/auth/v1`;
}
