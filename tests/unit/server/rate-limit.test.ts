// Rate limits on every Edge Function (server/rate-limit.ts, mounted by createServer): a burst from one caller is
// answered 429 with Retry-After and Supabase's error body, served again once the wait is over (the clock is
// injected), other callers unaffected; a forged session cannot drain a clinician's bucket; the voice platform's
// tool calls are counted per clinician of the call token.
import { describe, expect, it } from 'vitest';
import { signCallToken } from '../../../core/assistant/call-token.ts';
import { signReport } from '../../../server/confirmations/report-signature.ts';
import { createServer, type ServerConfig } from '../../../server/index.ts';
import { advancingClock, createMemoryRateLimiter, type RateLimitPolicy } from '../../../server/rate-limit.ts';
import { ADMIN_LIMIT, PLATFORM_LIMIT, RATE_LIMITS } from '../../../server/rate-limit-callers.ts';

const T0 = new Date('2026-10-28T14:30:00Z');
const TOOLS_SECRET = 'tools-secret-for-rate-limit-tests';
const CALL_TOKEN_SECRET = 'a-call-token-secret-of-more-than-32-chars';
const ADMIN_SECRET = 'an-admin-secret-of-24-chars-or-more';
const MAYA = '7a0c2d9e-1111-4c4c-9e9e-000000000001';
const ALEX = '7a0c2d9e-1111-4c4c-9e9e-000000000002';

/** A clock the test moves. */
function testClock() {
  let t = T0.getTime();
  return { now: () => new Date(t), advance: (seconds: number) => (t += seconds * 1000) };
}

/** An access token as Supabase issues them (only its payload matters here: Auth below decides who is signed in). */
const accessToken = (sub: string, tag = 'good') =>
  `${btoa(JSON.stringify({ alg: 'HS256' }))}.${btoa(JSON.stringify({ sub, role: 'authenticated' }))}.${tag}`;

function server(now: () => Date, extra: Partial<ServerConfig['secrets']> = {}) {
  const authCalls: string[] = [];
  const config: ServerConfig = {
    supabaseUrl: 'https://project.test',
    anonKey: 'anon',
    query: async () => ({ rows: [] }),
    secrets: { tools: TOOLS_SECRET, callToken: CALL_TOKEN_SECRET, admin: ADMIN_SECRET, ...extra },
    google: {
      clientId: 'id',
      clientSecret: 'secret',
      tokenUrl: 'https://google.test/token',
      revokeUrl: 'https://google.test/revoke',
      encryptionKey: 'bG9jYWwtaG9tZXJvdW5kcy10b2tlbi1rZXktMzJieXQ=',
      calendarApiUrl: 'https://google.test',
    },
    voice: {
      apiUrl: 'https://voice.test',
      apiKey: 'k',
      confirmationAssistantId: async () => 'a',
      confirmationPhoneNumberId: async () => 'n',
    },
    callbackNumber: '+13125550100',
    now,
    log: () => {},
    // Supabase Auth: a token tagged "good" is a live session of its sub; anything else is refused.
    fetch: async (_input, init) => {
      const token = new Headers(init?.headers).get('authorization')?.replace(/^Bearer /, '') ?? '';
      authCalls.push(token);
      const [, payload, tag] = token.split('.');
      if (tag !== 'good' || !payload) return new Response('{}', { status: 401 });
      return Response.json({ id: (JSON.parse(atob(payload)) as { sub: string }).sub, email: null });
    },
  };
  return { server: createServer(config), authCalls };
}

