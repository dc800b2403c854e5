// The assistant API over the local platform's database: the web chat with the clinician's access
// token, the WebSocket room's protocol, and the fault hook. The API runs on its own small server next
// to the platform (the platform itself mounts it once emulators/server.ts wires it).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type AssistantApi, createAssistantApi } from '../../../emulators/assistant/routes.ts';
import { LOCAL_VOICE_PUBLIC_KEY } from '../../../fixtures/voice-keys.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../../support/local-platform.ts';

let platform: TestPlatform;
let api: AssistantApi;
let server: Server;
let origin: string;
let accessToken: string;

beforeAll(async () => {
  platform = await startLocalPlatform();
  api = createAssistantApi({ db: platform.db });
  server = createServer((req, res) => {
    const url = new URL(`http://local${req.url ?? '/'}`);
    api.handle(req, res, url).then((handled) => {
      if (!handled) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if (!api.upgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  accessToken = (await signIn(platform, 'maya.patel@homerounds.test')).session.access_token;
});

afterAll(async () => {
  api?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await platform?.close();
});

async function chat(input: string, token: string, previousChatId?: string) {
  const response = await fetch(`${origin}/chat/web`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ assistantId: 'homerounds-local-assistant', input, previousChatId }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function outputText(body: Record<string, unknown>): string {
  return ((body.output as Array<{ content: string }>)[0] as { content: string }).content;
}

describe('POST /chat/web', () => {
  it("answers from the signed-in clinician's calendar", async () => {
    const { status, body } = await chat('What are my appointments tomorrow?', accessToken);
    expect(status).toBe(201);
    expect(body.id).toEqual(expect.any(String));
    expect(outputText(body)).toMatch(/^You have \d+ appointments? tomorrow|^You have no appointments tomorrow/);
  });

  it('keeps the conversation through previousChatId (confirmation flow) and books on the calendar', async () => {
    const first = await chat('Schedule a home visit with a new patient on Saturday at 10 am', accessToken);
    expect(outputText(first.body)).toMatch(/Say yes to confirm\.$/);
    const second = await chat('yes', accessToken, first.body.id as string);
    expect(outputText(second.body)).toMatch(/^Done: Home visit — New patient booked on Saturday/);
    expect(second.body.previousChatId).toBe(first.body.id);
    const { rows } = await platform.db.query<{ n: number }>(
      `select count(*)::int as n from calendar.events where resource->>'summary' = 'Home visit — New patient'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('accepts the public key (no clinician: asks to sign in) and refuses anything else', async () => {
    const platformOnly = await chat('What are my appointments tomorrow?', LOCAL_VOICE_PUBLIC_KEY);
    expect(platformOnly.status).toBe(201);
    expect(outputText(platformOnly.body)).toMatch(/please sign in/);
    const refused = await chat('hello', 'not-a-key');
    expect(refused.status).toBe(401);
  });
});

describe('the room', () => {
  function open(callId: string): Promise<{ ws: WebSocket; frames: Array<Record<string, unknown>> }> {
    const ws = new WebSocket(`${origin.replace('http', 'ws')}/__local/room/${callId}`);
    const frames: Array<Record<string, unknown>> = [];
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Record<string, unknown>));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, frames }));
      ws.once('error', reject);
    });
  }

  async function until(frames: Array<Record<string, unknown>>, test: (f: Record<string, unknown>) => boolean) {
    await expect.poll(() => frames.some(test), { timeout: 5_000 }).toBe(true);
  }

  const data = (f: Record<string, unknown>) =>
    f.type === 'app-message' && typeof f.data === 'string' && f.data.startsWith('{')
      ? (JSON.parse(f.data) as Record<string, unknown>)
      : null;

  it('joins, says "listening", answers add-message with transcripts and ends on end-call', async () => {
    const { ws, frames } = await open('call-1');
    ws.send(JSON.stringify({ type: 'hello', accessToken }));
    await until(frames, (f) => f.type === 'joined');
    await until(frames, (f) => f.type === 'app-message' && f.data === 'listening');
    ws.send(
      JSON.stringify({ type: 'add-message', message: { role: 'user', content: 'Optimize my route for tomorrow' } }),
    );
    await until(
      frames,
      (f) =>
        data(f)?.type === 'transcript' &&
        data(f)?.role === 'assistant' &&
        /route|order|visit/i.test(String(data(f)?.transcript)) &&
        !/^Hi/.test(String(data(f)?.transcript)),
    );
    expect(frames.some((f) => data(f)?.type === 'transcript' && data(f)?.role === 'user')).toBe(true);
    expect(frames.some((f) => data(f)?.type === 'conversation-update')).toBe(true);
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'end-call' }));
    expect(await closed).toBe(1000);
    expect(frames.some((f) => data(f)?.type === 'status-update' && data(f)?.status === 'ended')).toBe(true);
  });

  it('injects faults: a refused join, the call object, client-side stages; then clears them', async () => {
    const setFault = (stage: string | null) =>
      fetch(`${origin}/__local/voice-faults`, { method: 'POST', body: JSON.stringify({ stage }) });
    await setFault('daily-call-join');
    const { ws, frames } = await open('call-2');
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(JSON.stringify({ type: 'hello', accessToken }));
    expect(await closed).toBe(4003);
    expect(frames[0]).toMatchObject({ type: 'error', message: 'The room refused the join' });

    await setFault('daily-call-object-creation');
    expect((await fetch(`${origin}/__local/room/call-3`)).status).toBe(503);
    await setFault('audio-observer-setup');
    expect(await (await fetch(`${origin}/__local/room/call-3`)).json()).toMatchObject({
      faults: { 'audio-observer-setup': 'Audio level observer could not start' },
    });
    await setFault('web-call-creation');
    const call = await fetch(`${origin}/call/web`, { method: 'POST', body: '{}' });
    expect(call.status).toBe(401);
    await setFault(null);
    expect(await (await fetch(`${origin}/__local/room/call-3`)).json()).toMatchObject({ faults: {} });
    expect((await setFault('nonsense')).status).toBe(400);
  });
});
