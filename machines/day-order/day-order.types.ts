// Types of the day-order machine: "Use this order" in the Route view and its Undo, and what a face provides to have
// the moves made (the server's `reorder-day` function: it checks each event unchanged and moves all or none).
import type { CallMovedResponse } from '../../core/confirmations/call-moved-contract.ts';
import type { ReorderErrorCode, ReorderMove, ReorderResponse } from '../../core/routing/reorder-contract.ts';

export interface DayOrderInput {
  day: string;
  /** The face can have moved patients called now ("Call them now"); without it they hear in the evening call. */
  callsPatients?: boolean;
}

/** Why the server refused or failed, as the face's port reports it (the server's code and sentence). */
export interface DayOrderFailure {
  code: ReorderErrorCode | 'network';
  message: string;
}

export interface DayOrderContext {
  day: string;
  /** The moves being made (or last asked). */
  moves: readonly ReorderMove[];
  /** What the last "Use this order" moved: Undo sends it back. */
  applied: ReorderResponse | null;
  failure: DayOrderFailure | null;
  callsPatients: boolean;
  /** What "Call them now" did: who was called, who not and why. */
  calls: CallMovedResponse | null;
  /** Why "Call them now" did not go through (nobody may have been called, or it is not known). */
  callFailure: string | null;
}

export type DayOrderEvent =
  /** The clinician's yes: these moves, read with these etags. */
  | { type: 'order.use'; moves: readonly ReorderMove[] }
  | { type: 'order.undo' }
  /** Call the patients whose time moved now, instead of in the evening. */
  | { type: 'order.callNow' };

/** Emitted when the calendar changed (or may have): the schedule reloads. */
export type DayOrderEmitted = { type: 'order.calendarChanged' };

export interface DayOrderPorts {
  /** POST reorder-day; rejects with a DayOrderFailure-like error ({code, message}). */
  reorder(day: string, moves: readonly ReorderMove[], signal: AbortSignal): Promise<ReorderResponse>;
  /** POST confirmations/call-moved: the moved patients called now (absent: they hear in the evening call). */
  callMoved?(day: string, eventIds: readonly string[], signal: AbortSignal): Promise<CallMovedResponse>;
}
