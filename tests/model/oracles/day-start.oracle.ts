// The Route view's "Start and end of your day" (issue 15, docs/web.md § Route): the profile's home read on open
// and given up after 5 s; "Use my current location" locates the device, then saves the place (a failed save keeps
// it for this plan only); "Forget this location" forgets it; one action at a time; nothing of the place is logged.
// Texts copied from the product, not imported from the machine.
import { toDayStartView } from '../../../machines/day-start/day-start.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const SAVED = 'Saved: your day starts and ends here, and the drives from and back home are now counted.';
const NOT_SAVED =
  'Your location is used for this plan, but it could not be saved to your profile: you will be asked again next time.';
const FORGOTTEN = 'Forgotten: the drives from and back home are no longer counted.';
const NOT_FORGOTTEN = 'It could not be forgotten just now: your profile still holds it. Try again.';

export const dayStartOracle: StepOracle = ({ event, before, after, started, logged, warned }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toDayStartView(after as never);
  const was = before ? toDayStartView(before as never) : null;
  expect(
    logged.length === 0 && warned.length === 0,
    `the place is personal data: nothing is logged (${logged}${warned})`,
  );
  expect(after.hasTag('busy') === (view.busy !== null), 'busy exactly while locating, saving or forgetting');
  if (started.includes('readHome')) {
    expect(
      event.type === 'xstate.init' || event.type === 'home.retry',
      'the profile is read on open and on Try again only',
    );
  }
  if (event.type === 'home.locate') expect(view.busy === 'locating' && started.includes('locate'), 'locating starts');
  if (event.type === 'home.forget')
    expect(view.busy === 'saving' && started.includes('forgetHome'), 'forgetting starts');
  if (view.status === 'known') expect(view.home !== null, 'a known home has a place');
  if (view.status === 'unknown' || view.status === 'unreadable') expect(view.home === null, 'no place when not known');
  switch (event.type) {
    case 'xstate.init':
      expect(view.status === 'loading' && started.includes('readHome'), 'the profile is read on open');
      break;
    case 'xstate.done.actor.readHome': {
      const found = event.output as unknown;
      expect(view.status === (found ? 'known' : 'unknown'), 'the profile says whether the home is known');
      expect(view.saved, 'a home read from the profile is saved');
      break;
    }
    case 'xstate.error.actor.readHome':
      expect(
        view.status === 'unreadable' && view.busy === null,
        'an unreadable profile is said, never blocks the plan',
      );
      break;
    default:
      if (event.type.startsWith('xstate.after.homeReadTimeout')) {
        expect(view.status === 'unreadable', 'a profile read that hangs is given up after 5 s');
      }
  }
  if (event.type === 'xstate.done.actor.saveHome' || event.type === 'xstate.error.actor.saveHome') {
    const failed = event.type.startsWith('xstate.error.');
    expect(view.status === 'known' && view.home !== null, 'a located place serves the plan, saved or not');
    expect(view.saved === !failed, 'saved says whether the profile keeps it');
    expect(view.message === (failed ? NOT_SAVED : SAVED), `the save's outcome is said (${view.message})`);
  }
  if (
    event.type.includes('forgetting') &&
    (event.type.startsWith('xstate.done.') || event.type.startsWith('xstate.error.'))
  ) {
    const failed = event.type.startsWith('xstate.error.');
    expect(view.message === (failed ? NOT_FORGOTTEN : FORGOTTEN), `the forget's outcome is said (${view.message})`);
    if (failed) expect(view.status === was?.status && view.home === was?.home, 'a failed forget keeps the home');
    else expect(view.status === 'unknown' && view.home === null, 'a forgotten home is not known');
  }
  return problems;
};
