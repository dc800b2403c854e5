// The Route view's "Start and end of your day" (machines/day-start): the profile's home read on open and given up
// after 5 s with its request aborted; "Try again" reads it again; "Use my current location" locates the device and
// saves the place (the store's answer preferred; a failed save keeps it for this plan only); "Forget this location"
// forgets it; one action at a time. Texts copied from the product, not imported from the machine.
import { describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, SimulatedClock } from 'xstate';
import {
  createDayStartActors,
  type DayStartPorts,
  dayStartMachine,
  type HomePlace,
  toDayStartView,
} from '../../../machines/day-start/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const LOCATING = 'Finding your location…';
const SAVING = 'Saving it to your profile…';
const SAVED = 'Saved: your day starts and ends here, and the drives from and back home are now counted.';
const NOT_SAVED =
  'Your location is used for this plan, but it could not be saved to your profile: you will be asked again next time.';
const NOT_LOCATED = 'Your location could not be found.';
const FORGETTING = 'Forgetting it…';
const FORGOTTEN = 'Forgotten: the drives from and back home are no longer counted.';
const NOT_FORGOTTEN = 'It could not be forgotten just now: your profile still holds it. Try again.';

const HOME: HomePlace = { label: '1200 W Cermak Rd, Chicago, IL 60608', lat: 41.8527, lng: -87.6565 };
const HERE = { lat: 41.8781, lng: -87.6298 };
const HERE_PLACE: HomePlace = { label: null, ...HERE };
const STORED: HomePlace = { label: '233 S Wacker Dr, Chicago, IL 60606', lat: 41.8789, lng: -87.6359 };

function start() {
  const controlled = createControlledActors(['readHome', 'locate', 'saveHome', 'forgetHome']);
  const clock = new SimulatedClock();
  const actor = createActor(dayStartMachine.provide({ actors: controlled.actors }), { clock });
  actor.start();
  const count = (src: string) => controlled.invocations.filter((inv) => inv.src === src).length;
  return { actor, clock, controlled, count, view: () => toDayStartView(actor.getSnapshot()) };
}

/** Started, with the profile's answer read. */
async function read(home: HomePlace | null) {
  const started = start();
  await started.controlled.resolve('readHome', home);
  return started;
}

/** A home that could not be saved: used for this plan only. */
async function keptUnsaved() {
  const started = await read(null);
  started.actor.send({ type: 'home.locate' });
  await started.controlled.resolve('locate', HERE);
  await started.controlled.reject('saveHome', new Error('PostgREST 500'));
  expect(started.view()).toMatchObject({ home: HERE_PLACE, saved: false, message: NOT_SAVED });
  return started;
}

describe('day-start machine: the profile read on open', () => {
  it('reads the profile on start: loading, nothing busy, no message, the place changeable', () => {
    const { controlled, view } = start();
    expect(controlled.invocations.map((inv) => inv.src)).toEqual(['readHome']);
    expect(view()).toEqual({
      status: 'loading',
      home: null,
      saved: true,
      busy: null,
      message: null,
      canChange: true,
    });
  });

  it('a home on the profile is known and saved', async () => {
    const { view } = await read(HOME);
    expect(view()).toEqual({ status: 'known', home: HOME, saved: true, busy: null, message: null, canChange: true });
  });

  it('no home on the profile: not known', async () => {
    const { view } = await read(null);
    expect(view()).toEqual({
      status: 'unknown',
      home: null,
      saved: true,
      busy: null,
      message: null,
      canChange: true,
    });
  });

  it('an unreadable profile is said (unreadable), never blocks the plan, and shows no message', async () => {
    const { controlled, view } = start();
    await controlled.reject('readHome', new Error('JWT expired'));
    expect(view()).toEqual({
      status: 'unreadable',
      home: null,
      saved: true,
      busy: null,
      message: null,
      canChange: true,
    });
  });

  it('a read still unanswered at 4.999 s is waited for; at 5 s it is given up and its request aborted', async () => {
    const { actor, clock, controlled, view } = start();
    const request = controlled.pending('readHome');
    expect(request?.signal.aborted).toBe(false);
    clock.increment(4_999);
    await flush();
    expect(view().status).toBe('loading');
    expect(request?.signal.aborted).toBe(false);
    clock.increment(1);
    await flush();
    expect(request?.signal.aborted).toBe(true);
    expect(view()).toMatchObject({ status: 'unreadable', home: null, busy: null });
    // The plan goes on without it: the place can be set.
    actor.send({ type: 'home.locate' });
    expect(view().busy).toBe('locating');
  });

  it('a read answered in time is not given up later', async () => {
    const { clock, controlled, view } = start();
    clock.increment(4_000);
    await controlled.resolve('readHome', HOME);
    clock.increment(10_000);
    await flush();
    expect(view()).toMatchObject({ status: 'known', home: HOME });
  });
});

