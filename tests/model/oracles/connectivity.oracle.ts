// The dashboard's connection (issue 27, docs/offline.md): offline says so with the time of the data shown; only the
// browser's `online` event asks for a reload, once; any answered request is live again (the banner goes); a failed
// request keeps the time of the kept copy shown (or the last one when nothing was kept); nothing is logged.
import { toConnectivityView } from '../../../machines/connectivity/connectivity.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

export const connectivityOracle: StepOracle = ({ event, before, after, emitted, logged, warned }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toConnectivityView(after as never);
  const prior = before ? toConnectivityView(before as never) : null;
  expect(logged.length === 0 && warned.length === 0, 'nothing is logged');
  expect(view.needsConnection === view.offline, 'actions that need the network are held back exactly while offline');
  const refreshes = emitted.filter((e) => e.type === 'connectivity.refresh').length;
  if (event.type === 'xstate.init') expect(!view.offline && view.updatedAt === null, 'live until told otherwise');
  if (event.type === 'connectivity.answered') {
    expect(!view.offline, 'an answered request means live: the banner goes');
    expect(view.updatedAt === (event as { at?: string }).at, 'the data is current as of the answer');
  }
  if (event.type === 'connectivity.unreachable') {
    const keptAt = (event as { keptAt?: string | null }).keptAt ?? null;
    expect(view.offline, 'a request that cannot reach the platform shows the banner');
    expect(view.updatedAt === (keptAt ?? prior?.updatedAt ?? null), 'the banner dates the data shown');
  }
  if (event.type === 'browser.offline') expect(view.offline, 'the browser going offline shows the banner');
  if (event.type === 'browser.online' && prior?.status === 'offline') {
    expect(view.status === 'reconnecting' && refreshes === 1, 'back online, the schedule reloads by itself, once');
  } else {
    expect(refreshes === 0, 'a reload is asked only on the way back online');
  }
  if (event.type.startsWith('xstate.after')) expect(view.status === 'offline', 'an unanswered reload stays offline');
  if (event.type !== 'connectivity.answered' && event.type !== 'connectivity.unreachable' && prior) {
    expect(view.updatedAt === prior.updatedAt, 'only an answer or a kept copy changes the time shown');
  }
  return problems;
};
