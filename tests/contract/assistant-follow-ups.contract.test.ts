// A conversation that remembers, over the chain production has: the web chat (each turn continues the last by
// `previousChatId`, as the web app and `homerounds call simulate` send it) and the web call's room (one
// conversation for the call) → the tools webhook → the calendar stand-in. Follow-ups and corrections are answered
// from the conversation's own state, kept per chat on the local voice platform; facts checked against the seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LOCAL_VOICE_PUBLIC_KEY } from '../../config/local-platform.ts';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { GREETING } from '../../emulators/assistant/routes.ts';
import { type AssistantSession, assistantSession, chat } from '../support/assistant-session.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn } from '../support/seed-calendar.ts';
import { chicago, setTestNow } from '../support/test-clock.ts';

const EMAIL = 'maya.patel@homerounds.test';
let platform: TestPlatform;
let maya: AssistantSession;

beforeAll(async () => {
  setTestNow(chicago(DAYS.wednesday, '06:00'));
  platform = await startLocalPlatform();
  maya = await assistantSession(platform, EMAIL);
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

const patientOf = (summary: string | undefined) => String(summary ?? '').split(' — ')[1] as string;

describe('the web chat keeps the conversation by previousChatId', () => {
  it('"what about Friday?" and "and the one after that?" answer from the last turn', async () => {
    const friday = visitsOn(EMAIL, DAYS.friday).map((v) => patientOf(v.summary));
    const first = await chat(platform.url, 'What are my appointments tomorrow?', { callToken: maya.callToken });
    const next = await chat(platform.url, 'what about Friday?', {
      callToken: maya.callToken,
      previousChatId: first.id,
    });
    expect(next.reply).toContain(`You have ${friday.length} visits on Friday, October 30`);
    for (const name of friday) expect(next.reply).toContain(name);
    const second = await chat(platform.url, 'and the second one?', {
      callToken: maya.callToken,
      previousChatId: next.id,
    });
    expect(second.reply).toContain(`Visit: ${friday[1]}`);
    const after = await chat(platform.url, 'and the one after that?', {
      callToken: maya.callToken,
      previousChatId: second.id,
    });
    expect(after.reply).toContain(`Visit: ${friday[2]}`);
    // A chat started afresh has no conversation to lean on: it asks.
    const fresh = await chat(platform.url, 'and the one after that?', { callToken: maya.callToken });
    expect(fresh.reply).toContain('After which visit?');
  });
});

describe('the web call keeps the conversation for the call', () => {
  it('greets saying Spanish is understood, then answers a follow-up about the patient just found', async () => {
    const [first] = visitsOn(EMAIL, DAYS.friday);
    const response = await fetch(`${platform.url}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_VOICE_PUBLIC_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        assistant: { name: 'HomeRounds (local)' },
        assistantOverrides: { variableValues: { [CALL_TOKEN_VARIABLE]: maya.callToken } },
      }),
    });
    const { webCallUrl } = (await response.json()) as { webCallUrl: string };
    const ws = new WebSocket(webCallUrl.replace(/^http/, 'ws'));
    const said: string[] = [];
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { type?: string; data?: unknown };
      if (frame.type !== 'app-message' || typeof frame.data !== 'string' || !frame.data.startsWith('{')) return;
      const data = JSON.parse(frame.data) as { type?: string; role?: string; transcript?: string };
      if (data.type === 'transcript' && data.role === 'assistant') said.push(String(data.transcript));
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const turn = async (content: string) => {
      const before = said.length;
      ws.send(JSON.stringify({ type: 'add-message', message: { role: 'user', content } }));
      await expect.poll(() => said.length, { timeout: 10_000 }).toBeGreaterThan(before);
      return said.at(-1) as string;
    };
    ws.send(JSON.stringify({ type: 'hello', publicKey: LOCAL_VOICE_PUBLIC_KEY }));
    await expect.poll(() => said[0], { timeout: 10_000 }).toBe(GREETING);
    expect(GREETING).toContain('español');
    expect(await turn('Who is my first patient on Friday?')).toContain(
      `Your first visit: ${patientOf(first?.summary)}`,
    );
    expect(await turn('and her address?')).toContain(`${patientOf(first?.summary)}: address “${first?.location}”`);
    ws.close();
  });
});
