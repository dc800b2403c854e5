// The Route view's drive times (docs/routing.md § Road drive times: the faces plan with the same drive times): asked
// of the server on open and on Try again only; the plan waits for them and never longer than 7 s; a failure or a
// silent server leaves the plan on the straight-line estimate, says so and offers Try again; the server's answer is
// used as it came (road-based or its estimate); nothing is logged (the places are health data). Texts copied from the
// product, not imported from the machine.
import { toDayDrivesView } from '../../../machines/day-drives/day-drives.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const ESTIMATED =
  'Road drive times could not be had just now: this plan uses straight-line estimates (approximate) instead.';

export const dayDrivesOracle: StepOracle = ({ event, after, started, logged, warned }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toDayDrivesView(after as never);
  expect(logged.length === 0 && warned.length === 0, `places are health data: nothing is logged (${logged}${warned})`);
  expect(after.hasTag('busy') === (view.status === 'asking'), 'busy exactly while asking');
  if (started.includes('measure')) {
    expect(event.type === 'xstate.init' || event.type === 'drives.retry', 'asked on open and on Try again only');
  }
  if (event.type === 'xstate.init') expect(view.status === 'asking', 'the drive times are asked on open');
  if (view.status === 'asking') expect(view.travel === null, 'the plan waits: no drive times while asking');
  if (event.type === 'xstate.done.actor.measure') {
    const answer = event.output as { roadBased: boolean; minutes: number[][] };
    expect(view.status === 'answered' && view.travel !== null, 'the server’s drive times are used');
    expect(view.roadBased === answer.roadBased, 'road-based exactly when the server says so');
    expect(view.message === null, 'nothing to say once answered (the report labels the drive times)');
  }
  if (event.type === 'xstate.error.actor.measure' || event.type.startsWith('xstate.after.drivesTimeout')) {
    expect(view.status === 'estimated' && view.message === ESTIMATED, 'the plan uses the estimate, and says so');
    expect(view.travel === null && !view.roadBased, 'no drive time is made up');
  }
  return problems;
};
