import { describe, expect, it, vi } from 'vitest';
import { createActor, type Snapshot } from 'xstate';
import {
  type BatchSummary,
  CALENDAR_FAILURE,
  type ConfirmationBatchInput,
  type ConfirmationBatchPorts,
  confirmationBatchMachine,
  createConfirmationBatchActors,
  MISSED_EVENING_FAILURE,
  PLATFORM_DOWN_FAILURE,
  REOPTIMISE_FAILED_NOTE,
  RETRIES_NOT_PLACED_NOTE,
  toConfirmationBatchView,
} from '../../../machines/confirmation-batch/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const ACTORS = ['buildCallList', 'placeCampaign', 'checkReports', 'markMissing', 'placeRetries', 'reoptimise'];
/** 2026-11-23 at hh:mm. */
const at = (hh: number, mm = 0) => Date.UTC(2026, 10, 23, hh, mm);
const INPUT: ConfirmationBatchInput = { batchId: 'batch-1', callAt: at(17), latestAt: at(21) };

const SUMMARY: BatchSummary = {
  counts: { confirmed: 2, 'no-answer': 1 },
  moved: [],
  plan: { order: [], driveMinutes: 42, confirmedTimesKept: true, feasible: true },
  planNote: null,
};
const LATE_SUMMARY: BatchSummary = { ...SUMMARY, counts: { confirmed: 3 } };

function start(input: ConfirmationBatchInput = INPUT, snapshot?: Snapshot<unknown>) {
  const controlled = createControlledActors(ACTORS);
  const machine = confirmationBatchMachine.provide({ actors: controlled.actors });
  // A restored actor ignores its input: everything comes from the persisted row.
  const actor = createActor(machine, snapshot ? { snapshot, input } : { input });
  actor.start();
  const send = async (type: 'batch.tick' | 'batch.runNow' | 'batch.reportArrived' | 'batch.cancel', now: number) => {
    actor.send({ type, now });
    await flush();
  };
  return {
    actor,
    controlled,
    send,
    tick: (now: number) => send('batch.tick', now),
    state: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    view: () => toConfirmationBatchView(actor.getSnapshot()),
    /** Inputs of every invocation of `src`, oldest first. */
    inputs: (src: string) => controlled.invocations.filter((inv) => inv.src === src).map((inv) => inv.input),
  };
}

type Batch = ReturnType<typeof start>;

/** Started at 17:00, 3 calls placed: waiting for their reports until 17:45. */
async function waiting(input: ConfirmationBatchInput = INPUT): Promise<Batch> {
  const batch = start(input);
  await batch.tick(input.callAt);
  await batch.controlled.resolve('buildCallList', { toCall: 3 });
  await batch.controlled.resolve('placeCampaign', { campaignId: 'campaign-1', placed: 3 });
  return batch;
}

async function closed(): Promise<Batch> {
  const batch = await waiting();
  await batch.tick(at(17, 30));
  await batch.controlled.resolve('checkReports', { outstanding: 0, toRetry: 0 });
  await batch.controlled.resolve('reoptimise', SUMMARY);
  return batch;
}

