// "Use this order" and Undo (machines/day-order): one request per yes, Undo sends back exactly what the move left,
// the schedule reloads when the calendar changed, refusals are said in the server's words, 30 s at most.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ReorderResponse } from '../../../core/routing/reorder-contract.ts';
import { callsText } from '../../../machines/day-order/day-order.view.ts';
import { dayOrderMachine, ORDER_TIMEOUT_MS, toDayOrderView } from '../../../machines/day-order/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const DAY = '2026-11-30';
const MOVES = [
  { id: 'evt-a', etag: '"a1"', start: '10:00' },
  { id: 'evt-b', etag: '"b1"', start: '09:00' },
];
const APPLIED: ReorderResponse = {
  day: DAY,
  moved: [
    { id: 'evt-a', etag: '"a2"', start: `${DAY}T10:00:00-06:00`, end: `${DAY}T10:45:00-06:00`, previousStart: '09:00' },
    { id: 'evt-b', etag: '"b2"', start: `${DAY}T09:00:00-06:00`, end: `${DAY}T09:45:00-06:00`, previousStart: '10:00' },
  ],
  unchanged: [],
};

function start(callsPatients = false) {
  const controlled = createControlledActors(['reorder', 'callMoved']);
  const clock = new SimulatedClock();
  const actor = createActor(dayOrderMachine.provide({ actors: controlled.actors }), {
    clock,
    input: { day: DAY, callsPatients },
  });
  const reloads: string[] = [];
  actor.on('order.calendarChanged', (e) => reloads.push(e.type));
  actor.start();
  return { actor, clock, controlled, reloads, view: () => toDayOrderView(actor.getSnapshot()) };
}

