// Encryption at rest of the Google refresh tokens the server keeps (AES-256-GCM with WebCrypto, so the
// same code runs in Node, Deno Edge Functions and browsers' test runners). A database dump alone is then
// worthless: the key is a function secret. Each ciphertext is bound to its owner (additional
// authenticated data), so a row copied onto another clinician's id does not decrypt.

const VERSION = 'v1';
const IV_BYTES = 12;
const KEY_BYTES = 32;

/** Anything wrong with a sealed token: wrong key, tampered, truncated, other owner, unknown format. */
export class TokenDecryptError extends Error {
  constructor() {
    super('The stored token could not be decrypted');
    this.name = 'TokenDecryptError';
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function context(owner: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`homerounds:google-refresh-token:${owner}`);
}

/** The AES-256-GCM key from its base64 (or base64url) form, e.g. `openssl rand -base64 32`. */
export async function importTokenKey(base64: string): Promise<CryptoKey> {
  let raw: Uint8Array<ArrayBuffer>;
  try {
    raw = fromBase64(base64.trim());
  } catch {
    throw new Error('The token encryption key must be base64');
  }
  if (raw.length !== KEY_BYTES) {
    throw new Error(`The token encryption key must be ${KEY_BYTES} bytes (base64 of 32 random bytes)`);
  }
  return crypto.subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/** `v1.<iv>.<ciphertext+tag>`, a fresh random IV each time. */
export async function sealToken(key: CryptoKey, plaintext: string, owner: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: context(owner) },
    key,
    new TextEncoder().encode(plaintext),
  );
  return `${VERSION}.${toBase64Url(iv)}.${toBase64Url(new Uint8Array(sealed))}`;
}

export async function openToken(key: CryptoKey, sealed: string, owner: string): Promise<string> {
  const [version, iv, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !iv || !body || rest.length > 0) throw new TokenDecryptError();
  try {
    const ivBytes = fromBase64(iv);
    if (ivBytes.length !== IV_BYTES) throw new TokenDecryptError();
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: ivBytes, additionalData: context(owner) },
      key,
      fromBase64(body),
    );
    return new TextDecoder().decode(plain);
  } catch {
    throw new TokenDecryptError();
  }
}
