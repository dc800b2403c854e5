// Day order: "Use this order" in the Route view, and Undo. The clinician's click sends the plan's moves (each event
// with the etag it was read with) to the server, which moves all or none; one request at a time, so a double click
// moves nothing twice (and the server leaves an event already in place alone). Once applied, Undo sends every moved
// event back to its booked start with the etag the move left. Whenever the calendar changed, or may have, the
// schedule is told to reload (emitted `order.calendarChanged`). Given up after 30 s, saying the visits may have moved.
// After a move, "Call them now" has the patients whose time moved called at once (once; the evening call tells the
// others), where the face can.
import { assign, emit, setup } from 'xstate';
import type { CallMovedResponse } from '../../core/confirmations/call-moved-contract.ts';
import type { ReorderMove, ReorderResponse } from '../../core/routing/reorder-contract.ts';
import { undoMoves } from '../../core/routing/reorder-contract.ts';
import { notProvidedPromise } from '../shared/not-provided.ts';
import { calendarMayHaveChanged, callFailureOf, DAY_ORDER_MESSAGES, failureOf } from './day-order.messages.ts';
import type { DayOrderContext, DayOrderEmitted, DayOrderEvent, DayOrderInput } from './day-order.types.ts';

/** A server that has not answered by then is given up (its request aborted); the visits may have moved. */
export const ORDER_TIMEOUT_MS = 30_000;

type ReorderInput = { day: string; moves: readonly ReorderMove[] };

export const dayOrderMachine = setup({
  // Stryker disable next-line ObjectLiteral: type declarations only; nothing reads them at run time.
  types: {
    context: {} as DayOrderContext,
    events: {} as DayOrderEvent,
    input: {} as DayOrderInput,
    emitted: {} as DayOrderEmitted,
  },
  actors: {
    reorder: notProvidedPromise<ReorderResponse, ReorderInput>('reorder'),
    callMoved: notProvidedPromise<CallMovedResponse, { day: string; eventIds: readonly string[] }>('callMoved'),
  },
  delays: { orderTimeout: ORDER_TIMEOUT_MS },
  guards: {
    hasMoves: ({ event }) => event.type === 'order.use' && event.moves.length > 0,
    calendarMayHaveChanged: ({ event }) => calendarMayHaveChanged(failureOf((event as { error?: unknown }).error)),
    canCall: ({ context }) =>
      context.callsPatients &&
      (context.applied?.moved.length ?? 0) > 0 &&
      context.calls === null &&
      context.callFailure === null,
  },
  actions: {
    calendarChanged: emit({ type: 'order.calendarChanged' }),
    takeMoves: assign({
      moves: ({ event }) => (event.type === 'order.use' ? event.moves : []),
      failure: null,
      calls: null,
      callFailure: null,
    }),
    keepFailure: assign({ failure: ({ event }) => failureOf((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'day-order',
  context: ({ input }) => ({
    day: input.day,
    moves: [],
    applied: null,
    failure: null,
    callsPatients: input.callsPatients === true,
    calls: null,
    callFailure: null,
  }),
  initial: 'proposed',
  states: {
    proposed: {
      on: { 'order.use': { guard: 'hasMoves', target: 'applying', actions: 'takeMoves' } },
    },
    applying: {
      tags: ['busy'],
      invoke: {
        id: 'reorder',
        src: 'reorder',
        input: ({ context }) => ({ day: context.day, moves: context.moves }),
        onDone: {
          target: 'applied',
          actions: [assign({ applied: ({ event }) => event.output }), 'calendarChanged'],
        },
        onError: [
          { guard: 'calendarMayHaveChanged', target: 'refused', actions: ['keepFailure', 'calendarChanged'] },
          { target: 'refused', actions: 'keepFailure' },
        ],
      },
      after: { orderTimeout: { target: 'uncertain', actions: 'calendarChanged' } },
    },
    applied: {
      on: { 'order.undo': 'undoing', 'order.callNow': { guard: 'canCall', target: 'callingPatients' } },
    },
    callingPatients: {
      tags: ['busy'],
      invoke: {
        id: 'callMoved',
        src: 'callMoved',
        input: ({ context }) => ({ day: context.day, eventIds: (context.applied?.moved ?? []).map((m) => m.id) }),
        onDone: { target: 'applied', actions: assign({ calls: ({ event }) => event.output }) },
        onError: {
          target: 'applied',
          actions: assign({ callFailure: ({ event }) => callFailureOf(event.error) }),
        },
      },
      after: { orderTimeout: { target: 'applied', actions: assign({ callFailure: DAY_ORDER_MESSAGES.callNoAnswer }) } },
    },
    undoing: {
      tags: ['busy'],
      invoke: {
        id: 'reorder',
        src: 'reorder',
        input: ({ context }) => ({
          day: context.day,
          moves: context.applied ? undoMoves(context.applied) : [],
        }),
        onDone: { target: 'undone', actions: 'calendarChanged' },
        onError: [
          { guard: 'calendarMayHaveChanged', target: 'undoFailed', actions: ['keepFailure', 'calendarChanged'] },
          { target: 'undoFailed', actions: 'keepFailure' },
        ],
      },
      after: { orderTimeout: { target: 'uncertain', actions: 'calendarChanged' } },
    },
    undone: {
      on: { 'order.use': { guard: 'hasMoves', target: 'applying', actions: 'takeMoves' } },
    },
    // Refused or failed: nothing moved (or, for partially_applied, the failure names what did); a new yes may follow.
    refused: {
      on: { 'order.use': { guard: 'hasMoves', target: 'applying', actions: 'takeMoves' } },
    },
    undoFailed: {
      on: { 'order.undo': 'undoing' },
    },
    // No answer in time: the calendar is reloaded and the clinician decides again from what it shows.
    uncertain: {
      on: { 'order.use': { guard: 'hasMoves', target: 'applying', actions: 'takeMoves' } },
    },
  },
});