describe('confirmation-batch machine: the evening', () => {
  it('calls at callAt, waits for the reports, calls the no-answer once more an hour later, re-plans, ends with calling hours', async () => {
    const batch = start();
    expect(batch.view()).toMatchObject({ state: 'scheduled', busy: false, finished: false });
    await batch.tick(at(16, 55));
    expect(batch.state()).toBe('scheduled');
    expect(batch.controlled.invocations).toHaveLength(0);

    await batch.tick(at(17));
    expect(batch.view()).toMatchObject({ state: 'preparing', busy: true, label: 'Preparing the call list' });
    expect(batch.inputs('buildCallList')).toEqual([
      { batchId: 'batch-1', campaignId: null, now: at(17), latestAt: at(21) },
    ]);
    await batch.controlled.resolve('buildCallList', { toCall: 3 });
    expect(batch.state()).toBe('placing');
    await batch.controlled.resolve('placeCampaign', { campaignId: 'campaign-1', placed: 3 });
    expect(batch.state()).toBe('waitingForReports');
    expect(batch.context()).toMatchObject({ campaignId: 'campaign-1', reportsDueBy: at(17, 45) });

    // Two reports still out before the deadline: keep waiting; a report's webhook checks at once.
    await batch.tick(at(17, 15));
    expect(batch.inputs('checkReports')[0]).toMatchObject({ campaignId: 'campaign-1', now: at(17, 15) });
    await batch.controlled.resolve('checkReports', { outstanding: 2, toRetry: 0 });
    expect(batch.state()).toBe('waitingForReports');
    await batch.send('batch.reportArrived', at(17, 30));
    expect(batch.state()).toBe('checkingReports');
    await batch.controlled.resolve('checkReports', { outstanding: 0, toRetry: 1 });
    expect(batch.state()).toBe('retryWait');
    expect(batch.context().retryAt).toBe(at(18, 30));

    await batch.tick(at(18, 29));
    expect(batch.state()).toBe('retryWait');
    await batch.tick(at(18, 30));
    expect(batch.state()).toBe('placingRetries');
    expect(batch.inputs('placeRetries')).toEqual([
      { batchId: 'batch-1', campaignId: 'campaign-1', now: at(18, 30), latestAt: at(21) },
    ]);
    await batch.controlled.resolve('placeRetries', { placed: 1 });
    expect(batch.state()).toBe('waitingForReports');
    expect(batch.context()).toMatchObject({ retried: true, reportsDueBy: at(19, 15), retryAt: null });

    // The second attempt is a no-answer again: never a third call.
    await batch.tick(at(18, 50));
    await batch.controlled.resolve('checkReports', { outstanding: 0, toRetry: 1 });
    expect(batch.state()).toBe('reoptimising');
    await batch.controlled.resolve('reoptimise', SUMMARY);
    expect(batch.view()).toMatchObject({ state: 'closed', summary: SUMMARY, busy: false, finished: false });

    await batch.tick(at(20, 59));
    expect(batch.state()).toBe('closed');
    await batch.tick(at(21));
    expect(batch.view()).toMatchObject({ state: 'done', finished: true, label: 'Done' });
    expect(batch.actor.getSnapshot().output).toEqual({
      state: 'done',
      summary: SUMMARY,
      failure: null,
      campaignId: 'campaign-1',
      planNote: null,
    });
    expect(batch.inputs('placeCampaign')).toHaveLength(1);
    expect(batch.inputs('placeRetries')).toHaveLength(1);
  });

  it('an administrator run starts before the call time, and the batch calls from then', async () => {
    const batch = start();
    await batch.send('batch.runNow', at(16, 30));
    expect(batch.state()).toBe('preparing');
    expect(batch.context()).toMatchObject({ callAt: at(16, 30), now: at(16, 30) });
  });

  it('nothing to call: no campaign, still a summary', async () => {
    const batch = start();
    await batch.tick(at(17));
    await batch.controlled.resolve('buildCallList', { toCall: 0 });
    expect(batch.state()).toBe('reoptimising');
    expect(batch.inputs('placeCampaign')).toHaveLength(0);
    await batch.controlled.resolve('reoptimise', SUMMARY);
    expect(batch.view()).toMatchObject({ state: 'closed', summary: SUMMARY, campaignId: null });
  });
});

