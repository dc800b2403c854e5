import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import {
  createScheduleActors,
  FETCH_FAILED_MESSAGE,
  MissingProviderTokenError,
  NO_PROVIDER_TOKEN_MESSAGE,
  SCHEDULE_ERROR_HEADING,
  SCHEDULE_LOADING_TEXT,
  SCHEDULE_TIMEOUT_MS,
  scheduleMachine,
  toScheduleView,
} from '../../../machines/schedule/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';
import { testNow } from '../../support/test-clock.ts';

const EVENT = {
  id: 'e1',
  title: 'Visit',
  start: '2026-11-24T09:00:00-06:00',
  end: '2026-11-24T10:00:00-06:00',
  allDay: false,
};

function start() {
  const controlled = createControlledActors(['loadEvents']);
  const clock = new SimulatedClock();
  const logCause = vi.fn();
  const actor = createActor(scheduleMachine.provide({ actors: controlled.actors, actions: { logCause } }), { clock });
  actor.start();
  return { actor, clock, controlled, logCause, view: () => toScheduleView(actor.getSnapshot()) };
}

describe('schedule machine', () => {
  it('loads on open and shows the events', async () => {
    const { view, controlled } = start();
    expect(view().status).toBe('loading');
    controlled.pending('loadEvents')?.resolve({ events: [EVENT], fetchedAt: '2026-11-23T12:00:00.000Z' });
    await flush();
    expect(view()).toMatchObject({ status: 'loaded', events: [EVENT], fetchedAt: '2026-11-23T12:00:00.000Z' });
  });

  it('no provider token → the sign-in-again text, not logged as a fetch failure', async () => {
    const { view, controlled, logCause } = start();
    controlled.pending('loadEvents')?.reject(new MissingProviderTokenError());
    await flush();
    expect(view()).toMatchObject({ status: 'error', errorMessage: NO_PROVIDER_TOKEN_MESSAGE, needsSignIn: true });
    expect(NO_PROVIDER_TOKEN_MESSAGE).toBe('Google Calendar access not available. Please sign in again.');
    expect(logCause).not.toHaveBeenCalled();
  });

  it('fetch failure → the fetch text with the cause logged; Try Again reloads and recovers', async () => {
    const { view, controlled, logCause, actor } = start();
    controlled.pending('loadEvents')?.reject(new Error('Calendar API 500'));
    await flush();
    expect(view()).toMatchObject({ status: 'error', errorMessage: FETCH_FAILED_MESSAGE, needsSignIn: false });
    expect(logCause).toHaveBeenCalledWith(expect.anything(), {
      error: expect.objectContaining({ message: 'Calendar API 500' }),
    });
    actor.send({ type: 'schedule.retry' });
    expect(view().status).toBe('loading');
    controlled.pending('loadEvents')?.resolve({ events: [], fetchedAt: '2026-11-23T12:00:00.000Z' });
    await flush();
    expect(view()).toMatchObject({ status: 'loaded', errorMessage: null });
  });

  it('Refresh reloads from loaded', async () => {
    const { view, controlled, actor } = start();
    controlled.pending('loadEvents')?.resolve({ events: [EVENT], fetchedAt: 'a' });
    await flush();
    actor.send({ type: 'schedule.refresh' });
    expect(view().status).toBe('loading');
    expect(controlled.invocations.filter((i) => i.src === 'loadEvents')).toHaveLength(2);
  });

  it('gives up after 30 s, aborting the request: still loading at 29 999 ms', async () => {
    const { view, controlled, clock } = start();
    const pending = controlled.pending('loadEvents');
    clock.increment(SCHEDULE_TIMEOUT_MS - 1);
    await flush();
    expect(view().status).toBe('loading');
    clock.increment(1);
    await flush();
    expect(view()).toMatchObject({ status: 'error', errorMessage: FETCH_FAILED_MESSAGE });
    expect(pending?.signal.aborted).toBe(true);
  });
});

