// The Route view's places (machines/day-places): located on open, the plan waiting at most 8 s; a failure or a
// silent server lets the plan go on without them, says so, and Try again locates once more.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  createDayPlacesActors,
  dayPlacesMachine,
  PLACES_TIMEOUT_MS,
  type Place,
  toDayPlacesView,
} from '../../../machines/day-places/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const A = '1815 W Cortland St, Chicago, IL 60622';
const B = '2100 Somewhere Rd, Evanston, IL 60201';
const PLACES: Place[] = [
  [A, { lat: 41.9163, lon: -87.6744, approximate: false, formatted: A }],
  [B, 'not-found'],
];
const UNAVAILABLE =
  'The visits’ addresses could not be located just now: visits without a place on the calendar are left out of this plan.';

function start() {
  const controlled = createControlledActors(['locate']);
  const clock = new SimulatedClock();
  const actor = createActor(dayPlacesMachine.provide({ actors: controlled.actors }), {
    clock,
    input: { addresses: [A, B] },
  }).start();
  return { actor, clock, controlled, view: () => toDayPlacesView(actor.getSnapshot()) };
}

describe('day-places machine', () => {
  it('locates the addresses on open, and the plan uses what the server answered', async () => {
    const { controlled, view } = start();
    expect(view()).toMatchObject({ status: 'locating', message: 'Locating the visits’ addresses…' });
    expect(controlled.pending('locate')?.input).toEqual({ addresses: [A, B] });
    await controlled.resolve('locate', PLACES);
    expect(view().status).toBe('located');
    expect(view().message).toBeNull();
    expect([...view().locations]).toEqual(PLACES);
  });

  it('gives a silent server up after 8 s (its request aborted), says so, and Try again locates once more', async () => {
    const { actor, clock, controlled, view } = start();
    const request = controlled.pending('locate');
    clock.increment(PLACES_TIMEOUT_MS - 1);
    await flush();
    expect(view().status).toBe('locating');
    clock.increment(1);
    await flush();
    expect(view()).toMatchObject({ status: 'unavailable', message: UNAVAILABLE });
    expect(view().locations.size).toBe(0);
    expect(request?.signal.aborted).toBe(true);
    actor.send({ type: 'places.retry' });
    expect(view().status).toBe('locating');
    expect(controlled.invocations).toHaveLength(2);
    await controlled.reject('locate', new Error('locations answered 503'));
    expect(view()).toMatchObject({ status: 'unavailable', message: UNAVAILABLE });
  });

  it('takes Try again only when the places are not available', async () => {
    const { actor, controlled } = start();
    actor.send({ type: 'places.retry' });
    await controlled.resolve('locate', PLACES);
    actor.send({ type: 'places.retry' });
    expect(controlled.invocations).toHaveLength(1);
  });

  it('asks the face’s port with the addresses and the machine’s signal; a missing port leaves the places unavailable', async () => {
    const seen: Array<[readonly string[], AbortSignal]> = [];
    const actor = createActor(
      dayPlacesMachine.provide({
        actors: createDayPlacesActors({
          locate: async (addresses, signal) => {
            seen.push([addresses, signal]);
            return PLACES;
          },
        }),
      }),
      { input: { addresses: [A] } },
    ).start();
    await flush();
    expect(seen[0]?.[0]).toEqual([A]);
    expect(seen[0]?.[1]).toBeInstanceOf(AbortSignal);
    expect(toDayPlacesView(actor.getSnapshot()).status).toBe('located');
    const bare = createActor(dayPlacesMachine, { input: { addresses: [A] } }).start();
    await flush();
    expect(toDayPlacesView(bare.getSnapshot()).status).toBe('unavailable');
  });
});
