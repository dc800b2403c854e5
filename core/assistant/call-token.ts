// Call tokens: who the clinician is, for the tools server, without any Supabase or Google token ever
// travelling through the voice platform. The signed-in web app asks the call-token function for one
// (authenticated by its Supabase session) and passes it as an assistant-overrides variable; the tools
// server accepts only a valid, unexpired token with the right audience. HS256 over a server secret.
import { errors, jwtVerify, SignJWT } from 'jose';

export const CALL_TOKEN_AUDIENCE = 'homerounds-assistant-tools';
export const CALL_TOKEN_ISSUER = 'homerounds';
/** Long enough for a call (the platform's default maximum is 10 minutes) or a chat sitting; short enough to be worthless later. */
export const CALL_TOKEN_TTL_S = 30 * 60;
/**
 * The longest lifetime (exp − iat) the server accepts, whatever the signature says: a clinician's token lives
 * CALL_TOKEN_TTL_S; a confirmation call's lives until a while after the evening's calling hours end (the runner's
 * TOKEN_GRACE_S past at most 13 calling hours), so a day bounds it. A longer one was not made by this server.
 */
export const CALL_TOKEN_MAX_TTL_S = { clinician: CALL_TOKEN_TTL_S, confirmation: 24 * 60 * 60 } as const;

/**
 * Sign-out ends a clinician's call tokens: each carries the user's revocation generation when it was issued, and
 * sign-out moves the generation on (server/call-token-revocations.ts). Confirmation calls' tokens are the
 * server's, not a session's, and outlive the clinician's sign-out.
 */
export interface CallTokenRevocations {
  /** The user's current generation (0 before their first sign-out). */
  generation(userId: string): Promise<number>;
}

export interface CallTokenClaims {
  /** The clinician (Supabase auth user id). */
  userId: string;
  expiresAt: number;
  /** When the server signed it (ms). */
  issuedAt: number;
  /** The token's own id: a proposal is bound to it (core/assistant/proposal-token.ts), so it is confirmed only in its call. */
  jti?: string;
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

/** How far ahead of this server's clock another instance may have signed a token (clock skew). */
const ISSUED_AHEAD_TOLERANCE_MS = 60_000;

const maxTtlFor = (confirmation: unknown): number =>
  confirmation ? CALL_TOKEN_MAX_TTL_S.confirmation : CALL_TOKEN_MAX_TTL_S.clinician;

export async function signCallToken(
  userId: string,
  secret: string,
  now: Date,
  ttlSeconds = CALL_TOKEN_TTL_S,
  confirmation?: ConfirmationScope,
  /** The user's revocation generation (CallTokenRevocations); clinicians' tokens only. */
  generation = 0,
): Promise<{ token: string; expiresAt: number }> {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0 || ttlSeconds > maxTtlFor(confirmation)) {
    throw new RangeError(`A call token lives at most ${maxTtlFor(confirmation)} s (asked: ${ttlSeconds} s)`);
  }
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ttlSeconds;
  const claims = confirmation
    ? { hr_visit: confirmation.eventId, hr_date: confirmation.visitDate }
    : generation > 0
      ? { hr_gen: generation }
      : {};
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

const REFUSALS = {
  missing: 'No call token came with the call: the web app passes one when it starts the call.',
  expired: 'The call token has expired: start a new call or chat.',
  invalid: 'The call token is not valid.',
  revoked: 'The call token ended when you signed out: sign in again and start a new call or chat.',
  unavailable: 'The call token could not be checked just now: please try again in a moment.',
} as const;

export class InvalidCallTokenError extends Error {
  constructor(readonly reason: keyof typeof REFUSALS) {
    super(REFUSALS[reason]);
    this.name = 'InvalidCallTokenError';
  }
}

export async function verifyCallToken(
  token: string | null | undefined,
  secret: string,
  now: Date,
  options: { allowExpired?: boolean; revocations?: CallTokenRevocations } = {},
): Promise<CallTokenClaims> {
  if (!token) throw new InvalidCallTokenError('missing');
  let claims: CallTokenClaims;
  let generation = 0;
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
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') {
      throw new InvalidCallTokenError('invalid');
    }
    claims = { userId: payload.sub, expiresAt: payload.exp * 1000, issuedAt: payload.iat * 1000 };
    if (typeof payload.jti === 'string') claims.jti = payload.jti;
    if (typeof payload.hr_visit === 'string' && typeof payload.hr_date === 'string') {
      claims.confirmation = { eventId: payload.hr_visit, visitDate: payload.hr_date };
    }
    // The server's cap, not the signature's word: a lifetime longer than its kind's was not issued here.
    if (payload.exp - payload.iat > maxTtlFor(claims.confirmation)) throw new InvalidCallTokenError('invalid');
    // Nor one dated ahead (which the cap alone would let live as long as it likes); a minute covers clock skew.
    if (!options.allowExpired && payload.iat * 1000 > now.getTime() + ISSUED_AHEAD_TOLERANCE_MS) {
      throw new InvalidCallTokenError('invalid');
    }
    if (payload.hr_gen !== undefined) {
      if (!Number.isSafeInteger(payload.hr_gen) || (payload.hr_gen as number) < 0) {
        throw new InvalidCallTokenError('invalid');
      }
      generation = payload.hr_gen as number;
    }
  } catch (error) {
    if (error instanceof InvalidCallTokenError) throw error;
    if (error instanceof errors.JWTExpired) throw new InvalidCallTokenError('expired');
    throw new InvalidCallTokenError('invalid');
  }
  if (options.revocations && !claims.confirmation) {
    let current: number;
    try {
      current = await options.revocations.generation(claims.userId);
    } catch {
      throw new InvalidCallTokenError('unavailable');
    }
    // Issued before the clinician's last sign-out.
    if (generation < current) throw new InvalidCallTokenError('revoked');
  }
  return claims;
}