describe('confirmation-batch machine: failures', () => {
  it('a tick at or after the end of calling hours fails a batch that never started', async () => {
    const batch = start();
    await batch.tick(at(21));
    expect(batch.view()).toMatchObject({ state: 'failed', finished: true, failure: MISSED_EVENING_FAILURE });
    expect(MISSED_EVENING_FAILURE).toBe('Calling hours ended before the batch could start');
    expect(batch.controlled.invocations).toHaveLength(0);
  });

  it('an administrator run after calling hours places no call', async () => {
    const batch = start();
    await batch.send('batch.runNow', at(21, 30));
    expect(batch.view()).toMatchObject({ state: 'failed', failure: MISSED_EVENING_FAILURE });
    expect(batch.controlled.invocations).toHaveLength(0);
  });

  it('an unreadable calendar fails the batch with the reason', async () => {
    const batch = start();
    await batch.tick(at(17));
    await batch.controlled.reject('buildCallList', new Error('Calendar API 500'));
    expect(batch.view()).toMatchObject({ state: 'failed', failure: `${CALENDAR_FAILURE}: Calendar API 500` });
    expect(batch.view().failure).toBe('The calendar could not be read: Calendar API 500');
    expect(batch.actor.getSnapshot().output).toMatchObject({ state: 'failed', summary: null, campaignId: null });
  });

  it('an actor the runner forgot fails loudly instead of waiting', async () => {
    const actor = createActor(confirmationBatchMachine, { input: INPUT }).start();
    actor.send({ type: 'batch.tick', now: at(17) });
    await flush();
    expect(actor.getSnapshot().context.failure).toBe(
      'The calendar could not be read: actor buildCallList not provided',
    );
  });

  it('platform down, then recovering on a later tick (the outage counted from the first failure)', async () => {
    const batch = start();
    await batch.tick(at(17));
    await batch.controlled.resolve('buildCallList', { toCall: 3 });
    await batch.controlled.reject('placeCampaign', new Error('Voice platform 503'));
    expect(batch.view()).toMatchObject({ state: 'platformDown', busy: false });
    expect(batch.context().platformDownSince).toBe(at(17));

    await batch.tick(at(17, 10));
    expect(batch.state()).toBe('placing');
    expect(batch.inputs('placeCampaign')[1]).toMatchObject({ now: at(17, 10) });
    await batch.controlled.reject('placeCampaign', new Error('Voice platform 503'));
    expect(batch.context().platformDownSince).toBe(at(17));

    await batch.tick(at(17, 29));
    await batch.controlled.resolve('placeCampaign', { campaignId: 'campaign-1', placed: 3 });
    expect(batch.state()).toBe('waitingForReports');
    expect(batch.context()).toMatchObject({ reportsDueBy: at(18, 14), campaignId: 'campaign-1' });
  });

  it('platform down for good: fails PLATFORM_RETRY_MINUTES after the first failure', async () => {
    const batch = start();
    await batch.tick(at(17));
    await batch.controlled.resolve('buildCallList', { toCall: 3 });
    await batch.controlled.reject('placeCampaign', new Error('Voice platform 503'));
    await batch.tick(at(17, 29));
    await batch.controlled.reject('placeCampaign', new Error('Voice platform 503'));
    await batch.tick(at(17, 30));
    expect(batch.view()).toMatchObject({ state: 'failed', finished: true, failure: PLATFORM_DOWN_FAILURE });
    expect(PLATFORM_DOWN_FAILURE).toBe('The voice platform could not be reached: no calls were placed.');
    expect(batch.inputs('placeCampaign')).toHaveLength(2);
  });

  it('platform down near the end of calling hours: fails at latestAt without another attempt', async () => {
    const batch = start({ ...INPUT, callAt: at(20, 50) });
    await batch.tick(at(20, 50));
    await batch.controlled.resolve('buildCallList', { toCall: 3 });
    await batch.controlled.reject('placeCampaign', new Error('Voice platform 503'));
    await batch.tick(at(21));
    expect(batch.view()).toMatchObject({ state: 'failed', failure: PLATFORM_DOWN_FAILURE });
    expect(batch.inputs('placeCampaign')).toHaveLength(1);
  });

  it('a failed report check waits for the next tick', async () => {
    const batch = await waiting();
    await batch.tick(at(17, 10));
    await batch.controlled.reject('checkReports', new Error('connection reset'));
    expect(batch.state()).toBe('waitingForReports');
    await batch.tick(at(17, 15));
    expect(batch.state()).toBe('checkingReports');
  });
});

