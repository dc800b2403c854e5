// Whole conversations on the local platform, the chain production has: the voice platform's stand-in
// (web chat and the web call's room) → the tools webhook (/functions/v1/assistant-tools, server secret,
// call token) → the scheduling tools → Google access from the grant stored at sign-in → the calendar
// stand-in. Also the room's protocol and its fault hook for browser tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
import { CALL_TOKEN_VARIABLE, parseToolResult } from '../../core/assistant/contract.ts';
import { type AssistantSession, assistantSession, chat } from '../support/assistant-session.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn } from '../support/seed-calendar.ts';
import { chicago, setTestNow } from '../support/test-clock.ts';

let platform: TestPlatform;
let readOnly: AssistantSession; // Maya: signed in with the read-only calendar scope
let writer: AssistantSession; // Jordan: has allowed calendar changes

beforeAll(async () => {
  // 06:00 in Chicago on the seed day (Wednesday): the week's visits are all ahead. The platform, supabase-js
  // and the call tokens all read this clock.
  setTestNow(chicago(DAYS.wednesday, '06:00'));
  platform = await startLocalPlatform();
  readOnly = await assistantSession(platform, 'maya.patel@homerounds.test');
  writer = await assistantSession(platform, 'jordan.kim@homerounds.test', { write: true });
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

/** The seed day's tomorrow (Thursday 29 October): every clinician has visits. */
function thursday(email: string) {
  const visits = visitsOn(email, DAYS.thursday);
  expect(visits.length).toBeGreaterThan(0);
  return { date: DAYS.thursday, visits };
}

const countBookings = async (summary: string) =>
  (
    await platform.db.query<{ n: number }>(
      `select count(*)::int as n from calendar.events where status <> 'cancelled' and resource->>'summary' = $1`,
      [summary],
    )
  ).rows[0]?.n;

describe('the web chat', () => {
  it("answers from the call token's clinician's calendar, through the tools webhook", async () => {
    const { date, visits } = thursday('maya.patel@homerounds.test');
    const turn = await chat(platform.url, `What are my appointments on ${date}?`, { callToken: readOnly.callToken });
    expect(turn.status).toBe(201);
    for (const v of visits) expect(turn.reply).toContain((v.summary as string).split(' — ')[1]);
    const listed = turn.toolResults.map((t) => parseToolResult(t.content));
    expect(listed.at(-1)?.status).toBe('answer');
  });

  it('books only after a yes, once for a repeated yes, and says the calendar changed', async () => {
    const { date } = thursday('jordan.kim@homerounds.test');
    const proposal = await chat(platform.url, `Schedule a home visit with a new patient on ${date} at 5 pm`, {
      callToken: writer.callToken,
    });
    expect(proposal.reply).toMatch(/^Shall I book a 60-minute home visit with a new patient .* at 5:00 PM\?/);
    expect(await countBookings('Home visit — New patient')).toBe(0);
    const yes = await chat(platform.url, 'yes', { callToken: writer.callToken, previousChatId: proposal.id });
    expect(yes.reply).toContain('Booked: Home visit with a new patient');
    const changed = yes.toolResults.map((t) => parseToolResult(t.content)).find((r) => r?.status === 'done');
    expect(changed?.calendarChanged).toBe(true);
    // The same yes again (a retry with the same previous chat): nothing more is written.
    const again = await chat(platform.url, 'yes', { callToken: writer.callToken, previousChatId: proposal.id });
    expect(again.reply).toContain('already booked');
    expect(await countBookings('Home visit — New patient')).toBe(1);
  });

  it('without write access says what it would change and how to allow it', async () => {
    const turn = await chat(platform.url, "Cancel Friday's last visit", { callToken: readOnly.callToken });
    expect(turn.reply).toMatch(/^I would cancel .* press "Allow calendar changes"/);
    expect(turn.toolResults.some((t) => parseToolResult(t.content)?.status === 'needs_write_access')).toBe(true);
  });

  it('asks to sign in without a call token, and refuses anything but the public key', async () => {
    expect((await chat(platform.url, 'What are my appointments tomorrow?')).reply).toMatch(/please sign in/);
    // The Supabase access token is not a voice-platform key: it never goes there.
    expect(
      (await chat(platform.url, 'hello', { callToken: readOnly.callToken, publicKey: readOnly.accessToken })).status,
    ).toBe(401);
    expect((await chat(platform.url, 'hello', { publicKey: 'not-a-key' })).status).toBe(401);
  });
});

describe('the web call', () => {
  async function startCall(callToken: string | null): Promise<string> {
    const body: Record<string, unknown> = { assistant: { name: 'HomeRounds (local)' } };
    if (callToken) body.assistantOverrides = { variableValues: { [CALL_TOKEN_VARIABLE]: callToken } };
    const response = await fetch(`${platform.url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_VOICE_PUBLIC_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { webCallUrl: string }).webCallUrl;
  }

  function open(url: string): Promise<{ ws: WebSocket; frames: Array<Record<string, unknown>> }> {
    const ws = new WebSocket(url.replace(/^http/, 'ws'));
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Record<string, unknown>));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, frames }));
      ws.once('error', reject);
    });
  }

  const data = (f: Record<string, unknown>) =>
    f.type === 'app-message' && typeof f.data === 'string' && f.data.startsWith('{')
      ? (JSON.parse(f.data) as Record<string, unknown>)
      : null;

  async function until(frames: Array<Record<string, unknown>>, test: (f: Record<string, unknown>) => boolean) {
    await expect.poll(() => frames.some(test), { timeout: 10_000 }).toBe(true);
  }

  it('joins with the public key, answers from the calendar of the call token, reports tool results, ends', async () => {
    const { date, visits } = thursday('maya.patel@homerounds.test');
    const { ws, frames } = await open(await startCall(readOnly.callToken));
    ws.send(JSON.stringify({ type: 'hello', publicKey: LOCAL_VOICE_PUBLIC_KEY }));
    await until(frames, (f) => f.type === 'app-message' && f.data === 'listening');
    ws.send(
      JSON.stringify({
        type: 'add-message',
        message: { role: 'user', content: `Who is my first patient on ${date}?` },
      }),
    );
    const first = String(visits[0]?.summary ?? '').split(' — ')[1] as string;
    await until(
      frames,
      (f) =>
        data(f)?.type === 'transcript' && data(f)?.role === 'assistant' && String(data(f)?.transcript).includes(first),
    );
    expect(frames.some((f) => data(f)?.type === 'tool-calls-result')).toBe(true);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'end-call' }));
    expect(await closed).toBe(1000);
    expect(frames.some((f) => data(f)?.type === 'status-update' && data(f)?.status === 'ended')).toBe(true);
  });

  it('a call started without a call token asks to sign in; a wrong key is refused', async () => {
    const { ws, frames } = await open(await startCall(null));
    ws.send(JSON.stringify({ type: 'hello', publicKey: LOCAL_VOICE_PUBLIC_KEY }));
    await until(frames, (f) => f.type === 'joined');
    ws.send(
      JSON.stringify({ type: 'add-message', message: { role: 'user', content: 'What are my appointments tomorrow?' } }),
    );
    await until(frames, (f) => data(f)?.role === 'assistant' && /please sign in/.test(String(data(f)?.transcript)));
    ws.close();
    const refused = await open(await startCall(null));
    const code = new Promise<number>((resolve) => refused.ws.once('close', (c) => resolve(c)));
    refused.ws.send(JSON.stringify({ type: 'hello', publicKey: 'not-a-key' }));
    expect(await code).toBe(4001);
  });

  it('injects faults: a refused join, the call object, client-side stages; then clears them', async () => {
    const setFault = (stage: string | null) =>
      fetch(`${platform.url}/__local/voice-faults`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ stage }),
      });
    const url = await startCall(readOnly.callToken);
    await setFault('daily-call-join');
    const { ws, frames } = await open(url);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'hello', publicKey: LOCAL_VOICE_PUBLIC_KEY }));
    expect(await closed).toBe(4003);
    expect(frames[0]).toMatchObject({ type: 'error', message: 'The room refused the join' });
    await setFault('daily-call-object-creation');
    expect((await fetch(url)).status).toBe(503);
    await setFault('audio-observer-setup');
    expect(await (await fetch(url)).json()).toMatchObject({
      faults: { 'audio-observer-setup': 'Audio level observer could not start' },
    });
    await setFault('web-call-creation');
    const call = await fetch(`${platform.url}/call/web`, { method: 'POST', body: '{}' });
    expect(call.status).toBe(401);
    await setFault(null);
    expect(await (await fetch(url)).json()).toMatchObject({ faults: {} });
    expect((await setFault('nonsense')).status).toBe(400);
  });
});