describe('day-start machine: Try again', () => {
  it('reads the profile again after an unreadable one, and a found home is known', async () => {
    const { actor, controlled, count, view } = start();
    await controlled.reject('readHome', new Error('JWT expired'));
    actor.send({ type: 'home.retry' });
    expect(count('readHome')).toBe(2);
    expect(view()).toMatchObject({ status: 'loading', busy: null });
    await controlled.resolve('readHome', HOME);
    expect(view()).toMatchObject({ status: 'known', home: HOME, saved: true });
  });

  it('a read again after a given-up one is given up again at 5 s', async () => {
    const { actor, clock, controlled, view } = start();
    clock.increment(5_000);
    await flush();
    actor.send({ type: 'home.retry' });
    const again = controlled.pending('readHome');
    clock.increment(4_999);
    await flush();
    expect(view().status).toBe('loading');
    clock.increment(1);
    await flush();
    expect(again?.signal.aborted).toBe(true);
    expect(view().status).toBe('unreadable');
  });

  it("clears the last action's message while reading, and the profile's answer replaces a place kept unsaved", async () => {
    const { actor, controlled, view } = await keptUnsaved();
    actor.send({ type: 'home.retry' });
    expect(view()).toMatchObject({ status: 'loading', message: null });
    await controlled.resolve('readHome', HOME);
    expect(view()).toEqual({ status: 'known', home: HOME, saved: true, busy: null, message: null, canChange: true });
  });

  it('a profile that answers no home after a place kept unsaved: not known, nothing unsaved', async () => {
    const { actor, controlled, view } = await keptUnsaved();
    actor.send({ type: 'home.retry' });
    await controlled.resolve('readHome', null);
    expect(view()).toMatchObject({ status: 'unknown', home: null, saved: true, message: null });
  });

  it('a profile unreadable now drops what was known before: planned without a home', async () => {
    const { actor, controlled, view } = await keptUnsaved();
    actor.send({ type: 'home.retry' });
    await controlled.reject('readHome', new Error('JWT expired'));
    expect(view()).toMatchObject({ status: 'unreadable', home: null, saved: true, message: null });
  });

  it('a read given up after a place kept unsaved drops it too', async () => {
    const { actor, clock, view } = await keptUnsaved();
    actor.send({ type: 'home.retry' });
    clock.increment(5_000);
    await flush();
    expect(view()).toMatchObject({ status: 'unreadable', home: null, saved: true, message: null });
  });
});