const post = (path: string, headers: Record<string, string>, body = '{}') =>
  new Request(`https://fn.test/functions/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });

async function burst(n: number, send: () => Promise<Response>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await send()).status);
  return statuses;
}

describe('the in-memory token bucket', () => {
  const policy: RateLimitPolicy = { capacity: 3, perSecond: 0.5 };

  it('allows the burst, then says how long until the next token, and refills on the injected clock', async () => {
    const clock = testClock();
    const limiter = createMemoryRateLimiter(clock.now);
    for (let i = 0; i < 3; i++) expect(await limiter.take('k', policy)).toEqual({ ok: true });
    expect(await limiter.take('k', policy)).toEqual({ ok: false, retryAfterS: 2 });
    clock.advance(1);
    expect(await limiter.take('k', policy)).toEqual({ ok: false, retryAfterS: 1 });
    clock.advance(1);
    expect(await limiter.take('k', policy)).toEqual({ ok: true });
    expect(await limiter.take('other', policy)).toEqual({ ok: true });
  });

  it('never refills past the burst, and gives back a token taken in error', async () => {
    const clock = testClock();
    const limiter = createMemoryRateLimiter(clock.now);
    clock.advance(3600);
    for (let i = 0; i < 3; i++) expect((await limiter.take('k', policy)).ok).toBe(true);
    expect((await limiter.take('k', policy)).ok).toBe(false);
    await limiter.give('k', policy);
    expect((await limiter.take('k', policy)).ok).toBe(true);
    expect((await limiter.take('k', policy)).ok).toBe(false);
  });

  it('refills in real time while the platform’s clock is frozen, and when the clock is moved on', async () => {
    const frozen = new Date('2026-12-01T23:05:00Z');
    let elapsed = 0;
    let ahead = 0;
    const limiter = createMemoryRateLimiter(
      advancingClock(
        () => new Date(frozen.getTime() + ahead),
        () => elapsed,
      ),
    );
    for (let i = 0; i < 3; i++) await limiter.take('k', policy);
    expect((await limiter.take('k', policy)).ok).toBe(false);
    elapsed += 2000; // two real seconds; the product's clock has not moved
    expect((await limiter.take('k', policy)).ok).toBe(true);
    expect((await limiter.take('k', policy)).ok).toBe(false);
    ahead += 2000; // a test moves the clock on instead
    expect((await limiter.take('k', policy)).ok).toBe(true);
  });

  it('keeps at most its bound of buckets, forgetting the least recently used', async () => {
    const clock = testClock();
    const limiter = createMemoryRateLimiter(clock.now, 2);
    for (let i = 0; i < 3; i++) await limiter.take('a', policy);
    await limiter.take('b', policy);
    await limiter.take('c', policy); // "a" (empty, least recently used) is forgotten: as good as full again
    expect((await limiter.take('a', policy)).ok).toBe(true);
  });
});

describe('rate limits on the Edge Functions', () => {
  it('answers a burst 429 with Retry-After and Supabase’s error body, and serves again after the wait', async () => {
    const clock = testClock();
    const { server: s } = server(clock.now);
    const handler = s.handler('locations');
    const { capacity } = RATE_LIMITS.locations.caller;
    const send = () => handler(post('locations', { authorization: `Bearer ${accessToken(MAYA)}` }, '{"addresses":[]}'));
    const statuses = await burst(capacity, send);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    const refused = await send();
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBe(1);
    expect(refused.headers.get('access-control-expose-headers')).toContain('Retry-After');
    expect(await refused.json()).toEqual({
      code: 'over_request_rate_limit',
      message: 'Too many requests: try again in 1 second.',
    });
    // Another clinician is not held up by Maya's burst.
    expect((await handler(post('locations', { authorization: `Bearer ${accessToken(ALEX)}` }))).status).not.toBe(429);
    // The wait refills what the sustained rate gives in that time, and no more.
    clock.advance(wait);
    const refilled = Math.floor(wait * RATE_LIMITS.locations.caller.perSecond);
    expect(refilled).toBeGreaterThanOrEqual(1);
    expect((await burst(refilled, send)).includes(429)).toBe(false);
    expect((await send()).status).toBe(429);
  });

  it('keeps each function’s budget apart: a burst on one leaves the others open', async () => {
    const clock = testClock();
    const { server: s } = server(clock.now);
    const auth = { authorization: `Bearer ${accessToken(MAYA)}` };
    await burst(RATE_LIMITS['call-token'].caller.capacity, () => s.handler('call-token')(post('call-token', auth)));
    expect((await s.handler('call-token')(post('call-token', auth))).status).toBe(429);
    expect((await s.handler('drive-times')(post('drive-times', auth))).status).not.toBe(429);
  });

  it('counts requests without a session per client address, and lets preflights through', async () => {
    const clock = testClock();
    const { server: s } = server(clock.now);
    const handler = s.handler('reorder-day');
    const from = (ip: string) => () => handler(post('reorder-day', { 'x-forwarded-for': `${ip}, 10.0.0.1` }));
    const statuses = await burst(RATE_LIMITS['reorder-day'].address.capacity, from('203.0.113.7'));
    expect(new Set(statuses)).toEqual(new Set([401]));
    expect((await from('203.0.113.7')()).status).toBe(429);
    expect((await from('198.51.100.9')()).status).toBe(401);
    const preflight = await handler(new Request('https://fn.test/functions/v1/reorder-day', { method: 'OPTIONS' }));
    expect(preflight.status).toBe(204);
  });

  it('a forged session naming a clinician spends the forger’s address, never the clinician’s budget', async () => {
    const clock = testClock();
    const { server: s, authCalls } = server(clock.now);
    const handler = s.handler('locations');
    const forged = () =>
      handler(
        post('locations', { authorization: `Bearer ${accessToken(MAYA, 'forged')}`, 'x-forwarded-for': '203.0.113.7' }),
      );
    const statuses = await burst(RATE_LIMITS.locations.address.capacity + 5, forged);
    expect(statuses.filter((status) => status === 401)).toHaveLength(RATE_LIMITS.locations.address.capacity);
    expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
    // Refused before Auth was asked again.
    expect(authCalls).toHaveLength(RATE_LIMITS.locations.address.capacity);
    // Maya, signed in for real from her own address, still has her whole budget.
    const maya = () =>
      handler(post('locations', { authorization: `Bearer ${accessToken(MAYA)}`, 'x-forwarded-for': '198.51.100.9' }));
    const hers = await burst(RATE_LIMITS.locations.caller.capacity, maya);
    expect(hers.includes(429)).toBe(false);
  });

  it('a signed-in clinician’s requests do not use up their address (a clinic shares one)', async () => {
    const clock = testClock();
    const { server: s } = server(clock.now);
    const handler = s.handler('drive-times');
    const { address } = RATE_LIMITS['drive-times'];
    const clinicians = Array.from({ length: address.capacity + 10 }, (_, i) =>
      accessToken(`7a0c2d9e-1111-4c4c-9e9e-${String(i).padStart(12, '0')}`),
    );
    const statuses: number[] = [];
    for (const token of clinicians) {
      statuses.push(
        (await handler(post('drive-times', { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' })))
          .status,
      );
    }
    expect(statuses.includes(429)).toBe(false);
  });

  it('counts the voice platform’s tool calls per clinician of the call token', async () => {
    const clock = testClock();
    const { server: s } = server(clock.now);
    const handler = s.handler('assistant-tools');
    const message = async (userId: string) => {
      const { token } = await signCallToken(userId, CALL_TOKEN_SECRET, clock.now());
      return JSON.stringify({
        message: {
          type: 'status-update',
          call: { assistantOverrides: { variableValues: { homeroundsCallToken: token } } },
        },
      });
    };
    const maya = await message(MAYA);
    const fromPlatform = (body: string) => () =>
      handler(post('assistant-tools', { 'x-vapi-secret': TOOLS_SECRET }, body));
    const statuses = await burst(RATE_LIMITS['assistant-tools'].caller.capacity, fromPlatform(maya));
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await fromPlatform(maya)();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await fromPlatform(await message(ALEX))()).status).toBe(200);
    // Without the server secret: counted per address, and refused 401 as before.
    const stranger = () => handler(post('assistant-tools', { 'x-forwarded-for': '203.0.113.7' }, maya));
    expect(new Set(await burst(RATE_LIMITS['assistant-tools'].address.capacity, stranger))).toEqual(new Set([401]));
    expect((await stranger()).status).toBe(429);
  });

  it('gives the platform’s reports and the administrators budgets of their own', async () => {
    const clock = testClock();
    const { server: s } = server(clock.now);
    const handler = s.handler('confirmations');
    const report = () =>
      handler(post('confirmations/webhook', { 'x-vapi-secret': TOOLS_SECRET }, '{"message":{"type":"status-update"}}'));
    expect(new Set(await burst(PLATFORM_LIMIT.capacity, report))).toEqual(new Set([200]));
    expect((await report()).status).toBe(429);
    const admin = () => handler(post('confirmations/nothing', { authorization: `Bearer ${ADMIN_SECRET}` }));
    expect(new Set(await burst(ADMIN_LIMIT.capacity, admin))).toEqual(new Set([400]));
    expect((await admin()).status).toBe(429);
  });

  it('counts reports the platform signed (without the server secret) as the platform’s, unsigned ones per address', async () => {
    const clock = testClock();
    const signing = 'a-report-signing-secret-of-32-chars-or-more';
    const { server: s } = server(clock.now, { reportSigning: signing });
    const handler = s.handler('confirmations');
    const body = '{"message":{"type":"status-update"}}';
    const signed = async () => {
      const timestamp = String(clock.now().getTime());
      const signature = await signReport(signing, timestamp, body);
      return handler(
        post(
          'confirmations/webhook',
          { 'x-signature': signature, 'x-timestamp': timestamp, 'x-forwarded-for': '203.0.113.7' },
          body,
        ),
      );
    };
    const { capacity } = RATE_LIMITS.confirmations.address;
    expect(new Set(await burst(capacity + 10, signed))).toEqual(new Set([200]));
    const unsigned = () => handler(post('confirmations/webhook', { 'x-forwarded-for': '198.51.100.9' }, body));
    expect(new Set(await burst(capacity, unsigned))).toEqual(new Set([401]));
    expect((await unsigned()).status).toBe(429);
  });
});