describe('day-order machine', () => {
  it('moves on the yes, once however often it is pressed, and Undo sends each event back with its new etag', async () => {
    const { actor, controlled, reloads, view } = start();
    expect(view()).toMatchObject({ status: 'proposed', canUse: true, canUndo: false, message: null });
    actor.send({ type: 'order.use', moves: MOVES });
    actor.send({ type: 'order.use', moves: MOVES });
    expect(controlled.invocations).toHaveLength(1);
    expect(controlled.pending('reorder')?.input).toEqual({ day: DAY, moves: MOVES });
    expect(view()).toMatchObject({ status: 'applying', busy: true, canUse: false, message: 'Moving your visits…' });
    await controlled.resolve('reorder', APPLIED);
    expect(reloads).toHaveLength(1);
    expect(view()).toMatchObject({
      status: 'applied',
      canUndo: true,
      movedCount: 2,
      message:
        'Moved 2 visits to the new order. Patients whose time changed hear the new time in the evening confirmation call.',
    });
    actor.send({ type: 'order.undo' });
    actor.send({ type: 'order.undo' });
    expect(controlled.invocations).toHaveLength(2);
    expect(view()).toMatchObject({
      status: 'undoing',
      busy: true,
      canUndo: false,
      message: 'Putting your visits back…',
    });
    expect(controlled.pending('reorder')?.input).toEqual({
      day: DAY,
      moves: [
        { id: 'evt-a', etag: '"a2"', start: '09:00' },
        { id: 'evt-b', etag: '"b2"', start: '10:00' },
      ],
    });
    await controlled.resolve('reorder', { day: DAY, moved: [], unchanged: [] });
    expect(reloads).toHaveLength(2);
    expect(view()).toMatchObject({ status: 'undone', canUse: true, canUndo: false });
    expect(view().message).toBe('Your visits are back at their booked times.');
    // After Undo the same plan may be used again.
    actor.send({ type: 'order.use', moves: MOVES });
    expect(view().status).toBe('applying');
    expect(controlled.invocations).toHaveLength(3);
  });

  it('says one visit in the singular', async () => {
    const { actor, controlled, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', { ...APPLIED, moved: APPLIED.moved.slice(0, 1) });
    expect(view().message).toBe(
      'Moved 1 visit to the new order. Patients whose time changed hear the new time in the evening confirmation call.',
    );
  });

  it('visits left half-moved are named by the server and the schedule reloads to show them', async () => {
    const { actor, controlled, reloads, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.reject('reorder', { code: 'partially_applied', message: 'Check these visits in your calendar.' });
    expect(reloads).toHaveLength(1);
    expect(view()).toMatchObject({ status: 'refused', message: 'Check these visits in your calendar.' });
    expect(view().failure).toEqual({ code: 'partially_applied', message: 'Check these visits in your calendar.' });
  });

  it('an error without the server’s sentence is said as a network failure', async () => {
    const { actor, controlled, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.reject('reorder', { code: 'changed', message: 42 });
    expect(view().failure).toEqual({
      code: 'network',
      message: 'HomeRounds could not reach its server, so nothing was moved. Try again.',
    });
  });

  it('an Undo with no answer in 30 s is given up too; the day may then be planned and used again', async () => {
    const { actor, clock, controlled, reloads, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', APPLIED);
    actor.send({ type: 'order.undo' });
    clock.increment(ORDER_TIMEOUT_MS);
    await flush();
    expect(reloads).toHaveLength(2);
    expect(view()).toMatchObject({ status: 'uncertain', canUse: true, canUndo: false, failure: null });
    actor.send({ type: 'order.undo' });
    expect(controlled.invocations).toHaveLength(2);
    actor.send({ type: 'order.use', moves: MOVES });
    expect(view().status).toBe('applying');
  });

  it('an empty plan asks nothing; a plan already on the calendar says so without Undo', async () => {
    const { actor, controlled, view } = start();
    actor.send({ type: 'order.use', moves: [] });
    expect(controlled.invocations).toHaveLength(0);
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', { day: DAY, moved: [], unchanged: [{ id: 'evt-a', etag: '"a1"' }] });
    expect(view()).toMatchObject({
      status: 'applied',
      canUndo: false,
      message: 'Your calendar already has this order.',
    });
  });

  it('a calendar changed since it was read: the server’s words, the schedule reloads, and a new yes may follow', async () => {
    const { actor, controlled, reloads, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    const said = 'Your calendar changed since this plan was made, so nothing was moved.';
    await controlled.reject('reorder', { code: 'changed', message: said });
    expect(reloads).toHaveLength(1);
    expect(view()).toMatchObject({
      status: 'refused',
      canUse: true,
      canUndo: false,
      needsWriteAccess: false,
      message: said,
    });
    actor.send({ type: 'order.use', moves: MOVES });
    expect(controlled.invocations).toHaveLength(2);
  });

  it('without calendar-change consent it asks for it, and reloads nothing (nothing changed)', async () => {
    const { actor, controlled, reloads, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.reject('reorder', { code: 'write_access_required', message: 'Allow calendar changes first.' });
    expect(reloads).toHaveLength(0);
    expect(view()).toMatchObject({
      status: 'refused',
      needsWriteAccess: true,
      message: 'Allow calendar changes first.',
    });
  });

  it('a network failure says nothing moved; a failed Undo keeps Undo on offer', async () => {
    const { actor, controlled, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.reject('reorder', new TypeError('Failed to fetch'));
    expect(view().message).toBe('HomeRounds could not reach its server, so nothing was moved. Try again.');
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', APPLIED);
    actor.send({ type: 'order.undo' });
    await controlled.reject('reorder', {
      code: 'calendar_unavailable',
      message: 'Google Calendar did not take the change.',
    });
    expect(view()).toMatchObject({
      status: 'undoFailed',
      canUndo: true,
      canUse: false,
      failure: { code: 'calendar_unavailable', message: 'Google Calendar did not take the change.' },
      message: 'Undo did not go through: Google Calendar did not take the change.',
    });
    actor.send({ type: 'order.undo' });
    expect(controlled.invocations).toHaveLength(4);
  });

  it('gives a silent server up after 30 s (request aborted), says the visits may have moved, and reloads', async () => {
    const { actor, clock, controlled, reloads, view } = start();
    actor.send({ type: 'order.use', moves: MOVES });
    const request = controlled.pending('reorder');
    clock.increment(ORDER_TIMEOUT_MS - 1);
    await flush();
    expect(view().status).toBe('applying');
    clock.increment(1);
    await flush();
    expect(request?.signal.aborted).toBe(true);
    expect(reloads).toHaveLength(1);
    expect(view()).toMatchObject({ status: 'uncertain', canUse: true, canUndo: false });
    expect(view().message).toContain('your visits may or may not have moved');
  });

  it('calls the moved patients now on the clinician’s word, once, saying who was not called and why; Undo stays', async () => {
    const { actor, controlled, view } = start(true);
    expect(view().canCallNow).toBe(false); // nothing moved yet
    actor.send({ type: 'order.callNow' });
    expect(controlled.invocations).toHaveLength(0);
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', APPLIED);
    expect(view()).toMatchObject({ canCallNow: true, canUndo: true, callsMessage: null });
    actor.send({ type: 'order.callNow' });
    actor.send({ type: 'order.callNow' });
    expect(controlled.invocations.filter((i) => i.src === 'callMoved')).toHaveLength(1);
    expect(controlled.pending('callMoved')?.input).toEqual({ day: DAY, eventIds: ['evt-a', 'evt-b'] });
    expect(view()).toMatchObject({
      busy: true,
      canUndo: false,
      callsMessage: 'Calling the patients whose time moved…',
    });
    await controlled.resolve('callMoved', {
      date: DAY,
      called: ['evt-a'],
      notCalled: [{ eventId: 'evt-b', reason: 'has not agreed to automated calls' }],
    });
    expect(view()).toMatchObject({
      status: 'applied',
      canCallNow: false,
      canUndo: true,
      callsMessage:
        'Calling 1 patient now about their new time. Not called: 1 patient (has not agreed to automated calls).',
    });
  });

  it('says the evening call will tell them when the calls fail or go unanswered, and offers no call without the port', async () => {
    const failing = start(true);
    failing.actor.send({ type: 'order.use', moves: MOVES });
    await failing.controlled.resolve('reorder', APPLIED);
    failing.actor.send({ type: 'order.callNow' });
    await failing.controlled.reject('callMoved', new TypeError('Failed to fetch'));
    expect(failing.view()).toMatchObject({
      canCallNow: false,
      callsMessage:
        'The calls could not be placed just now: the patients hear the new time in the evening confirmation call.',
    });
    const silent = start(true);
    silent.actor.send({ type: 'order.use', moves: MOVES });
    await silent.controlled.resolve('reorder', APPLIED);
    silent.actor.send({ type: 'order.callNow' });
    silent.clock.increment(ORDER_TIMEOUT_MS);
    await flush();
    expect(silent.view().callsMessage).toMatch(
      /^No answer from the server in 30 seconds: some patients may have been called/,
    );
    const none = start(false);
    none.actor.send({ type: 'order.use', moves: MOVES });
    await none.controlled.resolve('reorder', APPLIED);
    expect(none.view().canCallNow).toBe(false);
  });

  it('says a refusal of the calls in the server’s words; a new move after Undo may be called about again', async () => {
    const { actor, controlled, view } = start(true);
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', APPLIED);
    actor.send({ type: 'order.callNow' });
    await controlled.reject('callMoved', { code: 'unauthorized', message: 'Your session has ended: sign in again.' });
    expect(view()).toMatchObject({ canCallNow: false, callsMessage: 'Your session has ended: sign in again.' });
    actor.send({ type: 'order.undo' });
    await controlled.resolve('reorder', { day: DAY, moved: [], unchanged: [] });
    expect(view().callsMessage).toBeNull();
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', APPLIED);
    expect(view()).toMatchObject({ canCallNow: true, callsMessage: null });
  });

  it('offers no call when the move moved nothing', async () => {
    const { actor, controlled, view } = start(true);
    actor.send({ type: 'order.use', moves: MOVES });
    await controlled.resolve('reorder', { day: DAY, moved: [], unchanged: ['evt-a', 'evt-b'] });
    expect(view()).toMatchObject({ status: 'applied', canCallNow: false });
    actor.send({ type: 'order.callNow' });
    expect(controlled.invocations.filter((i) => i.src === 'callMoved')).toHaveLength(0);
  });

  it('words who was called and who not', () => {
    expect(callsText({ date: DAY, called: ['a', 'b'], notCalled: [] })).toBe(
      'Calling 2 patients now about their new time.',
    );
    expect(
      callsText({
        date: DAY,
        called: [],
        notCalled: [
          { eventId: 'a', reason: 'already called' },
          { eventId: 'b', reason: 'already called' },
          { eventId: 'c', reason: 'outside calling hours' },
        ],
      }),
    ).toBe('Nobody was called now. Not called: 3 patients (already called; outside calling hours).');
  });
});