describe('day-start machine: Use my current location', () => {
  it('locates, then saves the located place; the saved place is known with its message', async () => {
    const { actor, controlled, count, view } = await read(null);
    actor.send({ type: 'home.locate' });
    expect(view()).toMatchObject({ busy: 'locating', message: LOCATING, status: 'unknown' });
    expect(count('locate')).toBe(1);
    await controlled.resolve('locate', HERE);
    expect(view()).toMatchObject({ busy: 'saving', message: SAVING, status: 'unknown', home: null });
    expect(controlled.pending('saveHome')?.input).toEqual({ home: { label: null, lat: 41.8781, lng: -87.6298 } });
    await controlled.resolve('saveHome', undefined);
    expect(view()).toEqual({
      status: 'known',
      home: { label: null, lat: 41.8781, lng: -87.6298 },
      saved: true,
      busy: null,
      message: SAVED,
      canChange: true,
    });
    // The device's position is held only while it is saved.
    expect(actor.getSnapshot().context.located).toBeNull();
  });

  it('the place as the store answers it is preferred over the located one', async () => {
    const { actor, controlled, view } = await read(null);
    actor.send({ type: 'home.locate' });
    await controlled.resolve('locate', HERE);
    await controlled.resolve('saveHome', STORED);
    expect(view()).toMatchObject({ status: 'known', home: STORED, saved: true, message: SAVED });
  });

  it('a store that answers null keeps the located place', async () => {
    const { actor, controlled, view } = await read(HOME);
    actor.send({ type: 'home.locate' });
    await controlled.resolve('locate', HERE);
    await controlled.resolve('saveHome', null);
    expect(view()).toMatchObject({ status: 'known', home: HERE_PLACE, saved: true, message: SAVED });
  });

  it('changes a known home: the new place replaces it', async () => {
    const { actor, controlled, view } = await read(HOME);
    actor.send({ type: 'home.locate' });
    expect(view()).toMatchObject({ busy: 'locating', home: HOME });
    await controlled.resolve('locate', HERE);
    expect(controlled.pending('saveHome')?.input).toEqual({ home: HERE_PLACE });
    await controlled.resolve('saveHome', undefined);
    expect(view()).toMatchObject({ status: 'known', home: HERE_PLACE, saved: true, busy: null });
  });

  it('a failed save keeps the place for this plan, unsaved, and says so', async () => {
    const { actor, controlled, view } = await read(null);
    actor.send({ type: 'home.locate' });
    await controlled.resolve('locate', HERE);
    await controlled.reject('saveHome', new Error('PostgREST 500'));
    expect(view()).toEqual({
      status: 'known',
      home: { label: null, lat: 41.8781, lng: -87.6298 },
      saved: false,
      busy: null,
      message: NOT_SAVED,
      canChange: true,
    });
    expect(actor.getSnapshot().context.located).toBeNull();
  });

  it('a save that works after a failed one: saved again', async () => {
    const { actor, controlled, view } = await keptUnsaved();
    actor.send({ type: 'home.locate' });
    expect(view()).toMatchObject({ busy: 'locating', message: LOCATING });
    await controlled.resolve('locate', HERE);
    await controlled.resolve('saveHome', undefined);
    expect(view()).toMatchObject({ status: 'known', home: HERE_PLACE, saved: true, message: SAVED });
  });

  it("a location refused says the error's own sentence and changes nothing else", async () => {
    const { actor, controlled, count, view } = await read(HOME);
    actor.send({ type: 'home.locate' });
    await controlled.reject('locate', new Error('Location access was not allowed, so nothing was saved.'));
    expect(view()).toEqual({
      status: 'known',
      home: HOME,
      saved: true,
      busy: null,
      message: 'Location access was not allowed, so nothing was saved.',
      canChange: true,
    });
    expect(count('saveHome')).toBe(0);
  });

  it('a location not found, with no sentence of its own, says the default', async () => {
    const { actor, controlled, view } = await read(null);
    actor.send({ type: 'home.locate' });
    await controlled.reject('locate', new Error(''));
    expect(view()).toMatchObject({ status: 'unknown', home: null, busy: null, message: NOT_LOCATED });
    actor.send({ type: 'home.locate' });
    await controlled.reject('locate', '');
    expect(view().message).toBe(NOT_LOCATED);
  });

  it('can locate again after a refusal', async () => {
    const { actor, controlled, count, view } = await read(null);
    actor.send({ type: 'home.locate' });
    await controlled.reject('locate', new Error('Location access was not allowed, so nothing was saved.'));
    actor.send({ type: 'home.locate' });
    expect(count('locate')).toBe(2);
    expect(view()).toMatchObject({ busy: 'locating', message: LOCATING });
  });
});

