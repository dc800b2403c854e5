// The Route view's drive times (machines/day-drives): asked of the server on open, the plan waiting at most 7 s; the
// server's answer is used as it came (road drive times, or its estimate, said so by the report); a failure or a
// silent server leaves the plan on the straight-line estimate, says so, and Try again asks once more.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { DriveTimesResponse } from '../../../core/routing/drive-times-contract.ts';
import {
  createDayDrivesActors,
  DRIVES_TIMEOUT_MS,
  dayDrivesMachine,
  toDayDrivesView,
} from '../../../machines/day-drives/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const A = { lat: 41.9163, lon: -87.6744 };
const B = { lat: 41.9775, lon: -87.6561 };
const REQUEST = { points: [A, B], departureTime: '2026-11-24T14:30:00.000Z' };
const ROAD: DriveTimesResponse = {
  minutes: [
    [0, 16],
    [17, 0],
  ],
  meters: [
    [0, 7300],
    [7500, 0],
  ],
  roadBased: true,
  source: 'Google Routes API, traffic-aware',
};
const ESTIMATED =
  'Road drive times could not be had just now: this plan uses straight-line estimates (approximate) instead.';

function start() {
  const controlled = createControlledActors(['measure']);
  const clock = new SimulatedClock();
  const actor = createActor(dayDrivesMachine.provide({ actors: controlled.actors }), {
    clock,
    input: { request: REQUEST },
  }).start();
  return { actor, clock, controlled, view: () => toDayDrivesView(actor.getSnapshot()) };
}

describe('day-drives machine', () => {
  it('asks for the day’s drive times on open, and the plan uses the road minutes and metres by place', async () => {
    const { actor, controlled, view } = start();
    expect(view()).toMatchObject({ status: 'asking', travel: null, message: 'Asking for road drive times…' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(controlled.pending('measure')?.input).toEqual({ request: REQUEST });
    await controlled.resolve('measure', ROAD);
    const answered = view();
    expect(answered).toMatchObject({ status: 'answered', roadBased: true, message: null });
    expect(answered.travel?.minutes({ ...B }, A)).toBe(17);
    expect(answered.travel?.meters?.(A, B)).toBe(7300);
    expect(answered.travel?.source).toBe('Google Routes API, traffic-aware');
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('uses the server’s own estimate as it came: not road-based', async () => {
    const { controlled, view } = start();
    await controlled.resolve('measure', { minutes: ROAD.minutes, roadBased: false, source: 'haversine (approximate)' });
    expect(view()).toMatchObject({ status: 'answered', roadBased: false, message: null });
    expect(view().travel?.roadBased).toBe(false);
    expect(view().travel?.meters).toBeUndefined();
  });

  it('gives a silent server up after 7 s (its request aborted), says so, and Try again asks once more', async () => {
    const { actor, clock, controlled, view } = start();
    const request = controlled.pending('measure');
    clock.increment(DRIVES_TIMEOUT_MS - 1);
    await flush();
    expect(view().status).toBe('asking');
    clock.increment(1);
    await flush();
    expect(view()).toMatchObject({ status: 'estimated', travel: null, roadBased: false, message: ESTIMATED });
    expect(request?.signal.aborted).toBe(true);
    actor.send({ type: 'drives.retry' });
    expect(view().status).toBe('asking');
    expect(controlled.invocations).toHaveLength(2);
    await controlled.reject('measure', new Error('drive-times answered 503'));
    expect(view()).toMatchObject({ status: 'estimated', message: ESTIMATED });
  });

  it('takes Try again only when the drive times are not had', async () => {
    const { actor, controlled } = start();
    actor.send({ type: 'drives.retry' });
    await controlled.resolve('measure', ROAD);
    actor.send({ type: 'drives.retry' });
    expect(controlled.invocations).toHaveLength(1);
  });

  it('asks the face’s port with the request and the machine’s signal; a missing port leaves the estimate', async () => {
    const seen: Array<[unknown, AbortSignal]> = [];
    const actor = createActor(
      dayDrivesMachine.provide({
        actors: createDayDrivesActors({
          measure: async (request, signal) => {
            seen.push([request, signal]);
            return ROAD;
          },
        }),
      }),
      { input: { request: REQUEST } },
    ).start();
    await flush();
    expect(seen[0]?.[0]).toEqual(REQUEST);
    expect(seen[0]?.[1]).toBeInstanceOf(AbortSignal);
    expect(toDayDrivesView(actor.getSnapshot()).status).toBe('answered');
    const bare = createActor(dayDrivesMachine, { input: { request: REQUEST } }).start();
    await flush();
    expect(toDayDrivesView(bare.getSnapshot()).status).toBe('estimated');
  });
});
