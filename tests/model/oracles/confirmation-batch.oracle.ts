// The evening confirmation batch as the issue ("Evening confirmation calls") and the contract's calling
// rules describe it, written without looking at the chart: calls only inside [callAt, latestAt), the
// no-answers called again at most once and not before RETRY_AFTER_MINUTES, missing reports marked only
// after REPORT_WAIT_MINUTES, a platform outage given PLATFORM_RETRY_MINUTES, a late report re-plans the
// day, and the final output carries the summary. Texts are copied from the issue, not imported.
// The oracle follows one path at a time (reset at its first step): replays run one after another.
import { isDeepStrictEqual } from 'node:util';
import { BATCH_MODEL_INPUT } from '../../../machines/confirmation-batch/confirmation-batch.model.ts';
import { toConfirmationBatchView } from '../../../machines/confirmation-batch/confirmation-batch.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const MINUTE = 60_000;
const REPORT_WAIT = 45 * MINUTE;
const RETRY_AFTER = 60 * MINUTE;
const PLATFORM_RETRY = 30 * MINUTE;
const MISSED_EVENING = 'Calling hours ended before the batch could start';
const CALENDAR_UNREADABLE = 'The calendar could not be read: ';
const PLATFORM_DOWN = 'The voice platform could not be reached: no calls were placed.';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const OUTSIDE = ['batch.tick', 'batch.runNow', 'batch.reportArrived', 'batch.cancel'];

interface History {
  /** The batch's clock: the latest `now` an outside event carried (time never runs backwards). */
  clock: number | null;
  /** When calls may start: the clinician's call time, or when an administrator ran the batch. */
  callsFrom: number;
  /** When the current round of calls was placed, and when no-answers to call again were found. */
  placedAt: number | null;
  retryFoundAt: number | null;
  firstPlatformFailure: number | null;
  retriesStarted: number;
  reoptimised: boolean;
  summary: unknown;
}

let history: History;

export const confirmationBatchOracle: StepOracle = ({ index, event, before, after, started }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const { callAt, latestAt } = BATCH_MODEL_INPUT;
  if (index === 0) {
    history = {
      clock: null,
      callsFrom: callAt,
      placedAt: null,
      retryFoundAt: null,
      firstPlatformFailure: null,
      retriesStarted: 0,
      reoptimised: false,
      summary: null,
    };
  }
  const view = toConfirmationBatchView(after as never);
  const was = before ? toConfirmationBatchView(before as never) : null;
  const outside = OUTSIDE.includes(event.type);
  const eventNow = (event as { now?: number }).now;
  if (outside && eventNow !== undefined) history.clock = Math.max(eventNow, history.clock ?? eventNow);
  const clock = history.clock;

  expect(outside || index === 0 || after.context.now === before?.context.now, 'now changed without an outside event');
  if (outside) expect(after.context.now === clock, `now must be the last event's (${after.context.now} ≠ ${clock})`);
  expect(after.context.latestAt === latestAt, 'the end of calling hours moved');

  if (event.type === 'batch.runNow' && was?.state === 'scheduled' && clock !== null && clock < latestAt) {
    history.callsFrom = clock;
    expect(started.includes('buildCallList'), 'an administrator run starts the batch now');
  }
  if (event.type === 'batch.tick' && was?.state === 'scheduled' && clock !== null) {
    if (clock >= latestAt) expect(view.state === 'failed', 'a batch that missed calling hours fails');
    else if (clock >= callAt) expect(started.includes('buildCallList'), 'the batch starts at its call time');
    else expect(view.state === 'scheduled' && started.length === 0, 'nothing starts before the call time');
  }

  // Calls only inside calling hours; the no-answers once, and not before RETRY_AFTER.
  for (const placing of ['placeCampaign', 'placeRetries']) {
    if (!started.includes(placing)) continue;
    expect(
      clock !== null && history.callsFrom <= clock && clock < latestAt,
      `${placing} started outside [callAt, latestAt) at ${clock}`,
    );
    history.placedAt = clock;
  }
  if (started.includes('placeRetries')) {
    history.retriesStarted += 1;
    expect(history.retriesStarted <= 1, 'the no-answers are called again at most once');
    expect(
      history.retryFoundAt !== null && clock !== null && clock >= history.retryFoundAt + RETRY_AFTER,
      'no-answers are called again only RETRY_AFTER_MINUTES after their report',
    );
  }
  if (started.includes('markMissing')) {
    expect(
      history.placedAt !== null && clock !== null && clock >= history.placedAt + REPORT_WAIT,
      'reports are marked missing only after REPORT_WAIT_MINUTES',
    );
  }
  if (started.length) expect(view.busy, 'an actor at work in a state not marked busy');
  if (after.status === 'active') expect(view.busy !== after.hasTag('resting'), 'a state is either busy or resting');

  switch (event.type) {
    case `${ERROR}placeCampaign`:
      history.firstPlatformFailure ??= clock;
      break;
    case `${DONE}checkReports`:
    case `${DONE}markMissing`:
      if ((event.output as { toRetry: number }).toRetry > 0) history.retryFoundAt = clock;
      break;
    case `${DONE}reoptimise`:
      history.reoptimised = true;
      history.summary = event.output;
      break;
    case `${ERROR}reoptimise`:
      history.reoptimised = true;
      break;
    case `${ERROR}buildCallList`:
      expect(
        view.failure === `${CALENDAR_UNREADABLE}${(event.error as Error).message}`,
        `an unreadable calendar fails the batch with its reason (${view.failure})`,
      );
      break;
    case 'batch.tick':
      if (was?.state === 'platformDown' && clock !== null && history.firstPlatformFailure !== null) {
        const givingUp = clock - history.firstPlatformFailure >= PLATFORM_RETRY || clock >= latestAt;
        if (givingUp) expect(view.failure === PLATFORM_DOWN, `the platform outage fails the batch (${view.failure})`);
        else expect(started.includes('placeCampaign'), 'the campaign is placed again while the platform may recover');
      }
      break;
    case 'batch.reportArrived':
      if (was?.state === 'closed') expect(started.includes('reoptimise'), 'a report arriving after the batch re-plans');
      break;
    case 'batch.cancel':
      if (was && !was.finished) expect(view.state === 'cancelled', 'cancel ends the batch');
      break;
    default:
      break;
  }

  if (view.state === 'done') {
    expect(was?.state === 'closed' && history.reoptimised, 'done only after the day was re-optimised and closed');
  }
  if (view.state === 'failed' && event.type === 'batch.runNow') expect(view.failure === MISSED_EVENING, 'run too late');
  if (view.state === 'failed' && was?.state === 'scheduled') {
    expect(view.failure === MISSED_EVENING, `a missed evening says so (${view.failure})`);
  }
  if (view.finished) {
    const output = (after as { output?: Record<string, unknown> }).output;
    expect(output?.state === view.state, 'the output names the final state');
    expect(isDeepStrictEqual(output?.summary ?? null, history.summary), 'the output carries the last summary');
    expect(
      (output?.failure !== null) === (view.state === 'failed'),
      'the output carries a failure exactly when failed',
    );
  }
  if (was?.finished) expect(started.length === 0, 'a finished batch starts nothing');
  return problems;
};
