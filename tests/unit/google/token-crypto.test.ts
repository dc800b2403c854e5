// AES-256-GCM sealing of stored Google refresh tokens: round trip, fresh IVs, and every kind of
// tampering (ciphertext, IV, owner, key, format) refused with TokenDecryptError.
import { describe, expect, it } from 'vitest';
import { LOCAL_TOKEN_ENCRYPTION_KEY } from '../../../emulators/local-secrets.ts';
import { importTokenKey, openToken, sealToken, TokenDecryptError } from '../../../server/google/token-crypto.ts';

const USER = '0b5c2f4e-2f6a-4c53-9d0e-7a1f3b9c8d21';
const OTHER = '6a2d9e1c-8b7f-4e3a-a5c4-1d2e3f4a5b6c';
const REFRESH = '1//0gLocalRefreshToken-abc_DEF.123';

function flip(text: string, index: number): string {
  const c = text[index] === 'A' ? 'B' : 'A';
  return `${text.slice(0, index)}${c}${text.slice(index + 1)}`;
}

describe('token crypto', () => {
  it('round-trips, with a fresh IV every time and no plaintext in the sealed form', async () => {
    const key = await importTokenKey(LOCAL_TOKEN_ENCRYPTION_KEY);
    const a = await sealToken(key, REFRESH, USER);
    const b = await sealToken(key, REFRESH, USER);
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('LocalRefreshToken');
    expect(await openToken(key, a, USER)).toBe(REFRESH);
    expect(await openToken(key, b, USER)).toBe(REFRESH);
  });

  it('refuses a tampered ciphertext or IV, another owner, another key and other formats', async () => {
    const key = await importTokenKey(LOCAL_TOKEN_ENCRYPTION_KEY);
    const sealed = await sealToken(key, REFRESH, USER);
    const [version, iv, body] = sealed.split('.') as [string, string, string];
    const otherKey = await importTokenKey(btoa(String.fromCharCode(...new Uint8Array(32).fill(7))));
    const attempts: Array<[string, () => Promise<string>]> = [
      ['ciphertext bit', () => openToken(key, `${version}.${iv}.${flip(body, 5)}`, USER)],
      ['auth tag', () => openToken(key, `${version}.${iv}.${flip(body, body.length - 2)}`, USER)],
      ['iv', () => openToken(key, `${version}.${flip(iv, 3)}.${body}`, USER)],
      ['truncated', () => openToken(key, `${version}.${iv}.${body.slice(0, 10)}`, USER)],
      ['other owner', () => openToken(key, sealed, OTHER)],
      ['other key', () => openToken(otherKey, sealed, USER)],
      ['version', () => openToken(key, `v2.${iv}.${body}`, USER)],
      ['extra part', () => openToken(key, `${sealed}.x`, USER)],
      ['garbage', () => openToken(key, 'not sealed', USER)],
    ];
    for (const [label, attempt] of attempts) {
      await expect(attempt(), label).rejects.toBeInstanceOf(TokenDecryptError);
    }
  });

  it('accepts only 32-byte base64 keys', async () => {
    await expect(importTokenKey(btoa('too short'))).rejects.toThrow(/32 bytes/);
    await expect(importTokenKey('%%%not base64%%%')).rejects.toThrow(/base64/);
    const url = LOCAL_TOKEN_ENCRYPTION_KEY.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const key = await importTokenKey(url);
    expect(await openToken(key, await sealToken(key, 'x', USER), USER)).toBe('x');
  });
});
