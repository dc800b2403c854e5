// Rate limits for the Edge Functions: a token bucket per caller and function, applied where the handlers are
// composed (server/index.ts), so production (Deno), the local platform's mount and tests all get the same limits.
// Too many requests answer 429 with Retry-After and Supabase's error body, `{code: "over_request_rate_limit",
// message}` (the code Supabase Auth answers its own 429 with). Who the caller is: server/rate-limit-callers.ts.
//
// The counter is a port: `createMemoryRateLimiter` keeps the buckets of one instance on the injected clock; a
// deployment with several instances shares them by giving createServer another RateLimiter (docs/assistant.md,
// "Limits").
import type { Now } from '../core/time/clock.ts';
import { errorJson, type WebHandler } from './http.ts';

export interface RateLimitPolicy {
  /** The burst: requests allowed at once from a full bucket. */
  capacity: number;
  /** The sustained rate: tokens added back per second, up to `capacity`. */
  perSecond: number;
}

export type RateDecision = { ok: true } | { ok: false; retryAfterS: number };

export interface RateLimiter {
  /** Takes one token from `key`'s bucket, or says how many seconds until one is there. */
  take(key: string, policy: RateLimitPolicy): Promise<RateDecision>;
  /** Gives a token back (a request charged to a bucket it turned out not to belong to). */
  give(key: string, policy: RateLimitPolicy): Promise<void>;
}

interface Bucket {
  tokens: number;
  at: number;
  policy: RateLimitPolicy;
}

/** Buckets kept at most (a full bucket is the same as none, so those go first when there are more). */
const MAX_BUCKETS = 10_000;

/**
 * A clock for the buckets that keeps moving while the product's clock stands still: the product's time plus the
 * real time elapsed (`elapsedMs`, monotonic). The local platform can freeze its clock (HOMEROUNDS_CLOCK=frozen) for
 * a demo or a test at any hour; a rate limit measures how fast real requests come, so on the frozen clock alone a
 * spent bucket would never refill and the dashboard would stay refused until a restart. Moving the product's clock
 * on still refills (tests wait that way).
 */
export function advancingClock(now: Now, elapsedMs: () => number): Now {
  return () => new Date(now().getTime() + elapsedMs());
}

/** One instance's buckets, refilled by the injected clock (never the system's). */
export function createMemoryRateLimiter(now: Now, maxBuckets = MAX_BUCKETS): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const level = (bucket: Bucket | undefined, policy: RateLimitPolicy, t: number): number => {
    if (!bucket) return policy.capacity;
    // A clock set back (HOMEROUNDS_NOW) refills nothing rather than draining.
    const elapsed = Math.max(0, t - bucket.at) / 1000;
    return Math.min(policy.capacity, bucket.tokens + elapsed * policy.perSecond);
  };
  const store = (key: string, bucket: Bucket, t: number) => {
    buckets.delete(key); // re-inserted last: the map's order is least recently used first
    buckets.set(key, bucket);
    if (buckets.size <= maxBuckets) return;
    for (const [k, b] of buckets) if (level(b, b.policy, t) >= b.policy.capacity) buckets.delete(k);
    for (const k of buckets.keys()) {
      if (buckets.size <= maxBuckets) break;
      buckets.delete(k);
    }
  };
  return {
    async take(key, policy) {
      const t = now().getTime();
      const tokens = level(buckets.get(key), policy, t);
      if (tokens >= 1) {
        store(key, { tokens: tokens - 1, at: t, policy }, t);
        return { ok: true };
      }
      store(key, { tokens, at: t, policy }, t);
      return { ok: false, retryAfterS: Math.max(1, Math.ceil((1 - tokens) / policy.perSecond)) };
    },
    async give(key, policy) {
      const t = now().getTime();
      store(key, { tokens: Math.min(policy.capacity, level(buckets.get(key), policy, t) + 1), at: t, policy }, t);
    },
  };
}

/** Who is asking, as far as can be told before the handler runs (server/rate-limit-callers.ts). */
export type Caller =
  /** Proven already (a server secret, a signed call token): one bucket, by the rules' caller policy or its own. */
  | { kind: 'known'; key: string; policy?: RateLimitPolicy }
  /**
   * A Supabase session's user as its token claims, which only the handler verifies (401 when it is not): charged to
   * the user and to the client's address at once; after the answer the address's token comes back (the session was
   * good) or the user's does (it was not, so nobody can drain a clinician's bucket with forged tokens).
   */
  | { kind: 'claimed'; key: string; ip: string }
  /** Nothing to tell it by but its address. */
  | { kind: 'anonymous'; ip: string };

export interface RateLimitRules {
  /** Proven callers and claimed users. */
  caller: RateLimitPolicy;
  /** A client address: requests without a session, and those whose session is not yet checked. */
  address: RateLimitPolicy;
}

/** The 429 Supabase answers: its error body, Retry-After in whole seconds, readable by the web app (CORS). */
export function tooManyRequests(retryAfterS: number): Response {
  return errorJson(
    429,
    'over_request_rate_limit',
    `Too many requests: try again in ${retryAfterS} second${retryAfterS === 1 ? '' : 's'}.`,
    { 'Retry-After': String(retryAfterS), 'Access-Control-Expose-Headers': 'Retry-After' },
  );
}

/**
 * `handler` behind the limits: preflights pass free; every other request spends a token of its caller's bucket
 * (keys are per function: `scope`), or is answered 429 without reaching the handler.
 */
export function rateLimited(
  handler: WebHandler,
  options: {
    scope: string;
    limiter: RateLimiter;
    rules: RateLimitRules;
    callerOf: (request: Request) => Promise<Caller>;
  },
): WebHandler {
  const { scope, limiter, rules } = options;
  const refuse = async (request: Request, retryAfterS: number) => {
    await request.body?.cancel();
    return tooManyRequests(retryAfterS);
  };
  return async (request) => {
    if (request.method === 'OPTIONS') return handler(request);
    const caller = await options.callerOf(request);
    if (caller.kind !== 'claimed') {
      const key = caller.kind === 'known' ? `${scope}:${caller.key}` : `${scope}:ip:${caller.ip}`;
      const decision = await limiter.take(
        key,
        caller.kind === 'known' ? (caller.policy ?? rules.caller) : rules.address,
      );
      return decision.ok ? handler(request) : refuse(request, decision.retryAfterS);
    }
    const userKey = `${scope}:${caller.key}`;
    const ipKey = `${scope}:ip:${caller.ip}`;
    const byAddress = await limiter.take(ipKey, rules.address);
    if (!byAddress.ok) return refuse(request, byAddress.retryAfterS);
    const byUser = await limiter.take(userKey, rules.caller);
    if (!byUser.ok) {
      await limiter.give(ipKey, rules.address);
      return refuse(request, byUser.retryAfterS);
    }
    const response = await handler(request);
    if (response.status === 401) await limiter.give(userKey, rules.caller);
    else await limiter.give(ipKey, rules.address);
    return response;
  };
}
