// Call tokens: bound to one clinician, short-lived, refused when expired, forged or for another audience.
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  CALL_TOKEN_TTL_S,
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
