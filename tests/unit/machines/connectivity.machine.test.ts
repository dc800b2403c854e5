// The dashboard's connection (machines/connectivity): offline with the kept copy's time, back online by itself
// (one reload on the browser's `online` event), live again on any answered request, an unanswered reload given up.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { connectivityMachine, RECONNECT_TIMEOUT_MS, toConnectivityView } from '../../../machines/connectivity/index.ts';

const KEPT = '2026-12-01T14:00:00.000Z';
const NOW = '2026-12-01T15:30:00.000Z';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(connectivityMachine, { clock }).start();
  const refreshes: string[] = [];
  actor.on('connectivity.refresh', (event) => refreshes.push(event.type));
  return { actor, clock, refreshes, view: () => toConnectivityView(actor.getSnapshot()) };
}

describe('connectivity machine', () => {
  it('is live until a request cannot reach the platform, then offline with the kept copy’s time', () => {
    const { actor, view } = start();
    expect(view()).toEqual({ status: 'online', offline: false, updatedAt: null, needsConnection: false });
    actor.send({ type: 'connectivity.answered', at: KEPT });
    expect(view()).toMatchObject({ offline: false, updatedAt: KEPT });
    actor.send({ type: 'connectivity.unreachable', keptAt: KEPT });
    expect(view()).toEqual({ status: 'offline', offline: true, updatedAt: KEPT, needsConnection: true });
  });

  it('a failure with nothing kept keeps the time of the data still on screen', () => {
    const { actor, view } = start();
    actor.send({ type: 'connectivity.answered', at: NOW });
    actor.send({ type: 'connectivity.unreachable', keptAt: null });
    expect(view()).toMatchObject({ offline: true, updatedAt: NOW });
    actor.send({ type: 'browser.offline' });
    expect(view().updatedAt).toBe(NOW);
  });

  it('the browser going offline holds the network actions back at once', () => {
    const { actor, view } = start();
    actor.send({ type: 'browser.offline' });
    expect(view()).toMatchObject({ status: 'offline', needsConnection: true });
  });

  it('back online it asks for one reload, and the first answer ends the banner', () => {
    const { actor, refreshes, view } = start();
    actor.send({ type: 'connectivity.unreachable', keptAt: KEPT });
    actor.send({ type: 'browser.online' });
    expect(refreshes).toEqual(['connectivity.refresh']);
    expect(view()).toMatchObject({ status: 'reconnecting', offline: true });
    actor.send({ type: 'browser.online' });
    expect(refreshes).toHaveLength(1);
    actor.send({ type: 'connectivity.answered', at: NOW });
    expect(view()).toMatchObject({ status: 'online', offline: false, updatedAt: NOW });
  });

  it('a reload that fails, or stays unanswered 20 s, stays offline; the next online event tries again', () => {
    const { actor, clock, refreshes, view } = start();
    actor.send({ type: 'browser.offline' });
    actor.send({ type: 'browser.online' });
    actor.send({ type: 'connectivity.unreachable', keptAt: KEPT });
    expect(view()).toMatchObject({ status: 'offline', updatedAt: KEPT });
    actor.send({ type: 'browser.online' });
    clock.increment(RECONNECT_TIMEOUT_MS - 1);
    expect(view().status).toBe('reconnecting');
    clock.increment(1);
    expect(view().status).toBe('offline');
    actor.send({ type: 'browser.online' });
    expect(refreshes).toHaveLength(3);
  });

  it('an answer while offline (a request that got through) is live again without waiting for the browser', () => {
    const { actor, refreshes, view } = start();
    actor.send({ type: 'browser.offline' });
    actor.send({ type: 'connectivity.answered', at: NOW });
    expect(view()).toMatchObject({ status: 'online', offline: false });
    expect(refreshes).toEqual([]);
  });
});
