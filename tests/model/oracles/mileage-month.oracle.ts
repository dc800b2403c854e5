// The mileage log's month (issue 27, docs/mileage.md): read on open, on Try again, when another month is picked and
// after an unanswered save only; one day saved at a time, from the log; a saved day's answer replaces the log; a
// refused save leaves the log exactly as it was and says why; a month that cannot be read says so; another month
// drops the log shown at once; nothing is ever logged (names and reasons are the clinician's). Texts copied from the
// product, not imported from the machine.
import { toMileageMonthView } from '../../../machines/mileage-month/mileage-month.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const LOAD_FAILED = 'Your mileage could not be read just now.';
const LOAD_TIMED_OUT = 'No answer in 60 seconds: your mileage could not be read just now.';

export const mileageMonthOracle: StepOracle = ({ event, before, after, started, logged, warned }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toMileageMonthView(after as never);
  const prior = before ? toMileageMonthView(before as never) : null;
  expect(logged.length === 0 && warned.length === 0, `nothing is logged (${logged}${warned})`);
  expect(
    view.status === 'loading' || view.status === 'savingDay' ? after.hasTag('busy') : !after.hasTag('busy'),
    'busy while asking',
  );
  if (started.includes('load')) {
    expect(
      ['xstate.init', 'mileage.retry', 'mileage.month'].includes(event.type) ||
        event.type.startsWith('xstate.after.saveTimeout'),
      'read on open, on Try again, for another month and after an unanswered save only',
    );
  }
  if (started.includes('save')) {
    expect(event.type === 'mileage.saveDay' && prior?.status === 'ready', 'one day at a time, from the log');
  }
  if (event.type === 'mileage.month') {
    expect(view.month === (event as { month?: string }).month && view.log === null, 'another month drops the old log');
  }
  if (event.type === 'xstate.done.actor.save') {
    expect(
      view.status === 'ready' && view.saveError === null && view.savingDay === null,
      'nothing left to say once saved',
    );
  }
  if (event.type === 'xstate.error.actor.save') {
    expect(JSON.stringify(view.log) === JSON.stringify(prior?.log ?? null), 'a refused save changes nothing');
    expect(typeof view.saveError === 'string' && view.saveError.length > 0, 'a refused save says why');
  }
  if (event.type === 'xstate.error.actor.load') {
    expect(view.status === 'failed' && view.message === LOAD_FAILED, 'a month that cannot be read says so');
  }
  if (event.type.startsWith('xstate.after.loadTimeout')) {
    expect(view.status === 'failed' && view.message === LOAD_TIMED_OUT, 'a silent server is given up, said so');
  }
  return problems;
};
