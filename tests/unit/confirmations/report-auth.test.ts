// End-of-call reports are taken only for a call a batch placed, and only from the platform: signed with the report
// credential's HMAC where one is configured (a missing, wrong, tampered or stale signature refused, the server secret
// alone no longer enough), the server secret where not. A forged report (another call id, a call token of its own)
// changes no visit.
import { describe, expect, it, vi } from 'vitest';
import { CONFIRMATION_OUTPUT_NAME, type RecordedOutcome } from '../../../core/confirmations/contract.ts';
import { signReport } from '../../../server/confirmations/report-signature.ts';
import { type BatchRunner, createBatchRunner } from '../../../server/confirmations/runner.ts';
import type { ConfirmationStore } from '../../../server/confirmations/store.ts';
import type { PlacedCall } from '../../../server/confirmations/voice-port.ts';
import { createConfirmationsHandler } from '../../../server/functions/confirmations.ts';

const NOW = new Date('2026-11-23T23:30:00Z');
const TOOLS_SECRET = 'tools-secret-of-the-local-platform';
const SIGNING_SECRET = 'report-signing-secret-0123456789abcdef';
const PLACED = 'c0ffee00-0000-4000-8000-000000000001';
const VISIT = { userId: 'u-maya', visitDate: '2026-11-24', eventId: 'evt-rosa' };

function harness(options: { signing?: string } = {}) {
  const recorded: Array<{ eventId: string; outcome: RecordedOutcome }> = [];
  const visitOfPlacedCall = vi.fn(async (callId: string) => (callId === PLACED ? VISIT : null));
  const runner = { visitOfPlacedCall, reportArrived: vi.fn(async () => {}) } as unknown as BatchRunner;
  const store = {
    current: async () => ({ ...VISIT, status: 'calling', phone: '+13125550142', newStart: null }),
    batch: async () => ({ id: 'b1', state: 'waitingForReports' }),
    recordOutcome: async (_u: string, _d: string, eventId: string, outcome: RecordedOutcome) => {
      recorded.push({ eventId, outcome });
      return true;
    },
    addDoNotCall: async () => {},
  } as unknown as ConfirmationStore;
  const handler = createConfirmationsHandler({
    supabaseUrl: 'http://127.0.0.1:1',
    anonKey: 'anon',
    adminSecret: 'admin-secret-of-24-characters!!',
    toolsSecret: TOOLS_SECRET,
    reportSigningSecret: options.signing,
    callTokenSecret: 'x'.repeat(32),
    runner,
    store,
    now: () => NOW,
  });
  return { handler, recorded, visitOfPlacedCall };
}

function reportBody(callId = PLACED, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    message: {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      call: { id: callId, ...extra },
      artifact: { structuredOutputs: { x: { name: CONFIRMATION_OUTPUT_NAME, result: { outcome: 'confirmed' } } } },
      analysis: {},
    },
  });
}

function post(handler: (r: Request) => Promise<Response>, body: string, headers: Record<string, string>) {
  return handler(
    new Request('http://localhost/functions/v1/confirmations/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    }),
  );
}

async function signed(body: string, secret = SIGNING_SECRET, at = NOW): Promise<Record<string, string>> {
  const timestamp = String(at.getTime());
  return { 'x-signature': await signReport(secret, timestamp, body), 'x-timestamp': timestamp };
}

describe('reports signed by the platform (HMAC credential configured)', () => {
  it('takes a correctly signed report of a placed call', async () => {
    const { handler, recorded } = harness({ signing: SIGNING_SECRET });
    const body = reportBody();
    const response = await post(handler, body, await signed(body));
    expect(response.status).toBe(200);
    expect(recorded).toEqual([
      { eventId: 'evt-rosa', outcome: expect.objectContaining({ status: 'confirmed', callId: PLACED }) },
    ]);
  });

  it('accepts the timestamp in seconds too', async () => {
    const { handler, recorded } = harness({ signing: SIGNING_SECRET });
    const body = reportBody();
    const seconds = String(Math.floor(NOW.getTime() / 1000));
    const response = await post(handler, body, {
      'x-signature': await signReport(SIGNING_SECRET, seconds, body),
      'x-timestamp': seconds,
    });
    expect(response.status).toBe(200);
    expect(recorded).toHaveLength(1);
  });

  it('refuses an unsigned report, even with the server secret, and never looks the call up', async () => {
    const { handler, recorded, visitOfPlacedCall } = harness({ signing: SIGNING_SECRET });
    const response = await post(handler, reportBody(), { 'x-vapi-secret': TOOLS_SECRET });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'unauthorized',
      message: 'The report is not signed: x-signature and x-timestamp are required.',
    });
    expect(visitOfPlacedCall).not.toHaveBeenCalled();
    expect(recorded).toEqual([]);
  });

  it('refuses a signature made with another key, or over another body', async () => {
    const { handler, recorded } = harness({ signing: SIGNING_SECRET });
    const body = reportBody();
    const wrongKey = await post(handler, body, await signed(body, 'someone-elses-secret-0123456789abcdef'));
    expect(wrongKey.status).toBe(401);
    expect(((await wrongKey.json()) as { message: string }).message).toBe('The report’s signature does not match.');
    // Signed for a voicemail, sent saying "confirmed".
    const tampered = await post(handler, body, await signed(body.replace('customer-ended-call', 'voicemail')));
    expect(tampered.status).toBe(401);
    const garbage = await post(handler, body, { 'x-signature': 'zz', 'x-timestamp': String(NOW.getTime()) });
    expect(garbage.status).toBe(401);
    expect(recorded).toEqual([]);
  });

  it('refuses a replay: a signature whose timestamp is more than five minutes away', async () => {
    const { handler, recorded } = harness({ signing: SIGNING_SECRET });
    const body = reportBody();
    const old = await post(handler, body, await signed(body, SIGNING_SECRET, new Date(NOW.getTime() - 6 * 60_000)));
    expect(old.status).toBe(401);
    expect(((await old.json()) as { message: string }).message).toMatch(/replay/);
    const ahead = await post(handler, body, await signed(body, SIGNING_SECRET, new Date(NOW.getTime() + 6 * 60_000)));
    expect(ahead.status).toBe(401);
    const recent = await post(handler, body, await signed(body, SIGNING_SECRET, new Date(NOW.getTime() - 4 * 60_000)));
    expect(recent.status).toBe(200);
    expect(recorded).toHaveLength(1);
  });
});

