// "Use this order" and Undo (issue 21, docs/routing.md § Use this order): the server is asked only on the clinician's
// yes (a non-empty plan) or Undo, one request at a time; Undo sends back exactly what the move left (each event to
// its previous start, with the new etag: the unit test sees the request); whenever the calendar changed or may have, the schedule is told to reload,
// and only then; a refusal is said in the server's words; nothing is logged (calendar text is health data). Texts
// copied from the product, not imported from the machine.
import { toDayOrderView } from '../../../machines/day-order/day-order.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const CALLS_NO_ANSWER =
  'No answer from the server in 30 seconds: some patients may have been called. The others hear the new time in the evening confirmation call.';
const NO_ANSWER =
  'No answer from the server in 30 seconds: your visits may or may not have moved. The calendar is reloaded; check it before trying again.';

export const dayOrderOracle: StepOracle = ({ event, before, after, started, logged, warned, emitted }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toDayOrderView(after as never);
  const prior = before ? toDayOrderView(before as never) : null;
  expect(logged.length === 0 && warned.length === 0, `nothing is logged (${logged}${warned})`);
  expect(
    view.busy === (view.status === 'applying' || view.status === 'undoing' || view.status === 'callingPatients'),
    'busy exactly while asking',
  );
  if (started.includes('callMoved')) {
    expect(event.type === 'order.callNow' && prior?.status === 'applied', 'patients are called only on Call them now');
    expect(prior?.canCallNow === true && prior.movedCount > 0, 'only after visits moved, once');
  }
  if (prior?.status === 'callingPatients' && view.status === 'applied') {
    expect(!view.canCallNow && view.callsMessage !== null, 'after the calls: said, and never offered twice');
    expect(view.canUndo, 'Undo stays after the calls');
  }
  if (started.includes('reorder')) {
    const use = event.type === 'order.use' && (event as unknown as { moves: unknown[] }).moves.length > 0;
    expect(use || event.type === 'order.undo', 'the server is asked on a yes with moves or on Undo only');
    expect(prior !== null && !prior.busy, 'one request at a time');
  }
  const reloads = emitted.filter((e) => e.type === 'order.calendarChanged').length;
  const changed =
    event.type === 'xstate.done.actor.reorder' ||
    (event.type.startsWith('xstate.after.orderTimeout') && prior?.status !== 'callingPatients') ||
    (event.type === 'xstate.error.actor.reorder' &&
      ['changed', 'partially_applied'].includes(String((event as { error?: { code?: unknown } }).error?.code)));
  expect(
    reloads === (changed ? 1 : 0) && emitted.length === reloads,
    `the schedule reloads exactly when the calendar changed (${reloads})`,
  );
  if (event.type === 'xstate.done.actor.reorder' && prior?.status === 'applying') {
    expect(
      view.status === 'applied' && view.canUndo === view.movedCount > 0,
      'applied, with Undo when something moved',
    );
  }
  if (event.type === 'xstate.done.actor.reorder' && prior?.status === 'undoing') {
    expect(view.status === 'undone' && view.canUse && !view.canUndo, 'undone: the order may be used again');
  }
  if (event.type === 'xstate.error.actor.reorder') {
    const error = (event as { error?: { code?: unknown; message?: unknown } }).error;
    const said =
      typeof error?.code === 'string'
        ? String(error.message)
        : 'HomeRounds could not reach its server, so nothing was moved. Try again.';
    expect(view.message?.endsWith(said) === true, `the refusal is said in the server's words (${view.message})`);
    expect(
      view.needsWriteAccess === (error?.code === 'write_access_required' && view.status === 'refused'),
      'consent asked exactly when needed',
    );
  }
  if (event.type.startsWith('xstate.after.orderTimeout') && prior?.status === 'callingPatients') {
    expect(view.status === 'applied' && view.callsMessage === CALLS_NO_ANSWER, 'calls given up honestly after 30 s');
  } else if (event.type.startsWith('xstate.after.orderTimeout')) {
    expect(view.status === 'uncertain' && view.message === NO_ANSWER && !view.canUndo, 'given up honestly after 30 s');
  }
  return problems;
};
