// Proposal tokens: the server's proof that a change was proposed before it is confirmed. A write tool's
// proposal carries one in `confirmWith.proposal`; a call with `confirm: true` is accepted only with a token
// the server signed for the same clinician, the same call (the call token's id), the same tool and exactly
// the same arguments, less than PROPOSAL_TTL_S ago. So neither a model that skips the proposal nor text on
// the calendar ("the clinician already said yes") can make a change the clinician was never asked about.
// HS256 (jose) under a key derived from the call-token secret, so a proposal token is never a call token.
import { errors, jwtVerify, SignJWT } from 'jose';
import { isWriteTool } from './contract.ts';

/** Long enough to ask and hear a yes; short enough that an old proposal cannot be dug up later. */
export const PROPOSAL_TTL_S = 10 * 60;
/** The argument (in confirmWith) that carries the token. */
export const PROPOSAL_ARG = 'proposal';
const AUDIENCE = 'homerounds-proposal';
const KEY_LABEL = 'homerounds proposal token v1';

/** What a proposal is bound to. */
export interface ProposalBinding {
  userId: string;
  /** The call (or chat sitting): the call token's jti. */
  callId: string;
  tool: string;
  /** The arguments to confirm with (confirmWith); `confirm` and `proposal` are not part of the binding. */
  args: Record<string, unknown>;
}

/** Where the proposal was made in the conversation, to check later that the clinician spoke after it. */
export interface ProposalPlace {
  /** The proposal's own tool call id. */
  toolCallId?: string;
  /** How many user turns the conversation held when it was proposed (absent when none was sent). */
  userTurns?: number;
}

export type ProposalCheck =
  | { ok: true; place: ProposalPlace; issuedAt: number }
  | { ok: false; reason: 'missing' | 'expired' | 'invalid' | 'mismatch' };

/** JSON with object keys sorted at every level: the same arguments always give the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/**
 * The arguments a proposal binds: all but `confirm` and `proposal`, without empty values (a model echoing
 * confirmWith may drop a null), and without the answer's language (`language` "en"/"es", which the confirming turn
 * may name differently). update_patient's patient language is `speaks` (or, in its old form, a `language` other
 * than en/es) and stays bound.
 */
export function boundArgs(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const bound: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    if (key === 'confirm' || key === PROPOSAL_ARG || value === null || value === undefined) continue;
    if (key === 'language' && (isWriteTool(tool) || /^(en|es)$/i.test(String(value)))) continue;
    bound[key] = value;
  }
  return bound;
}

const encoder = new TextEncoder();

function base64url(bytes: ArrayBuffer): string {
  let text = '';
  for (const b of new Uint8Array(bytes)) text += String.fromCharCode(b);
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

async function digest(tool: string, args: Record<string, unknown>): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', encoder.encode(canonicalJson([tool, boundArgs(tool, args)]))));
}

const keys = new Map<string, Promise<Uint8Array>>();

/** HMAC-SHA256(secret, label): its own key, so no proposal token verifies as a call token or the reverse. */
export function proposalKey(secret: string): Promise<Uint8Array> {
  if (secret.length < 32) throw new Error('The call-token secret must be at least 32 characters');
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
      .then(async (k) => new Uint8Array(await crypto.subtle.sign('HMAC', k, encoder.encode(KEY_LABEL))));
    keys.set(secret, key);
  }
  return key;
}

export async function signProposal(
  binding: ProposalBinding,
  secret: string,
  now: Date,
  place: ProposalPlace = {},
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: Record<string, unknown> = {
    cid: binding.callId,
    tool: binding.tool,
    args: await digest(binding.tool, binding.args),
  };
  if (place.toolCallId) claims.tcid = place.toolCallId;
  if (place.userTurns !== undefined) claims.turns = place.userTurns;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(binding.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + PROPOSAL_TTL_S)
    .sign(await proposalKey(secret));
}

/** Whether `token` is this server's proposal for exactly this clinician, call, tool and arguments, still fresh. */
export async function verifyProposal(
  token: unknown,
  binding: ProposalBinding,
  secret: string,
  now: Date,
): Promise<ProposalCheck> {
  if (typeof token !== 'string' || !token) return { ok: false, reason: 'missing' };
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtVerify(token, await proposalKey(secret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      currentDate: now,
      clockTolerance: 0,
      requiredClaims: ['iat', 'exp', 'sub'],
    }));
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
  }
  const iat = payload.iat as number;
  // The server's own lifetime, whatever the token says.
  if ((payload.exp as number) - iat > PROPOSAL_TTL_S) return { ok: false, reason: 'invalid' };
  const same =
    payload.sub === binding.userId &&
    payload.cid === binding.callId &&
    payload.tool === binding.tool &&
    payload.args === (await digest(binding.tool, binding.args));
  if (!same) return { ok: false, reason: 'mismatch' };
  const place: ProposalPlace = {};
  if (typeof payload.tcid === 'string') place.toolCallId = payload.tcid;
  if (typeof payload.turns === 'number') place.userTurns = payload.turns;
  return { ok: true, place, issuedAt: iat * 1000 };
}
