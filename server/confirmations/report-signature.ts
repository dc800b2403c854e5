// The voice platform's HMAC signature on the server messages it posts (an end-of-call report), when the report URL
// is configured with a custom credential of type `hmac` (docs/confirmations.md): HMAC-SHA256 in hex of
// "<timestamp>.<raw body>" in `x-signature`, the timestamp in `x-timestamp` (the credential's defaults: algorithm
// sha256, payloadFormat "{timestamp}.{body}", signatureEncoding hex, no prefix). A report older than a few minutes is
// refused as a replay. WebCrypto only (Node and Deno alike); the comparison is the platform's HMAC verify (constant
// time).

export const REPORT_SIGNATURE_HEADER = 'x-signature';
export const REPORT_TIMESTAMP_HEADER = 'x-timestamp';
/** How far a report's timestamp may be from the server's clock (either way): beyond it, a replay. */
export const REPORT_SIGNATURE_MAX_SKEW_MS = 5 * 60_000;

export type SignatureVerdict = 'ok' | 'missing' | 'stale' | 'mismatch';

const encoder = new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage]);
}

/** The signature of a body sent at `timestamp` (the sender's side: the local voice platform, tests). */
export async function signReport(secret: string, timestamp: string, body: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(`${timestamp}.${body}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** A timestamp header in seconds or milliseconds since the epoch (the platform documents neither), as ms. */
function timestampMs(value: string): number | null {
  if (!/^\d{9,13}$/.test(value)) return null;
  const n = Number(value);
  return value.length >= 12 ? n : n * 1000;
}

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}

export async function verifyReportSignature(input: {
  headers: Headers;
  body: string;
  secret: string;
  now: Date;
}): Promise<SignatureVerdict> {
  const signature = input.headers
    .get(REPORT_SIGNATURE_HEADER)
    ?.trim()
    .replace(/^sha256=/i, '');
  const timestamp = input.headers.get(REPORT_TIMESTAMP_HEADER)?.trim();
  if (!signature || !timestamp) return 'missing';
  const sentAt = timestampMs(timestamp);
  if (sentAt === null || Math.abs(input.now.getTime() - sentAt) > REPORT_SIGNATURE_MAX_SKEW_MS) return 'stale';
  const bytes = hexBytes(signature);
  if (bytes?.length !== 32) return 'mismatch';
  const valid = await crypto.subtle.verify(
    'HMAC',
    await hmacKey(input.secret, 'verify'),
    bytes,
    encoder.encode(`${timestamp}.${input.body}`),
  );
  return valid ? 'ok' : 'mismatch';
}
