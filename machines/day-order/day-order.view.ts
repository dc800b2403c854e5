// What the Route view shows of "Use this order": the button (proposed, after Undo, after a refusal), the work under
// way, what moved with Undo beside it, and every failure in the server's own words, with what to do next.
import type { SnapshotFrom } from 'xstate';
import type { CallMovedResponse } from '../../core/confirmations/call-moved-contract.ts';
import type { dayOrderMachine } from './day-order.machine.ts';
import { DAY_ORDER_MESSAGES } from './day-order.messages.ts';
import type { DayOrderFailure } from './day-order.types.ts';

export interface DayOrderView {
  status:
    | 'proposed'
    | 'applying'
    | 'applied'
    | 'callingPatients'
    | 'undoing'
    | 'undone'
    | 'refused'
    | 'undoFailed'
    | 'uncertain';
  busy: boolean;
  /** "Use this order" may be pressed (with the plan's moves). */
  canUse: boolean;
  canUndo: boolean;
  /** The refusal asks for calendar-change consent first ("Allow calendar changes"). */
  needsWriteAccess: boolean;
  /** How many visits the last "Use this order" moved (0 before any). */
  movedCount: number;
  failure: DayOrderFailure | null;
  message: string | null;
  /** "Call them now" may be pressed: visits moved, the face can call, and it has not been done. */
  canCallNow: boolean;
  /** What "Call them now" did, or why it did not go through. */
  callsMessage: string | null;
  /** Who "Call them now" called and who not (what `callsMessage` says), for a face that words it itself. */
  calls: CallMovedResponse | null;
}

const visitsText = (n: number) => (n === 1 ? '1 patient' : `${n} patients`);

/** "Calling 2 patients now about their new time. Not called: 1 (has not agreed to automated calls)." */
export function callsText(calls: CallMovedResponse): string {
  const called = calls.called.length
    ? `Calling ${visitsText(calls.called.length)} now about their new time.`
    : 'Nobody was called now.';
  if (calls.notCalled.length === 0) return called;
  const reasons = [...new Set(calls.notCalled.map((n) => n.reason))].join('; ');
  return `${called} Not called: ${visitsText(calls.notCalled.length)} (${reasons}).`;
}

function appliedText(moved: number): string {
  if (moved === 0) return 'Your calendar already has this order.';
  const visits = moved === 1 ? '1 visit' : `${moved} visits`;
  return `Moved ${visits} to the new order. Patients whose time changed hear the new time in the evening confirmation call.`;
}

export function toDayOrderView(snapshot: SnapshotFrom<typeof dayOrderMachine>): DayOrderView {
  const status = snapshot.value as DayOrderView['status'];
  const { failure, applied, calls, callFailure } = snapshot.context;
  const movedCount = applied?.moved.length ?? 0;
  const message =
    status === 'applying'
      ? DAY_ORDER_MESSAGES.applying
      : status === 'undoing'
        ? DAY_ORDER_MESSAGES.undoing
        : status === 'applied' || status === 'callingPatients'
          ? appliedText(movedCount)
          : status === 'undone'
            ? DAY_ORDER_MESSAGES.undone
            : status === 'refused'
              ? (failure?.message ?? null)
              : status === 'undoFailed'
                ? `${DAY_ORDER_MESSAGES.undoFailed} ${(failure as DayOrderFailure).message}`
                : status === 'uncertain'
                  ? DAY_ORDER_MESSAGES.noAnswer
                  : null;
  return {
    status,
    busy: snapshot.hasTag('busy'),
    canUse: status === 'proposed' || status === 'undone' || status === 'refused' || status === 'uncertain',
    canUndo: (status === 'applied' && movedCount > 0) || status === 'undoFailed',
    needsWriteAccess: status === 'refused' && failure?.code === 'write_access_required',
    movedCount,
    failure: status === 'refused' || status === 'undoFailed' ? failure : null,
    message,
    canCallNow: snapshot.can({ type: 'order.callNow' }),
    callsMessage:
      status === 'callingPatients'
        ? DAY_ORDER_MESSAGES.calling
        : status === 'applied'
          ? (callFailure ?? (calls ? callsText(calls) : null))
          : null,
    calls: status === 'applied' && callFailure === null ? calls : null,
  };
}
