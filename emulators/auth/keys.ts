// Local keys and JWTs. Access tokens are HS256 JWTs signed with the Supabase CLI's local secret (the
// legacy symmetric setup): the JWKS is empty and supabase-js getClaims() falls back to GET /user.
import { errors, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY } from '../../config/local-platform.ts';

export { LOCAL_ANON_KEY, LOCAL_PUBLISHABLE_KEY } from '../../config/local-platform.ts';

/** The Supabase CLI's local JWT secret. Public knowledge: never use it outside the local platform. */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The CLI's legacy service-role key (bypasses RLS). Server-side and tests only; never in the web bundle. */
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
/** The CLI's secret key (maps to service_role). Server-side and tests only. */
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export const ACCESS_TOKEN_TTL_S = 3600;
const secret = new TextEncoder().encode(LOCAL_JWT_SECRET);

/** The API key's role as the gateway sees it, or undefined for an unknown key. */
export function apiKeyRole(key: string | undefined): 'anon' | 'service_role' | undefined {
  if (key === LOCAL_ANON_KEY || key === LOCAL_PUBLISHABLE_KEY) return 'anon';
  if (key === LOCAL_SERVICE_ROLE_KEY || key === LOCAL_SECRET_KEY) return 'service_role';
  return undefined;
}

/** The legacy JWT an API key stands for (the gateway swaps `sb_…` keys for these). */
export function apiKeyJwt(key: string): string | undefined {
  const role = apiKeyRole(key);
  if (role === 'anon') return LOCAL_ANON_KEY;
  if (role === 'service_role') return LOCAL_SERVICE_ROLE_KEY;
  return undefined;
}

export async function signJwt(claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret);
}

export type VerifyResult =
  | { ok: true; claims: JWTPayload & Record<string, unknown> }
  | { ok: false; reason: 'expired' | 'invalid'; message: string };

export async function verifyJwt(token: string, now: Date): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], currentDate: now });
    return { ok: true, claims: payload as JWTPayload & Record<string, unknown> };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired', message: 'token is expired' };
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { ok: false, reason: 'invalid', message: 'signature is invalid' };
    }
    return { ok: false, reason: 'invalid', message: 'token is malformed' };
  }
}
