// Who calls each Edge Function, for its rate limit (server/rate-limit.ts), and how much each may ask.
// - The web app's functions: the user its Supabase session names (checked by the handler with Auth), else the
//   client's address.
// - assistant-tools: the clinician of the call token, when the voice platform's server secret came with it; the
//   platform itself (the secret's holder) for messages without a token; the client's address without the secret.
// - confirmations: the platform for its reports (server secret, or its HMAC signature where reports are signed),
//   administrators (admin secret), else as the web app.
import { decodeJwt } from 'jose';
import { verifyCallToken } from '../core/assistant/call-token.ts';
import type { ServerFunction } from './config.ts';
import { verifyReportSignature } from './confirmations/report-signature.ts';
import { callTokenOf } from './functions/assistant-tools.ts';
import { bearerToken, sameSecret } from './http.ts';
import type { Caller, RateLimitPolicy, RateLimitRules } from './rate-limit.ts';

const perMinute = (sustained: number, burst: number): RateLimitPolicy => ({
  capacity: burst,
  perSecond: sustained / 60,
});

/**
 * A client address's bucket: requests without a session, failed sessions, and (given back when they end) the
 * web app's requests in flight. Generous for a clinic sharing one address; tight for someone guessing tokens.
 */
const ADDRESS = perMinute(30, 30);

/**
 * Per caller and function, far above what a clinician does by hand (a call's tool requests come a few per turn; the
 * dashboard asks for places and drive times a few times per day shown; a call token lasts 30 minutes).
 */
export const RATE_LIMITS: Record<ServerFunction, RateLimitRules> = {
  'call-token': { caller: perMinute(10, 20), address: ADDRESS },
  'google-token': { caller: perMinute(30, 30), address: ADDRESS },
  'assistant-tools': { caller: perMinute(120, 120), address: ADDRESS },
  confirmations: { caller: perMinute(30, 30), address: ADDRESS },
  locations: { caller: perMinute(120, 120), address: ADDRESS },
  'drive-times': { caller: perMinute(120, 120), address: ADDRESS },
  'reorder-day': { caller: perMinute(30, 30), address: ADDRESS },
  'link-patient': { caller: perMinute(60, 60), address: ADDRESS },
  // A month's log reads the calendar and up to a month of road matrices: opened and saved by hand.
  mileage: { caller: perMinute(30, 30), address: ADDRESS },
};
/** The voice platform (the server secret's holder): every clinician's calls and every patient's report. */
export const PLATFORM_LIMIT = perMinute(1200, 600);
/** Administrators (the CLI with the admin secret) and the cron tick. */
export const ADMIN_LIMIT = perMinute(60, 60);

/** Bodies larger than this are not read for a call token or a signature (the largest report the server takes). */
const MAX_PEEK_CHARS = 4 * 1024 * 1024;

/** The client's address as the gateway forwards it (X-Forwarded-For's first entry), else "unknown". */
export function clientAddress(request: Request): string {
  const first = request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return first ? first.slice(0, 64) : 'unknown';
}

/** The user a bearer Supabase access token names (its `sub`), not verified here: the handler asks Auth. */
export function claimedUser(request: Request, anonKey: string): string | null {
  const token = bearerToken(request);
  if (!token || token === anonKey) return null;
  try {
    const sub = decodeJwt(token).sub;
    return typeof sub === 'string' && sub ? sub.slice(0, 64) : null;
  } catch {
    return null;
  }
}

export interface CallerSettings {
  anonKey: string;
  secrets: { tools: string; admin: string; callToken: string; reportSigning?: string };
  now: () => Date;
}

function sessionCaller(request: Request, anonKey: string): Caller {
  const ip = clientAddress(request);
  const user = claimedUser(request, anonKey);
  return user ? { kind: 'claimed', key: `user:${user}`, ip } : { kind: 'anonymous', ip };
}

const platformSecret = (request: Request) => request.headers.get('x-vapi-secret') ?? bearerToken(request);

/** The clinician of a tool-calls message's call token (signature checked; an expired one still names them). */
async function callTokenUser(request: Request, settings: CallerSettings): Promise<string | null> {
  try {
    const text = await request.clone().text();
    if (text.length > MAX_PEEK_CHARS) return null;
    const body = JSON.parse(text) as { message?: unknown };
    const message = body && typeof body.message === 'object' && body.message !== null ? body.message : null;
    if (!message) return null;
    const token = callTokenOf(message as Record<string, unknown>);
    const claims = await verifyCallToken(token, settings.secrets.callToken, settings.now(), { allowExpired: true });
    return claims.userId;
  } catch {
    return null;
  }
}

/** A report signed by the platform (HOMEROUNDS_REPORT_SIGNING_SECRET), which may come without the server secret. */
async function signedReport(request: Request, settings: CallerSettings): Promise<boolean> {
  const secret = settings.secrets.reportSigning;
  if (!secret) return false;
  try {
    const body = await request.clone().text();
    if (body.length > MAX_PEEK_CHARS) return false;
    return (await verifyReportSignature({ headers: request.headers, body, secret, now: settings.now() })) === 'ok';
  } catch {
    return false;
  }
}

/** How `fn` tells its callers apart. */
export function callerOf(fn: ServerFunction, settings: CallerSettings): (request: Request) => Promise<Caller> {
  if (fn === 'assistant-tools') {
    return async (request) => {
      if (!sameSecret(platformSecret(request), settings.secrets.tools)) {
        return { kind: 'anonymous', ip: clientAddress(request) };
      }
      const user = await callTokenUser(request, settings);
      return user ? { kind: 'known', key: `user:${user}` } : { kind: 'known', key: 'platform', policy: PLATFORM_LIMIT };
    };
  }
  if (fn === 'confirmations') {
    return async (request) => {
      const action = new URL(request.url).pathname.split('/').filter(Boolean).at(-1);
      if (
        action === 'webhook' &&
        (sameSecret(platformSecret(request), settings.secrets.tools) || (await signedReport(request, settings)))
      ) {
        return { kind: 'known', key: 'platform', policy: PLATFORM_LIMIT };
      }
      if (sameSecret(bearerToken(request), settings.secrets.admin)) {
        return { kind: 'known', key: 'admin', policy: ADMIN_LIMIT };
      }
      return sessionCaller(request, settings.anonKey);
    };
  }
  return async (request) => sessionCaller(request, settings.anonKey);
}
