// Types of the day-order machine: "Use this order" in the Route view and its Undo, and what a face provides to have
// the moves made (the server's `reorder-day` function: it checks each event unchanged and moves all or none).
import type { ReorderErrorCode, ReorderMove, ReorderResponse } from '../../core/routing/reorder-contract.ts';

export interface DayOrderInput {
  day: string;
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
}

export type DayOrderEvent =
  /** The clinician's yes: these moves, read with these etags. */
  { type: 'order.use'; moves: readonly ReorderMove[] } | { type: 'order.undo' };

/** Emitted when the calendar changed (or may have): the schedule reloads. */
export type DayOrderEmitted = { type: 'order.calendarChanged' };

export interface DayOrderPorts {
  /** POST reorder-day; rejects with a DayOrderFailure-like error ({code, message}). */
  reorder(day: string, moves: readonly ReorderMove[], signal: AbortSignal): Promise<ReorderResponse>;
}