describe('confirmation-batch machine: reports and retries', () => {
  it('the report that never comes: still waiting at 44 min, marked no-report at 45', async () => {
    const batch = await waiting();
    await batch.tick(at(17, 44));
    await batch.controlled.resolve('checkReports', { outstanding: 1, toRetry: 0 });
    expect(batch.state()).toBe('waitingForReports');
    await batch.tick(at(17, 45));
    await batch.controlled.resolve('checkReports', { outstanding: 1, toRetry: 0 });
    expect(batch.view()).toMatchObject({ state: 'markingMissing', busy: true });
    expect(batch.inputs('markMissing')).toEqual([
      { batchId: 'batch-1', campaignId: 'campaign-1', now: at(17, 45), latestAt: at(21) },
    ]);
    await batch.controlled.resolve('markMissing', { toRetry: 2 });
    expect(batch.state()).toBe('retryWait');
    expect(batch.context().retryAt).toBe(at(18, 45));
  });

  it('marking the missing reports fails: the day is still re-planned', async () => {
    const batch = await waiting();
    await batch.tick(at(18));
    await batch.controlled.resolve('checkReports', { outstanding: 1, toRetry: 0 });
    await batch.controlled.reject('markMissing', new Error('connection reset'));
    expect(batch.state()).toBe('reoptimising');
  });

  it('a retry that would fall at or after the end of calling hours is skipped', async () => {
    const batch = await waiting();
    await batch.tick(at(20));
    await batch.controlled.resolve('checkReports', { outstanding: 0, toRetry: 1 });
    expect(batch.state()).toBe('reoptimising');
    expect(batch.inputs('placeRetries')).toHaveLength(0);

    const earlier = await waiting();
    await earlier.tick(at(19, 59));
    await earlier.controlled.resolve('checkReports', { outstanding: 0, toRetry: 1 });
    expect(earlier.state()).toBe('retryWait');
  });

  it('a tick that comes only after calling hours ended skips the pending retry', async () => {
    const batch = await waiting();
    await batch.tick(at(19, 30));
    await batch.controlled.resolve('checkReports', { outstanding: 0, toRetry: 1 });
    expect(batch.context().retryAt).toBe(at(20, 30));
    await batch.tick(at(21, 5));
    expect(batch.state()).toBe('reoptimising');
    expect(batch.inputs('placeRetries')).toHaveLength(0);
  });

  it('retries that cannot be placed: re-planned with a note, never tried again', async () => {
    const batch = await waiting();
    await batch.tick(at(17, 30));
    await batch.controlled.resolve('checkReports', { outstanding: 0, toRetry: 1 });
    await batch.tick(at(18, 30));
    await batch.controlled.reject('placeRetries', new Error('Voice platform 503'));
    expect(batch.state()).toBe('reoptimising');
    expect(batch.context()).toMatchObject({
      retried: true,
      planNote: `${RETRIES_NOT_PLACED_NOTE}: Voice platform 503`,
    });
    await batch.controlled.resolve('reoptimise', SUMMARY);
    expect(batch.view().planNote).toBe(`${RETRIES_NOT_PLACED_NOTE}: Voice platform 503`);
  });

  it('an event whose clock is behind the last one does not move time backwards', async () => {
    const batch = await waiting();
    await batch.tick(at(17, 50));
    await batch.controlled.resolve('checkReports', { outstanding: 1, toRetry: 0 });
    await batch.controlled.resolve('markMissing', { toRetry: 1 });
    await batch.tick(at(17, 40));
    expect(batch.context()).toMatchObject({ now: at(17, 50), retryAt: at(18, 50) });
  });
});

describe('confirmation-batch machine: after the batch', () => {
  it('a late report in closed re-plans the day', async () => {
    const batch = await closed();
    await batch.send('batch.reportArrived', at(19));
    expect(batch.state()).toBe('reoptimising');
    expect(batch.inputs('reoptimise')).toHaveLength(2);
    await batch.controlled.resolve('reoptimise', LATE_SUMMARY);
    expect(batch.view()).toMatchObject({ state: 'closed', summary: LATE_SUMMARY });
  });

  it('a re-plan that fails keeps the last summary and says why; a later one that works clears the note', async () => {
    const batch = await closed();
    await batch.send('batch.reportArrived', at(19));
    await batch.controlled.reject('reoptimise', new Error('solver timed out'));
    expect(batch.view()).toMatchObject({
      state: 'closed',
      summary: SUMMARY,
      planNote: 'The route could not be re-optimised: solver timed out',
    });
    expect(REOPTIMISE_FAILED_NOTE).toBe('The route could not be re-optimised');
    await batch.send('batch.reportArrived', at(19, 30));
    await batch.controlled.resolve('reoptimise', LATE_SUMMARY);
    expect(batch.view()).toMatchObject({ summary: LATE_SUMMARY, planNote: null });
  });

  it('cancel ends the batch from a resting state, with its output', async () => {
    const batch = await waiting();
    await batch.send('batch.cancel', at(17, 20));
    expect(batch.view()).toMatchObject({ state: 'cancelled', finished: true, failure: null });
    expect(batch.actor.getSnapshot().output).toMatchObject({ state: 'cancelled', campaignId: 'campaign-1' });
    expect(batch.actor.getSnapshot().status).toBe('done');
  });

  it('cancel while an actor works aborts it', async () => {
    const batch = start();
    await batch.tick(at(17));
    await batch.controlled.resolve('buildCallList', { toCall: 3 });
    const placing = batch.controlled.pending('placeCampaign');
    await batch.send('batch.cancel', at(17, 1));
    expect(batch.state()).toBe('cancelled');
    expect(placing?.signal.aborted).toBe(true);
  });
});