describe('reports under the server secret (no signing credential)', () => {
  it('refuses a report without the server secret', async () => {
    const { handler, recorded } = harness();
    expect((await post(handler, reportBody(), {})).status).toBe(401);
    expect((await post(handler, reportBody(), { 'x-vapi-secret': 'guess' })).status).toBe(401);
    expect(recorded).toEqual([]);
  });

  it('refuses a report for a call no batch placed, whatever visit token it carries', async () => {
    const { handler, recorded, visitOfPlacedCall } = harness();
    const forged = reportBody('c0ffee00-0000-4000-8000-00000000dead', {
      assistantOverrides: { variableValues: { homeroundsCallToken: 'a.valid.looking.token' } },
      customer: { externalId: `b1:${VISIT.eventId}`, number: '+13125550142' },
    });
    const response = await post(handler, forged, { 'x-vapi-secret': TOOLS_SECRET });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: 'not_found',
      message: 'No confirmation call of that id was placed.',
    });
    expect(visitOfPlacedCall).toHaveBeenCalledWith('c0ffee00-0000-4000-8000-00000000dead');
    const noId = await post(handler, JSON.stringify({ message: { type: 'end-of-call-report', call: {} } }), {
      'x-vapi-secret': TOOLS_SECRET,
    });
    expect(noId.status).toBe(404);
    expect(recorded).toEqual([]);
  });

  it('takes the report of a placed call', async () => {
    const { handler, recorded } = harness();
    expect((await post(handler, reportBody(), { 'x-vapi-secret': TOOLS_SECRET })).status).toBe(200);
    expect(recorded[0]?.outcome).toMatchObject({ status: 'confirmed', callId: PLACED });
  });
});

describe('which calls a batch placed', () => {
  const BATCH = '0b0b0b0b-0000-4000-8000-000000000001';
  const ROW = { userId: 'u-maya', visitDate: '2026-11-24', eventId: 'evt-rosa', phone: '+13125550142' };
  const platformCall = (overrides: Partial<PlacedCall> = {}): PlacedCall => ({
    id: PLACED,
    campaignId: 'camp-1',
    assistantId: 'confirmation-assistant',
    customerNumber: '+13125550142',
    externalId: `${BATCH}:evt-rosa`,
    ...overrides,
  });

  function runnerWith(call: PlacedCall | null, known: typeof VISIT | null = null) {
    const setCallId = vi.fn(async () => {});
    const getCall = vi.fn(async () => call);
    const store = {
      visitOfCall: async () => known,
      visitOfBatch: async (batchId: string, eventId: string) =>
        batchId === BATCH && eventId === ROW.eventId ? ROW : null,
      batchById: async () => ({ id: BATCH, campaignId: 'camp-1' }),
      setCallId,
    } as unknown as ConfirmationStore;
    const never = () => Promise.reject(new Error('not here'));
    const runner = createBatchRunner({
      store,
      calendarFor: never as never,
      voice: { createCampaign: never, createCall: never, getCall },
      assistantId: async () => 'confirmation-assistant',
      phoneNumberId: async () => 'number',
      callTokenSecret: 'x'.repeat(32),
      defaultCallbackNumber: '+13125550100',
      defaultTimeZone: 'America/Chicago',
      now: () => NOW,
    });
    return { runner, setCallId, getCall };
  }

  it('knows a call by the id stored when it was placed, without asking the platform', async () => {
    const { runner, getCall } = runnerWith(null, VISIT);
    expect(await runner.visitOfPlacedCall(PLACED)).toEqual(VISIT);
    expect(getCall).not.toHaveBeenCalled();
  });

  it('takes a campaign call the platform placed with our assistant, to the row’s number, and keeps its id', async () => {
    const { runner, setCallId } = runnerWith(platformCall());
    expect(await runner.visitOfPlacedCall(PLACED)).toEqual(VISIT);
    expect(setCallId).toHaveBeenCalledWith('u-maya', '2026-11-24', 'evt-rosa', PLACED);
  });

  it('refuses a call the platform does not have, or one that is not the batch’s', async () => {
    for (const call of [
      null,
      platformCall({ externalId: null }),
      platformCall({ externalId: `${BATCH}:evt-someone-else` }),
      platformCall({ customerNumber: '+18825551234' }),
      platformCall({ assistantId: 'another-assistant' }),
      platformCall({ campaignId: 'another-campaign' }),
    ]) {
      const { runner, setCallId } = runnerWith(call);
      expect(await runner.visitOfPlacedCall(PLACED), JSON.stringify(call)).toBeNull();
      expect(setCallId).not.toHaveBeenCalled();
    }
  });
});