describe('day-start machine: Forget this location', () => {
  it('forgets a known home: not known any more, with its message', async () => {
    const { actor, controlled, count, view } = await read(HOME);
    actor.send({ type: 'home.forget' });
    expect(count('forgetHome')).toBe(1);
    expect(view()).toMatchObject({ busy: 'saving', message: FORGETTING, status: 'known', home: HOME });
    await controlled.resolve('forgetHome', undefined);
    expect(view()).toEqual({
      status: 'unknown',
      home: null,
      saved: true,
      busy: null,
      message: FORGOTTEN,
      canChange: true,
    });
  });

  it('forgets a place kept unsaved: nothing left unsaved', async () => {
    const { actor, controlled, view } = await keptUnsaved();
    actor.send({ type: 'home.forget' });
    await controlled.resolve('forgetHome', undefined);
    expect(view()).toMatchObject({ status: 'unknown', home: null, saved: true, message: FORGOTTEN });
  });

  it('a failed forget keeps the home and says the profile still holds it', async () => {
    const { actor, controlled, view } = await read(HOME);
    actor.send({ type: 'home.forget' });
    await controlled.reject('forgetHome', new Error('PostgREST 500'));
    expect(view()).toEqual({
      status: 'known',
      home: HOME,
      saved: true,
      busy: null,
      message: NOT_FORGOTTEN,
      canChange: true,
    });
    // Try again works.
    actor.send({ type: 'home.forget' });
    await controlled.resolve('forgetHome', undefined);
    expect(view()).toMatchObject({ status: 'unknown', home: null, message: FORGOTTEN });
  });
});

