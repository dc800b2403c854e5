// Call tokens and rate limits on the local platform, through the same mount and supabase-js as production's web app:
// a clinician's burst on the call-token function is answered 429 with Retry-After and Supabase's error body (the
// address a client claims in X-Forwarded-For is not trusted), served again after the wait on the platform's
// clock; the web app's sign-out (web/src/adapters/supabase-auth.ts) revokes the tokens issued so far, the tools
// webhook refuses the one the voice platform still holds, and the next sign-in gets one that works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidCallTokenError, verifyCallToken } from '../../core/assistant/call-token.ts';
import { FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../core/assistant/webhook-message.ts';
import { LOCAL_CALL_TOKEN_SECRET, LOCAL_TOOLS_SECRET } from '../../emulators/local-secrets.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { createSqlCallTokenRevocations } from '../../server/call-token-revocations.ts';
import { RATE_LIMITS } from '../../server/rate-limit-callers.ts';
import { createSupabaseAuthPorts } from '../../web/src/adapters/supabase-auth.ts';
import type { SupabaseLoader } from '../../web/src/adapters/supabase-client.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { testNow } from '../support/test-clock.ts';

const MAYA = SEEDED_CLINICIAN_EMAILS[0] as string;
const JORDAN = SEEDED_CLINICIAN_EMAILS[1] as string;
let platform: TestPlatform;
/** The platform's clock: the suite's, plus what the test moves it on by. */
let ahead = 0;
const now = () => new Date(testNow().getTime() + ahead);

beforeAll(async () => {
  platform = await startLocalPlatform({ now });
});
afterAll(async () => {
  await platform?.close();
});

async function mint(accessToken: string, headers: Record<string, string> = {}, path = ''): Promise<Response> {
  return fetch(`${platform.url}${FUNCTIONS_PATH}/call-token${path}`, {
    method: 'POST',
    headers: { apikey: platform.anonKey, authorization: `Bearer ${accessToken}`, ...headers },
  });
}

const revocations = () => createSqlCallTokenRevocations((sql, params) => platform.db.query(sql, params), now);

/** One list_visits call through the tools webhook, as the voice platform sends it with this call token. */
async function askTools(callToken: string): Promise<{ result?: string; error?: string }> {
  const response = await fetch(`${platform.url}${FUNCTIONS_PATH}/assistant-tools`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vapi-secret': LOCAL_TOOLS_SECRET },
    body: JSON.stringify(
      toolCallsMessage({
        calls: [{ id: 'call_1', name: 'list_visits', args: { date: 'today' } }],
        callId: '3f0c1a7e-2b4d-4c8e-9f1a-5d6e7f8a9b0c',
        orgId: '00000000-0000-4000-8000-000000000001',
        callToken,
        now: now(),
      }),
    ),
  });
  expect(response.status).toBe(200);
  const { results } = (await response.json()) as { results: Array<{ result?: string; error?: string }> };
  return results[0] ?? {};
}

describe('the call-token function under its rate limit', () => {
  it('answers a clinician’s burst 429 with Retry-After, whatever address they claim, and again after the wait', async () => {
    const { session } = await signIn(platform, JORDAN);
    const { capacity } = RATE_LIMITS['call-token'].caller;
    for (let i = 0; i < capacity; i++) {
      // A new address each time: the gateway's (here the socket's) decides, not the client's header.
      expect((await mint(session.access_token, { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(200);
    }
    const refused = await mint(session.access_token, { 'x-forwarded-for': '198.51.100.1' });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      code: 'over_request_rate_limit',
      message: `Too many requests: try again in ${wait} seconds.`,
    });
    ahead += wait * 1000;
    expect((await mint(session.access_token)).status).toBe(200);
  });
});

describe('requests without a session', () => {
  it('are counted per client address as the platform sees it, not as the client claims it', async () => {
    const { capacity } = RATE_LIMITS['drive-times'].address;
    const statuses: number[] = [];
    for (let i = 0; i <= capacity; i++) {
      const response = await fetch(`${platform.url}${FUNCTIONS_PATH}/drive-times`, {
        method: 'POST',
        headers: { apikey: platform.anonKey, 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, capacity).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('sign-out ends the call tokens', () => {
  it('the web app’s sign-out revokes the token the voice platform holds; the next sign-in’s token works', async () => {
    const { client, session } = await signIn(platform, MAYA);
    const before = (await (await mint(session.access_token)).json()) as { callToken: string };
    const claims = await verifyCallToken(before.callToken, LOCAL_CALL_TOKEN_SECRET, now(), {
      revocations: revocations(),
    });
    expect(claims.userId).toBe(session.user.id);
    expect((await askTools(before.callToken)).error).toBeUndefined();

    // The dashboard's sign-out, with the real supabase-js client.
    const loader = { load: async () => client } as unknown as SupabaseLoader;
    const ports = createSupabaseAuthPorts(loader, {
      redirectTo: () => platform.url,
      scopes: 's',
      handOverGoogleAccess: async () => {},
    });
    await ports.signOut();
    expect((await client.auth.getSession()).data.session).toBeNull();

    const refusal = verifyCallToken(before.callToken, LOCAL_CALL_TOKEN_SECRET, now(), { revocations: revocations() });
    await expect(refusal).rejects.toBeInstanceOf(InvalidCallTokenError);
    await expect(refusal).rejects.toMatchObject({ reason: 'revoked' });
    // The voice platform still holds it: the tools refuse it, saying why.
    expect(await askTools(before.callToken)).toEqual({
      toolCallId: 'call_1',
      name: 'list_visits',
      error: 'The call token ended when you signed out: sign in again and start a new call or chat.',
    });

    // Signed in again at the same instant: a new token, which the tools accept.
    const again = await signIn(platform, MAYA);
    const after = (await (await mint(again.session.access_token)).json()) as { callToken: string };
    const fresh = await verifyCallToken(after.callToken, LOCAL_CALL_TOKEN_SECRET, now(), {
      revocations: revocations(),
    });
    expect(fresh.userId).toBe(session.user.id);
    expect((await askTools(after.callToken)).error).toBeUndefined();
  });

  it('revoking needs the clinician’s own live session', async () => {
    expect((await mint('not-a-session', {}, '/revoke')).status).toBe(401);
    const { session } = await signIn(platform, JORDAN);
    ahead += 60_000; // Jordan's burst above is long refilled
    const token = (await (await mint(session.access_token)).json()) as { callToken: string };
    const revoked = await mint(session.access_token, {}, '/revoke');
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toEqual({ revoked: true });
    await expect(
      verifyCallToken(token.callToken, LOCAL_CALL_TOKEN_SECRET, now(), { revocations: revocations() }),
    ).rejects.toMatchObject({ reason: 'revoked' });
  });
});
