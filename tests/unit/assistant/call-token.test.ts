// Call tokens: bound to one clinician, short-lived, refused when expired, forged or for another audience.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  CALL_TOKEN_AUDIENCE,
  CALL_TOKEN_ISSUER,
  CALL_TOKEN_MAX_TTL_S,
  CALL_TOKEN_TTL_S,
  type CallTokenRevocations,
  InvalidCallTokenError,
  signCallToken,
  verifyCallToken,
} from '../../../core/assistant/call-token.ts';

const SECRET = 'a-test-call-token-secret-of-32-characters!';
const T0 = new Date('2026-11-23T15:00:00Z');

describe('call tokens', () => {
  it('names the clinician until the last second of their lifetime, and not after', async () => {
    const { token, expiresAt } = await signCallToken('user-1', SECRET, T0);
    expect(expiresAt).toBe(T0.getTime() + CALL_TOKEN_TTL_S * 1000);
    const almost = new Date(expiresAt - 1000);
    expect((await verifyCallToken(token, SECRET, almost)).userId).toBe('user-1');
    await expect(verifyCallToken(token, SECRET, new Date(expiresAt))).rejects.toMatchObject({ reason: 'expired' });
  });

  it('refuses a missing token, another secret, another audience and a short secret', async () => {
    await expect(verifyCallToken(null, SECRET, T0)).rejects.toMatchObject({ reason: 'missing' });
    const { token } = await signCallToken('user-1', `${SECRET}-other`, T0);
    await expect(verifyCallToken(token, SECRET, T0)).rejects.toBeInstanceOf(InvalidCallTokenError);
    const foreign = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('user-1')
      .setAudience('authenticated')
      .setIssuer('homerounds')
      .setExpirationTime(Math.floor(T0.getTime() / 1000) + 60)
      .sign(new TextEncoder().encode(SECRET));
    await expect(verifyCallToken(foreign, SECRET, T0)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(signCallToken('user-1', 'short', T0)).rejects.toThrow('at least 32 characters');
  });
});

/** A token signed with the right key by someone who chose its lifetime (what the server never issues). */
async function handMade(claims: Record<string, unknown>, iat: number, exp: number): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('user-1')
    .setAudience(CALL_TOKEN_AUDIENCE)
    .setIssuer(CALL_TOKEN_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(SECRET));
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const VISIT = { hr_visit: 'evt-1', hr_date: '2026-11-24' };

describe('call-token lifetimes: capped by the server, whatever the signature says', () => {
  it('refuses a clinician token signed with the right key for ten years', async () => {
    const token = await handMade({}, seconds(T0), seconds(T0) + 10 * 365 * 24 * 3600);
    await expect(verifyCallToken(token, SECRET, T0)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('accepts the clinician lifetime to the second, and not a second more', async () => {
    const exact = await handMade({}, seconds(T0), seconds(T0) + CALL_TOKEN_MAX_TTL_S.clinician);
    expect((await verifyCallToken(exact, SECRET, T0)).userId).toBe('user-1');
    const longer = await handMade({}, seconds(T0), seconds(T0) + CALL_TOKEN_MAX_TTL_S.clinician + 1);
    await expect(verifyCallToken(longer, SECRET, T0)).rejects.toMatchObject({ reason: 'invalid' });
  });

  it('gives a confirmation call its own cap: an evening’s calls pass, a longer life does not, even for reports', async () => {
    const evening = await handMade(VISIT, seconds(T0), seconds(T0) + 16 * 3600);
    expect((await verifyCallToken(evening, SECRET, T0)).confirmation).toEqual({
      eventId: 'evt-1',
      visitDate: '2026-11-24',
    });
    const week = await handMade(VISIT, seconds(T0), seconds(T0) + CALL_TOKEN_MAX_TTL_S.confirmation + 1);
    await expect(verifyCallToken(week, SECRET, T0)).rejects.toMatchObject({ reason: 'invalid' });
    await expect(verifyCallToken(week, SECRET, T0, { allowExpired: true })).rejects.toMatchObject({
      reason: 'invalid',
    });
  });

  it('refuses a token dated ahead of the clock (beyond a minute of skew)', async () => {
    const ahead = await handMade({}, seconds(T0) + 3600, seconds(T0) + 3600 + 60);
    await expect(verifyCallToken(ahead, SECRET, T0)).rejects.toMatchObject({ reason: 'invalid' });
    const skewed = await handMade({}, seconds(T0) + 30, seconds(T0) + 600);
    expect((await verifyCallToken(skewed, SECRET, T0)).userId).toBe('user-1');
  });

  it('will not sign a lifetime beyond its kind’s cap', async () => {
    await expect(signCallToken('user-1', SECRET, T0, CALL_TOKEN_TTL_S + 1)).rejects.toBeInstanceOf(RangeError);
    await expect(
      signCallToken('user-1', SECRET, T0, CALL_TOKEN_MAX_TTL_S.confirmation + 1, {
        eventId: 'e',
        visitDate: '2026-11-24',
      }),
    ).rejects.toBeInstanceOf(RangeError);
    const { expiresAt } = await signCallToken('user-1', SECRET, T0, 16 * 3600, {
      eventId: 'e',
      visitDate: '2026-11-24',
    });
    expect(expiresAt).toBe(T0.getTime() + 16 * 3600 * 1000);
  });
});

describe('call tokens end at sign-out (the revocation generation)', () => {
  /** The revocation table as the server keeps it: a generation per clinician, moved on at sign-out. */
  function revocations() {
    const generations = new Map<string, number>();
    const port: CallTokenRevocations = { generation: async (userId) => generations.get(userId) ?? 0 };
    return { port, signOut: (userId: string) => generations.set(userId, (generations.get(userId) ?? 0) + 1) };
  }

  it('refuses a token issued before the clinician signed out, and accepts the next one', async () => {
    const { port, signOut } = revocations();
    const before = await signCallToken('user-1', SECRET, T0);
    expect((await verifyCallToken(before.token, SECRET, T0, { revocations: port })).userId).toBe('user-1');
    signOut('user-1');
    const refusal = verifyCallToken(before.token, SECRET, T0, { revocations: port });
    await expect(refusal).rejects.toMatchObject({ reason: 'revoked' });
    await expect(refusal).rejects.toThrow('signed out');
    // Signed in again, in the same second (or under a frozen clock): the new token works.
    const after = await signCallToken('user-1', SECRET, T0, undefined, undefined, 1);
    expect((await verifyCallToken(after.token, SECRET, T0, { revocations: port })).userId).toBe('user-1');
    signOut('user-1');
    await expect(verifyCallToken(after.token, SECRET, T0, { revocations: port })).rejects.toMatchObject({
      reason: 'revoked',
    });
  });

  it('ends only that clinician’s tokens, and never a confirmation call’s (the server’s, not a session’s)', async () => {
    const { port, signOut } = revocations();
    const other = await signCallToken('user-2', SECRET, T0);
    const call = await signCallToken('user-1', SECRET, T0, 3600, { eventId: 'evt-1', visitDate: '2026-11-24' });
    signOut('user-1');
    expect((await verifyCallToken(other.token, SECRET, T0, { revocations: port })).userId).toBe('user-2');
    expect((await verifyCallToken(call.token, SECRET, T0, { revocations: port })).confirmation?.eventId).toBe('evt-1');
  });

  it('refuses, saying so, when the revocations cannot be read; a forged generation is not a way in', async () => {
    const { token } = await signCallToken('user-1', SECRET, T0);
    const down: CallTokenRevocations = { generation: async () => Promise.reject(new Error('db down')) };
    await expect(verifyCallToken(token, SECRET, T0, { revocations: down })).rejects.toMatchObject({
      reason: 'unavailable',
    });
    const odd = await handMade({ hr_gen: -1 }, seconds(T0), seconds(T0) + 60);
    await expect(verifyCallToken(odd, SECRET, T0)).rejects.toMatchObject({ reason: 'invalid' });
  });
});
