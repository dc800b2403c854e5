// Changes through the tools webhook on the local platform (the calendar stand-in on PGlite, Google's answers):
// a confirmation with no proposal changes nothing, a cancelled slot can be booked again (the stand-in keeps a
// deleted event under its id and answers a new insert with it 409, as Google does), and an id never on the
// calendar is not "done". The same rules in detail, with every failure: tests/unit/server/assistant-tools-writes.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseToolResult, type ToolResult } from '../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../core/assistant/webhook-message.ts';
import { LOCAL_TOOLS_SECRET } from '../../emulators/local-secrets.ts';
import { type AssistantSession, assistantSession } from '../support/assistant-session.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn } from '../support/seed-calendar.ts';
import { chicago, setTestNow, testNow } from '../support/test-clock.ts';

const JORDAN = 'jordan.kim@homerounds.test';
let platform: TestPlatform;
let writer: AssistantSession;
let n = 0;

beforeAll(async () => {
  setTestNow(chicago(DAYS.wednesday, '06:00'));
  platform = await startLocalPlatform();
  writer = await assistantSession(platform, JORDAN, { write: true });
}, 120_000);

afterAll(async () => {
  await platform?.close();
});

async function call(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const body = toolCallsMessage({
    calls: [{ id: `call_${++n}`, name, args }],
    callId: '3f0c1a7e-2b4d-4c8e-9f1a-5d6e7f8a9b0c',
    orgId: '00000000-0000-4000-8000-000000000001',
    callToken: writer.callToken,
    now: testNow(),
  });
  const response = await fetch(`${platform.url}/functions/v1/assistant-tools`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vapi-secret': LOCAL_TOOLS_SECRET },
    body: JSON.stringify(body),
  });
  const { results } = (await response.json()) as { results: Array<{ result?: string; error?: string }> };
  const result = parseToolResult(results[0]?.result);
  if (!result) throw new Error(`no result: ${results[0]?.error}`);
  return result;
}

/** Proposes, then confirms with exactly the proposal's confirmWith. */
async function proposeAndConfirm(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  const proposal = await call(name, args);
  expect(proposal.status).toBe('proposal');
  return call(name, proposal.confirmWith as Record<string, unknown>);
}

const statusOf = async (id: string) =>
  (await platform.db.query<{ status: string }>('select status from calendar.events where id = $1', [id])).rows[0]
    ?.status;

describe('changes through the webhook', () => {
  it('refuses confirm: true without a proposal, and the visit stays', async () => {
    const visit = visitsOn(JORDAN, DAYS.friday).at(-1);
    if (!visit) throw new Error('Jordan has no Friday visit in the seed');
    const answer = await call('cancel_visit', { visitId: visit.id, confirm: true });
    expect(answer).toMatchObject({ status: 'confirmation_required', calendarChanged: false });
    expect(answer.say).toMatch(/^Nothing was changed/);
    expect(await statusOf(visit.id)).toBe('confirmed');
  });

  it('books a slot again after its booking was cancelled', async () => {
    const slot = { newPatient: true, date: DAYS.thursday, time: '17:00' };
    const first = await proposeAndConfirm('book_visit', slot);
    expect(first).toMatchObject({ status: 'done', calendarChanged: true });
    const id = (first.visit as { id: string }).id;
    expect(await proposeAndConfirm('cancel_visit', { visitId: id })).toMatchObject({ status: 'done' });
    expect(await statusOf(id)).toBe('cancelled');
    const again = await proposeAndConfirm('book_visit', slot);
    expect(again).toMatchObject({ status: 'done', calendarChanged: true, visit: { id } });
    expect(await statusOf(id)).toBe('confirmed');
  });

  it('answers not_found for a cancel of an id never on the calendar', async () => {
    const answer = await call('cancel_visit', { visitId: 'hr0000000000nosuchvisit' });
    expect(answer).toMatchObject({ status: 'not_found', visitId: 'hr0000000000nosuchvisit' });
    expect(answer.say).not.toMatch(/could not be reached|done/i);
  });
});
