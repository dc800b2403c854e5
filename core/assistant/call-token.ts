// Call tokens: who the clinician is, for the tools server, without any Supabase or Google token ever
// travelling through the voice platform. The signed-in web app asks the call-token function for one
// (authenticated by its Supabase session) and passes it as an assistant-overrides variable; the tools
// server accepts only a valid, unexpired token with the right audience. HS256 over a server secret.
import { errors, jwtVerify, SignJWT } from 'jose';

export const CALL_TOKEN_AUDIENCE = 'homerounds-assistant-tools';
export const CALL_TOKEN_ISSUER = 'homerounds';
/** Long enough for a call (the platform's default maximum is 10 minutes) or a chat sitting; short enough to be worthless later. */
export const CALL_TOKEN_TTL_S = 30 * 60;

export interface CallTokenClaims {
  /** The clinician (Supabase auth user id). */
  userId: string;
  expiresAt: number;
  /**
   * Present on a confirmation call's token: the one visit the call is about. Such a token opens only the
   * confirmation tools, for that visit (a patient on the phone must never reach the clinician's calendar).
   */
  confirmation?: ConfirmationScope;
}

export interface ConfirmationScope {
  eventId: string;
  /** The visit's day (YYYY-MM-DD, clinician's zone). */
  visitDate: string;
}

function key(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error('The call-token secret must be at least 32 characters');
  return new TextEncoder().encode(secret);
}

export async function signCallToken(
  userId: string,
  secret: string,
  now: Date,
  ttlSeconds = CALL_TOKEN_TTL_S,
  confirmation?: ConfirmationScope,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const claims = confirmation ? { hr_visit: confirmation.eventId, hr_date: confirmation.visitDate } : {};
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setAudience(CALL_TOKEN_AUDIENCE)
    .setIssuer(CALL_TOKEN_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(crypto.randomUUID())
    .sign(key(secret));
  return { token, expiresAt: exp * 1000 };
}

export class InvalidCallTokenError extends Error {
  constructor(readonly reason: 'missing' | 'expired' | 'invalid') {
    super(
      reason === 'expired'
        ? 'The call token has expired: start a new call or chat.'
        : reason === 'missing'
          ? 'No call token came with the call: the web app passes one when it starts the call.'
          : 'The call token is not valid.',
    );
    this.name = 'InvalidCallTokenError';
  }
}

export async function verifyCallToken(
  token: string | null | undefined,
  secret: string,
  now: Date,
  options: { allowExpired?: boolean } = {},
): Promise<CallTokenClaims> {
  if (!token) throw new InvalidCallTokenError('missing');
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: CALL_TOKEN_AUDIENCE,
      issuer: CALL_TOKEN_ISSUER,
      // Reports identify their call by its token even after it expired (the report itself is authenticated
      // by the server secret); tools never accept an expired one.
      currentDate: options.allowExpired ? new Date(0) : now,
      clockTolerance: 0,
    });
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new InvalidCallTokenError('invalid');
    const claims: CallTokenClaims = { userId: payload.sub, expiresAt: payload.exp * 1000 };
    if (typeof payload.hr_visit === 'string' && typeof payload.hr_date === 'string') {
      claims.confirmation = { eventId: payload.hr_visit, visitDate: payload.hr_date };
    }
    return claims;
  } catch (error) {
    if (error instanceof InvalidCallTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidCallTokenError('expired');
    throw new InvalidCallTokenError('invalid');
  }
}
