// The page's connectivity actor (machines/connectivity), one per page like the ports: the schedule's and the patient
// list's ports report each request's fate to it, the browser's online/offline events reach it, and the dashboard
// reads it (the banner, the actions that need the network) and hears when to reload.
import { createActor } from 'xstate';
import { connectivityMachine } from '../../../machines/connectivity/index.ts';
import type { ConnectivityReport } from './offline-schedule.ts';

export type ConnectivityActor = ReturnType<typeof createConnectivityActor>;

export function createConnectivityActor(win: Window | undefined = globalThis.window) {
  const actor = createActor(connectivityMachine).start();
  if (win) {
    win.addEventListener('online', () => actor.send({ type: 'browser.online' }));
    win.addEventListener('offline', () => actor.send({ type: 'browser.offline' }));
    if (win.navigator?.onLine === false) actor.send({ type: 'browser.offline' });
  }
  return actor;
}

let pageActor: ConnectivityActor | null = null;

/** The page's actor, started on first use. */
export function pageConnectivity(): ConnectivityActor {
  pageActor ??= createConnectivityActor();
  return pageActor;
}

/** What the ports call (main.tsx hands it to them). */
export function connectivityReport(actor: () => ConnectivityActor = pageConnectivity): ConnectivityReport {
  return {
    answered: (at) => actor().send({ type: 'connectivity.answered', at }),
    unreachable: (keptAt) => actor().send({ type: 'connectivity.unreachable', keptAt }),
  };
}
