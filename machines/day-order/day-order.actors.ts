// Builds the day-order machine's actors from a face's ports; the machine's abort signal reaches the request.
import { fromPromise } from 'xstate';
import type { CallMovedResponse } from '../../core/confirmations/call-moved-contract.ts';
import type { ReorderMove, ReorderResponse } from '../../core/routing/reorder-contract.ts';
import type { DayOrderPorts } from './day-order.types.ts';

export function createDayOrderActors(ports: DayOrderPorts) {
  return {
    reorder: fromPromise<ReorderResponse, { day: string; moves: readonly ReorderMove[] }>(({ input, signal }) =>
      ports.reorder(input.day, input.moves, signal),
    ),
    callMoved: fromPromise<CallMovedResponse, { day: string; eventIds: readonly string[] }>(({ input, signal }) =>
      ports.callMoved
        ? ports.callMoved(input.day, input.eventIds, signal)
        : Promise.reject(new Error('Calling patients now is not available here.')),
    ),
  };
}
