// The day-order machine's texts and the one mapper from what the port threw to what the clinician reads.
import type { DayOrderFailure } from './day-order.types.ts';

export const DAY_ORDER_MESSAGES = {
  applying: 'Moving your visits…',
  undoing: 'Putting your visits back…',
  undone: 'Your visits are back at their booked times.',
  network: 'HomeRounds could not reach its server, so nothing was moved. Try again.',
  noAnswer:
    'No answer from the server in 30 seconds: your visits may or may not have moved. The calendar is reloaded; check it before trying again.',
  undoFailed: 'Undo did not go through:',
  calling: 'Calling the patients whose time moved…',
  callFailed:
    'The calls could not be placed just now: the patients hear the new time in the evening confirmation call.',
  callNoAnswer:
    'No answer from the server in 30 seconds: some patients may have been called. The others hear the new time in the evening confirmation call.',
} as const;

/** "Not called" reasons the server gave are its own words; the message of a thrown call failure, if it has one. */
export function callFailureOf(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return typeof code === 'string' && typeof message === 'string' && message ? message : DAY_ORDER_MESSAGES.callFailed;
}

/**
 * What the port threw, as a failure the view can say: the server's code and sentence (the adapter's ReorderFailure),
 * else a network failure, where nothing moved (a TypeError from fetch carries no code).
 */
export function failureOf(error: unknown): DayOrderFailure {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && typeof message === 'string' && message) {
    return { code: code as DayOrderFailure['code'], message };
  }
  return { code: 'network', message: DAY_ORDER_MESSAGES.network };
}

/** Failures after which the calendar is not what the plan was made from: it is reloaded. */
export function calendarMayHaveChanged(failure: DayOrderFailure): boolean {
  return failure.code === 'changed' || failure.code === 'partially_applied';
}
