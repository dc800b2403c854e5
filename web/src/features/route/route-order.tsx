// "Use this order" under the Route view's plan (machines/day-order): the clinician's yes moves the day's visits in one
// step through the server (each event checked unchanged since it was read), the schedule reloads, and Undo puts them
// back. Shown only where the plan moves something, or while a move or its Undo is under way or just done. Without
// calendar-change consent, "Allow calendar changes" asks Google for it (the auth machine's incremental consent).
import { useEffect, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import type { ReorderMove } from '../../../../core/routing/reorder-contract.ts';
import {
  createDayOrderActors,
  type DayOrderView,
  dayOrderMachine,
  toDayOrderView,
} from '../../../../machines/day-order/index.ts';
import type { CallMovedNow, ReorderDay } from '../../adapters/reorder-day.ts';

export const USE_ORDER_TEXT = 'Use this order';
/** Calls the patients whose time moved now, instead of in the evening confirmation call. */
export const CALL_NOW_TEXT = 'Call them now';

export interface DayOrder {
  view: DayOrderView;
  use(moves: readonly ReorderMove[]): void;
  undo(): void;
  callNow(): void;
}

/**
 * The day's "Use this order" machine, owned by the Route view (not by the controls): the plan is made again while
 * the calendar reloads, and what was moved, with its Undo, must outlive that.
 */
export function useDayOrder(
  day: string,
  reorder: ReorderDay | null,
  onCalendarChanged?: () => void,
  callMoved: CallMovedNow | null = null,
): DayOrder | null {
  const [view, setView] = useState<DayOrderView | null>(null);
  const actorRef = useRef<Actor<typeof dayOrderMachine> | null>(null);
  const changedRef = useRef(onCalendarChanged);
  changedRef.current = onCalendarChanged;

  useEffect(() => {
    if (!reorder) {
      setView(null);
      return;
    }
    const ports = callMoved ? { reorder, callMoved } : { reorder };
    const actor = createActor(dayOrderMachine.provide({ actors: createDayOrderActors(ports) }), {
      input: { day, callsPatients: callMoved !== null },
    });
    const subscription = actor.subscribe(() => setView(toDayOrderView(actor.getSnapshot())));
    const changed = actor.on('order.calendarChanged', () => changedRef.current?.());
    actor.start();
    setView(toDayOrderView(actor.getSnapshot()));
    actorRef.current = actor;
    // Leaving the Route view stops the machine; a request under way is abandoned (the server finishes or rolls back).
    return () => {
      changed.unsubscribe();
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [day, reorder, callMoved]);

  if (!view) return null;
  return {
    view,
    use: (moves) => actorRef.current?.send({ type: 'order.use', moves: [...moves] }),
    undo: () => actorRef.current?.send({ type: 'order.undo' }),
    callNow: () => actorRef.current?.send({ type: 'order.callNow' }),
  };
}

export interface RouteOrderProps {
  order: DayOrder;
  /** The plan's moves (empty when the calendar already has the best order or no order is proposed). */
  moves: readonly ReorderMove[];
  /** Asks Google for calendar-change consent (absent: the refusal's sentence says what to do). */
  onAllowCalendarChanges?(): void;
}

/** Whether there is anything to show: a plan that moves something, or a move (or its Undo) under way or done. */
export function showsOrder(order: DayOrder | null, moves: readonly ReorderMove[]): order is DayOrder {
  return order !== null && (order.view.status !== 'proposed' || moves.length > 0);
}

export function RouteOrder({ order, moves, onAllowCalendarChanges }: RouteOrderProps) {
  const { view } = order;
  const canUse = view.canUse && moves.length > 0;
  const tone = view.status === 'refused' || view.status === 'undoFailed' || view.status === 'uncertain';
  return (
    <div className="route-order" aria-busy={view.busy}>
      {view.message ? (
        <p className={tone ? 'route-order__problem' : 'route-order__status'} role={tone ? 'alert' : 'status'}>
          {view.message}
        </p>
      ) : null}
      <div className="route-order__actions">
        {canUse && !view.needsWriteAccess ? (
          <button type="button" className="button" onClick={() => order.use(moves)}>
            {USE_ORDER_TEXT}
          </button>
        ) : null}
        {view.needsWriteAccess && onAllowCalendarChanges ? (
          <button type="button" className="button" onClick={onAllowCalendarChanges}>
            Allow calendar changes
          </button>
        ) : null}
        {view.canCallNow ? (
          <button type="button" className="button button--secondary" onClick={order.callNow}>
            {CALL_NOW_TEXT}
          </button>
        ) : null}
        {view.canUndo ? (
          <button type="button" className="button button--secondary" onClick={order.undo}>
            Undo
          </button>
        ) : null}
      </div>
      {view.callsMessage ? (
        <p className="route-order__status" role="status">
          {view.callsMessage}
        </p>
      ) : null}
      {view.status === 'proposed' ? (
        <p className="route-order__note">
          {moves.length === 1 ? 'Moves 1 visit' : `Moves ${moves.length} visits`} on your Google Calendar to the times
          above; you can undo it.
        </p>
      ) : null}
    </div>
  );
}
