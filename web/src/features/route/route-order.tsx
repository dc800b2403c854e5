// "Use this order" under the Route view's plan (machines/day-order): the clinician's yes moves the day's visits in one
// step through the server (each event checked unchanged since it was read), the schedule reloads, and Undo puts them
// back. Shown only where the plan moves something, or while a move or its Undo is under way or just done. Without
// calendar-change consent, "Allow calendar changes" asks Google for it (the auth machine's incremental consent).
import { useEffect, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import type { ReorderMove } from '../../../../core/routing/reorder-contract.ts';
import {
  createDayOrderActors,
  DAY_ORDER_MESSAGES,
  type DayOrderView,
  dayOrderMachine,
  toDayOrderView,
} from '../../../../machines/day-order/index.ts';
import type { CallMovedNow, ReorderDay } from '../../adapters/reorder-day.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { translateMachineText } from '../../i18n/machine-text.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';

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

/** The server's refusals whose code says what happened (the others are shown in the server's words). */
const REFUSALS: Readonly<Record<string, MessageId>> = {
  unauthorized: 'route.order.failure.unauthorized',
  reauth_required: 'route.order.failure.reauth_required',
  write_access_required: 'route.order.failure.write_access_required',
  changed: 'route.order.failure.changed',
  fixed: 'route.order.failure.fixed',
  calendar_unavailable: 'route.order.failure.calendar_unavailable',
  partially_applied: 'route.order.failure.partially_applied',
};

/**
 * A refusal in the dashboard's language: in English the server's own sentence, as it came; in another language the
 * catalog's sentence for its code, or the machine's own text (no network), else the server's words.
 */
function failureText(t: Translate, failure: { code: string; message: string }): string {
  const machine = translateMachineText(t, 'machines.dayOrder', DAY_ORDER_MESSAGES, failure.message);
  if (machine !== failure.message || t.intl.locale.startsWith('en')) return machine;
  const known = REFUSALS[failure.code];
  return known ? t(known) : failure.message;
}

/** What the order's state says, from the view's fields (the machine's sentences are English). */
function orderMessage(t: Translate, view: DayOrderView): string | null {
  switch (view.status) {
    case 'applied':
    case 'callingPatients':
      return t('route.order.applied', { count: view.movedCount });
    case 'refused':
      return view.failure ? failureText(t, view.failure) : view.message;
    case 'undoFailed':
      return view.failure
        ? `${t('machines.dayOrder.undoFailed')} ${failureText(t, view.failure)}`
        : view.message && translateMachineText(t, 'machines.dayOrder', DAY_ORDER_MESSAGES, view.message);
    default:
      return view.message && translateMachineText(t, 'machines.dayOrder', DAY_ORDER_MESSAGES, view.message);
  }
}

/** What "Call them now" did: who was called, who not (the server's reasons, in its words), or why it failed. */
function callsMessage(t: Translate, view: DayOrderView): string | null {
  if (view.calls && view.status === 'applied') {
    const { called, notCalled } = view.calls;
    const calledText = called.length
      ? t('route.order.called', { count: called.length })
      : t('route.order.nobodyCalled');
    if (notCalled.length === 0) return calledText;
    const reasons = [...new Set(notCalled.map((n) => n.reason))].join('; ');
    return `${calledText} ${t('route.order.notCalled', { count: notCalled.length, reasons })}`;
  }
  if (!view.callsMessage) return null;
  const machine = translateMachineText(t, 'machines.dayOrder', DAY_ORDER_MESSAGES, view.callsMessage);
  // The client's own refusal when the session has ended (web/src/adapters/reorder-day.ts).
  if (
    machine === view.callsMessage &&
    view.callsMessage === 'Your session has ended: sign in again. Nobody was called.'
  )
    return t('route.order.callFailure.unauthorized');
  return machine;
}

export function RouteOrder({ order, moves, onAllowCalendarChanges }: RouteOrderProps) {
  const t = useT();
  const { view } = order;
  const message = orderMessage(t, view);
  const calls = callsMessage(t, view);
  const canUse = view.canUse && moves.length > 0;
  const tone = view.status === 'refused' || view.status === 'undoFailed' || view.status === 'uncertain';
  return (
    <div className="route-order" aria-busy={view.busy}>
      {message ? (
        <p className={tone ? 'route-order__problem' : 'route-order__status'} role={tone ? 'alert' : 'status'}>
          {message}
        </p>
      ) : null}
      <div className="route-order__actions">
        {canUse && !view.needsWriteAccess ? (
          <button type="button" className="button" onClick={() => order.use(moves)}>
            {t('route.order.use')}
          </button>
        ) : null}
        {view.needsWriteAccess && onAllowCalendarChanges ? (
          <button type="button" className="button" onClick={onAllowCalendarChanges}>
            {t('route.order.allow')}
          </button>
        ) : null}
        {view.canCallNow ? (
          <button type="button" className="button button--secondary" onClick={order.callNow}>
            {t('route.order.callNow')}
          </button>
        ) : null}
        {view.canUndo ? (
          <button type="button" className="button button--secondary" onClick={order.undo}>
            {t('route.order.undo')}
          </button>
        ) : null}
      </div>
      {calls ? (
        <p className="route-order__status" role="status">
          {calls}
        </p>
      ) : null}
      {view.status === 'proposed' ? (
        <p className="route-order__note">{t('route.order.note', { count: moves.length })}</p>
      ) : null}
    </div>
  );
}