describe('confirmation-batch machine: persisted between events', () => {
  /** What the server does: persist the resting snapshot as JSON, restore it for the next event. */
  const roundTrip = (batch: Batch) => JSON.parse(JSON.stringify(batch.actor.getPersistedSnapshot()));

  it('restores a scheduled batch and a waiting batch, and runs on to done', async () => {
    const first = start();
    await first.tick(at(16));
    const row1 = roundTrip(first);
    first.actor.stop();

    const second = start(INPUT, row1);
    expect(second.view()).toMatchObject({ state: 'scheduled', busy: false });
    await second.tick(at(17));
    await second.controlled.resolve('buildCallList', { toCall: 3 });
    await second.controlled.resolve('placeCampaign', { campaignId: 'campaign-1', placed: 3 });
    expect(second.actor.getSnapshot().hasTag('resting')).toBe(true);
    const row2 = roundTrip(second);
    second.actor.stop();

    const third = start(INPUT, row2);
    expect(third.context()).toMatchObject({ campaignId: 'campaign-1', reportsDueBy: at(17, 45), now: at(17) });
    await third.tick(at(17, 50));
    expect(third.inputs('checkReports')).toEqual([
      { batchId: 'batch-1', campaignId: 'campaign-1', now: at(17, 50), latestAt: at(21) },
    ]);
    await third.controlled.resolve('checkReports', { outstanding: 0, toRetry: 1 });
    expect(third.state()).toBe('retryWait');
    const row3 = roundTrip(third);
    third.actor.stop();

    const fourth = start(INPUT, row3);
    await fourth.tick(at(18, 50));
    await fourth.controlled.resolve('placeRetries', { placed: 1 });
    await fourth.tick(at(19, 40));
    await fourth.controlled.resolve('checkReports', { outstanding: 0, toRetry: 0 });
    await fourth.controlled.resolve('reoptimise', SUMMARY);
    const row4 = roundTrip(fourth);
    fourth.actor.stop();

    const fifth = start(INPUT, row4);
    expect(fifth.view()).toMatchObject({ state: 'closed', summary: SUMMARY });
    await fifth.tick(at(21));
    expect(fifth.actor.getSnapshot().status).toBe('done');
    expect(fifth.actor.getSnapshot().output).toMatchObject({
      state: 'done',
      summary: SUMMARY,
      campaignId: 'campaign-1',
    });
  });

  it('restores a platform outage with its first failure time', async () => {
    const batch = start();
    await batch.tick(at(17));
    await batch.controlled.resolve('buildCallList', { toCall: 3 });
    await batch.controlled.reject('placeCampaign', new Error('Voice platform 503'));
    const row = roundTrip(batch);
    batch.actor.stop();
    const restored = start({ batchId: 'another', callAt: 0, latestAt: 0 }, row);
    expect(restored.context()).toMatchObject({ batchId: 'batch-1', latestAt: at(21), platformDownSince: at(17) });
    await restored.tick(at(17, 30));
    expect(restored.view()).toMatchObject({ state: 'failed', failure: PLATFORM_DOWN_FAILURE });
  });
});

describe('confirmation-batch actors', () => {
  it('pass the machine input and abort signal to the runner ports', async () => {
    const ports: ConfirmationBatchPorts = {
      buildCallList: vi.fn(async () => ({ toCall: 3 })),
      placeCampaign: vi.fn(async () => ({ campaignId: 'campaign-1', placed: 3 })),
      checkReports: vi.fn(async () => ({ outstanding: 0, toRetry: 0 })),
      markMissing: vi.fn(async () => ({ toRetry: 0 })),
      placeRetries: vi.fn(async () => ({ placed: 0 })),
      reoptimise: vi.fn(async () => SUMMARY),
    };
    const actor = createActor(confirmationBatchMachine.provide({ actors: createConfirmationBatchActors(ports) }), {
      input: INPUT,
    }).start();
    actor.send({ type: 'batch.tick', now: at(17) });
    await flush();
    actor.send({ type: 'batch.tick', now: at(17, 10) });
    await flush();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(ports.placeCampaign).toHaveBeenCalledWith(
      { batchId: 'batch-1', campaignId: null, now: at(17), latestAt: at(21) },
      expect.any(AbortSignal),
    );
    expect(ports.reoptimise).toHaveBeenCalledWith(
      expect.objectContaining({ campaignId: 'campaign-1' }),
      expect.any(AbortSignal),
    );
    expect(ports.markMissing).not.toHaveBeenCalled();
  });
});