describe('schedule machine: what it logs and what it keeps', () => {
  it('logs the cause of a failed fetch to console.error (spec §8: "cause logged")', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const controlled = createControlledActors(['loadEvents']);
      const actor = createActor(scheduleMachine.provide({ actors: controlled.actors }));
      actor.start();
      await controlled.reject('loadEvents', new Error('Calendar API 500'));
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(consoleError.mock.calls[0]?.join(' ')).toBe('[schedule] Failed to load calendar events: Calendar API 500');
    } finally {
      consoleError.mockRestore();
    }
  });

  it('a loader that rejects with nothing is a fetch failure, not a crash', async () => {
    const { view, controlled } = start();
    await controlled.reject('loadEvents', null);
    expect(view()).toMatchObject({ status: 'error', errorMessage: FETCH_FAILED_MESSAGE, needsSignIn: false });
  });

  it("shows the specification's texts (§2: loading text, error heading; §8: the two error texts)", () => {
    expect(SCHEDULE_LOADING_TEXT).toBe('Loading your calendar...');
    expect(SCHEDULE_ERROR_HEADING).toBe('Calendar Error');
    expect(FETCH_FAILED_MESSAGE).toBe('Failed to load calendar events. Please try again.');
    expect(new MissingProviderTokenError().message).toBe('The session carries no calendar provider token');
  });

  it('a face that forgets the loader logs the fetch failure naming the missing actor', async () => {
    const logCause = vi.fn();
    const actor = createActor(scheduleMachine.provide({ actions: { logCause } }));
    actor.start();
    await flush();
    expect(toScheduleView(actor.getSnapshot()).errorMessage).toBe(FETCH_FAILED_MESSAGE);
    expect(String(logCause.mock.calls[0]?.[1]?.error)).toContain('actor loadEvents not provided');
  });

  it('keeps the confirmation batches loaded beside the calendar, none when the statuses give none', async () => {
    const batches = [{ id: 'b1' }] as never;
    const controlled = createControlledActors(['loadEvents', 'loadConfirmations']);
    const actor = createActor(scheduleMachine.provide({ actors: controlled.actors })).start();
    await controlled.resolve('loadEvents', { events: [], fetchedAt: 'x' });
    expect(toScheduleView(actor.getSnapshot()).status).toBe('loading');
    await controlled.resolve('loadConfirmations', { confirmations: [], batches });
    expect(toScheduleView(actor.getSnapshot()).confirmationBatches).toBe(batches);
    actor.send({ type: 'schedule.refresh' });
    await controlled.resolve('loadEvents', { events: [], fetchedAt: 'y' });
    await controlled.resolve('loadConfirmations', null);
    expect(actor.getSnapshot().context.confirmationBatches).toEqual([]);
  });
});

describe('createScheduleActors', () => {
  it('refuses to fetch without a provider token', async () => {
    const fetchEvents = vi.fn();
    const actor = createActor(
      scheduleMachine.provide({
        actors: createScheduleActors({ getProviderToken: async () => null, fetchEvents }, testNow),
      }),
    );
    actor.start();
    await flush();
    expect(fetchEvents).not.toHaveBeenCalled();
    expect(actor.getSnapshot().context.error?.kind).toBe('no-provider-token');
  });

  it('fetches with the token and the abort signal, stamping the fetch time', async () => {
    const fetchEvents = vi.fn(async () => [EVENT]);
    const actor = createActor(
      scheduleMachine.provide({
        actors: createScheduleActors(
          { getProviderToken: async () => 'ya29.t', fetchEvents },
          () => new Date('2026-11-23T12:00:00Z'),
        ),
      }),
    );
    actor.start();
    await flush();
    expect(fetchEvents).toHaveBeenCalledWith('ya29.t', expect.any(AbortSignal));
    expect(actor.getSnapshot().context).toMatchObject({ events: [EVENT], fetchedAt: '2026-11-23T12:00:00.000Z' });
  });
});
