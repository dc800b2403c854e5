// The Route view's places (issue 21, docs/routing.md § Which events, and where): the addresses are located on
// open and on Try again only; the plan waits while they are located and never longer than 8 s; a failure or a
// silent server lets the plan go on without them, says so and offers Try again; nothing is logged (addresses are
// health data). Texts copied from the product, not imported from the machine.
import { toDayPlacesView } from '../../../machines/day-places/day-places.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const UNAVAILABLE =
  'The visits’ addresses could not be located just now: visits without a place on the calendar are left out of this plan.';

export const dayPlacesOracle: StepOracle = ({ event, after, started, logged, warned }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toDayPlacesView(after as never);
  expect(
    logged.length === 0 && warned.length === 0,
    `addresses are health data: nothing is logged (${logged}${warned})`,
  );
  expect(after.hasTag('busy') === (view.status === 'locating'), 'busy exactly while locating');
  if (started.includes('locate')) {
    expect(event.type === 'xstate.init' || event.type === 'places.retry', 'located on open and on Try again only');
  }
  if (event.type === 'xstate.init') expect(view.status === 'locating', 'the addresses are located on open');
  if (event.type === 'xstate.done.actor.locate') {
    const places = event.output as Array<[string, unknown]>;
    expect(view.status === 'located' && view.locations.size === places.length, 'the located places are used');
    expect(view.message === null, 'nothing to say once located');
  }
  if (event.type === 'xstate.error.actor.locate' || event.type.startsWith('xstate.after.placesTimeout')) {
    expect(view.status === 'unavailable' && view.message === UNAVAILABLE, 'the plan goes on without them, and says so');
    expect(view.locations.size === 0, 'no place is made up');
  }
  return problems;
};
