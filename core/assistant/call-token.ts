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
}

function key(secret: string): Uint8Array {
  if (secret.length < 32) throw new Error('The call-token secret must be at least 32 characters');
  return new TextEncoder().encode(secret);
}

export async function signCallToken(
  userId: string,
  secret: string,
  now: Date = new Date(),
  ttlSeconds = CALL_TOKEN_TTL_S,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const token = await new SignJWT({})
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
  now: Date = new Date(),
): Promise<CallTokenClaims> {
  if (!token) throw new InvalidCallTokenError('missing');
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      audience: CALL_TOKEN_AUDIENCE,
      issuer: CALL_TOKEN_ISSUER,
      currentDate: now,
      clockTolerance: 0,
    });
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw new InvalidCallTokenError('invalid');
    return { userId: payload.sub, expiresAt: payload.exp * 1000 };
  } catch (error) {
    if (error instanceof InvalidCallTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidCallTokenError('expired');
    throw new InvalidCallTokenError('invalid');
  }
}