describe('day-start machine: one action at a time', () => {
  const COMMANDS = [{ type: 'home.locate' }, { type: 'home.forget' }, { type: 'home.retry' }] as const;
  const kinds = (controlled: ReturnType<typeof start>['controlled']) => controlled.invocations.map((inv) => inv.src);

  it('while reading, no command starts anything', () => {
    const { actor, controlled, view } = start();
    for (const command of COMMANDS) actor.send(command);
    expect(kinds(controlled)).toEqual(['readHome']);
    expect(view()).toMatchObject({ status: 'loading', busy: null, message: null });
  });

  it('while locating, no command starts anything', async () => {
    const { actor, controlled, view } = await read(HOME);
    actor.send({ type: 'home.locate' });
    for (const command of COMMANDS) actor.send(command);
    expect(kinds(controlled)).toEqual(['readHome', 'locate']);
    expect(view()).toMatchObject({ busy: 'locating', message: LOCATING, home: HOME });
  });

  it('while saving, no command starts anything', async () => {
    const { actor, controlled, view } = await read(HOME);
    actor.send({ type: 'home.locate' });
    await controlled.resolve('locate', HERE);
    for (const command of COMMANDS) actor.send(command);
    expect(kinds(controlled)).toEqual(['readHome', 'locate', 'saveHome']);
    expect(view()).toMatchObject({ busy: 'saving', message: SAVING, home: HOME });
  });

  it('while forgetting, no command starts anything', async () => {
    const { actor, controlled, view } = await read(HOME);
    actor.send({ type: 'home.forget' });
    for (const command of COMMANDS) actor.send(command);
    expect(kinds(controlled)).toEqual(['readHome', 'forgetHome']);
    expect(view()).toMatchObject({ busy: 'saving', message: FORGETTING, home: HOME });
  });

  it('busy is a tag of exactly the locating, saving and forgetting states', async () => {
    const { actor, controlled } = start();
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    await controlled.resolve('readHome', HOME);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'home.locate' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await controlled.resolve('locate', HERE);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await controlled.resolve('saveHome', undefined);
    expect(actor.getSnapshot().hasTag('busy')).toBe(false);
    actor.send({ type: 'home.forget' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
  });
});

describe('createDayStartActors', () => {
  function withPorts(overrides: Partial<DayStartPorts> = {}) {
    const calls: { readHome: AbortSignal[]; locate: number; saveHome: (HomePlace | null)[] } = {
      readHome: [],
      locate: 0,
      saveHome: [],
    };
    const ports: DayStartPorts = {
      readHome: async (signal) => {
        calls.readHome.push(signal);
        return HOME;
      },
      locate: async () => {
        calls.locate += 1;
        return HERE;
      },
      saveHome: async (home) => {
        calls.saveHome.push(home);
        return undefined;
      },
      ...overrides,
    };
    const clock = new SimulatedClock();
    const actor = createActor(dayStartMachine.provide({ actors: createDayStartActors(ports) }), { clock }).start();
    return { actor, calls, clock, view: () => toDayStartView(actor.getSnapshot()) };
  }

  it('reads the home with the abort signal, locates, saves the located place, and forgets with null', async () => {
    const { actor, calls, view } = withPorts();
    await flush();
    expect(calls.readHome).toHaveLength(1);
    expect(calls.readHome[0]).toBeInstanceOf(AbortSignal);
    expect(view()).toMatchObject({ status: 'known', home: HOME });
    actor.send({ type: 'home.locate' });
    await flush();
    expect(calls.locate).toBe(1);
    expect(calls.saveHome).toEqual([HERE_PLACE]);
    expect(view()).toMatchObject({ status: 'known', home: HERE_PLACE, saved: true, message: SAVED });
    actor.send({ type: 'home.forget' });
    await flush();
    expect(calls.saveHome).toEqual([HERE_PLACE, null]);
    expect(view()).toMatchObject({ status: 'unknown', home: null, message: FORGOTTEN });
  });

  it('the signal given to readHome is aborted when the read is given up at 5 s', async () => {
    const signals: AbortSignal[] = [];
    const { clock, view } = withPorts({
      readHome: (signal) => {
        signals.push(signal);
        return new Promise(() => {});
      },
    });
    clock.increment(4_999);
    await flush();
    expect(signals[0]?.aborted).toBe(false);
    clock.increment(1);
    await flush();
    expect(signals[0]?.aborted).toBe(true);
    expect(view().status).toBe('unreadable');
  });

  it("answers the store's place as saved, and a failed forget says so", async () => {
    let forgetting = false;
    const { actor, calls, view } = withPorts({
      saveHome: async (home) => {
        calls.saveHome.push(home);
        if (home === null && forgetting) throw new Error('PostgREST 500');
        return STORED;
      },
    });
    await flush();
    actor.send({ type: 'home.locate' });
    await flush();
    expect(view()).toMatchObject({ home: STORED, saved: true });
    forgetting = true;
    actor.send({ type: 'home.forget' });
    await flush();
    expect(view()).toMatchObject({ home: STORED, message: NOT_FORGOTTEN });
  });
});

describe('day-start machine without its actors', () => {
  it('a missing actor fails with its name', async () => {
    const actors = dayStartMachine.implementations.actors as Record<string, AnyActorLogic>;
    for (const name of ['readHome', 'locate', 'saveHome', 'forgetHome']) {
      const logic = actors[name];
      if (!logic) throw new Error(`no placeholder for ${name}`);
      const failed = new Promise<unknown>((resolve) => {
        const child = createActor(logic, { input: { home: HOME } });
        child.subscribe({ error: resolve });
        child.start();
      });
      const error = await failed;
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe(`actor ${name} not provided`);
    }
  });

  it('a face that provides none: the profile is unreadable, and locating says which actor is missing', async () => {
    const actor = createActor(dayStartMachine).start();
    await flush();
    expect(toDayStartView(actor.getSnapshot())).toMatchObject({ status: 'unreadable', home: null, busy: null });
    actor.send({ type: 'home.locate' });
    await flush();
    expect(toDayStartView(actor.getSnapshot())).toMatchObject({ busy: null, message: 'actor locate not provided' });
  });
});
