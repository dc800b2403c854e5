// "Your Schedule" (spec §2): Refresh, the calendar, "Loading your calendar...", and the error block
// (Calendar Error, the message, Try Again; when Google access is gone for good — the grant revoked —
// "Sign in again" comes first as the primary action, since only that helps, and Try Again second). Driven by
// the schedule machine through useActorRef + useSelector. "Plan route" opens the Route view of the
// picked day (lazy chunk, from the events already loaded) in place of the calendar, which stays mounted
// (hidden) so its view and date are kept; Back to calendar (or Escape) returns focus to Plan route.
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  createScheduleActors,
  SCHEDULE_ERROR_HEADING,
  SCHEDULE_LOADING_TEXT,
  type SchedulePorts,
  scheduleMachine,
  toScheduleView,
} from '../../../../machines/schedule/index.ts';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { defaultRouteDay, isDayString } from '../route/route-days.ts';

const ScheduleCalendar = lazy(() => import('./schedule-calendar.tsx').then((m) => ({ default: m.ScheduleCalendar })));
const RouteView = lazy(() => import('../route/route-view.tsx').then((m) => ({ default: m.RouteView })));

export const ROUTE_LOADING_TEXT = 'Planning the route...';

export interface SchedulePanelProps {
  ports: SchedulePorts;
  /** Starts the provider sign-in again with a fresh consent (offered when Google access is gone). */
  onSignInAgain(): void;
  /** Date the calendar opens on (default: today). */
  initialDate?: string;
  /** Subscribes to "the calendar changed elsewhere" (the assistant's writes): the panel reloads in place. */
  refreshRequests?: (listener: () => void) => () => void;
}

export function SchedulePanel({ ports, onSignInAgain, initialDate, refreshRequests }: SchedulePanelProps) {
  const machine = useMemo(() => scheduleMachine.provide({ actors: createScheduleActors(ports) }), [ports]);
  const actor = useActorRef(machine);
  // A reload keeps the calendar on screen, its view and date (unlike a remount).
  useEffect(() => refreshRequests?.(() => actor.send({ type: 'schedule.refresh' })), [refreshRequests, actor]);
  const view = useSelector(actor, toScheduleView, shallowEqual);
  const showCalendar = view.status === 'loaded' || (view.status === 'loading' && view.fetchedAt !== null);

  // The Route view: the picked day (default: the next day with visits) and the day shown, if open.
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [routeDay, setRouteDay] = useState<string | null>(null);
  const suggestedDay = useMemo(() => defaultRouteDay(view.events), [view.events]);
  const dayValue = pickedDay ?? suggestedDay;
  const dayInputId = useId();
  const planButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (routeDay === null && returnFocus.current) {
      returnFocus.current = false;
      planButtonRef.current?.focus();
    }
  }, [routeDay]);
  const openRoute = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isDayString(dayValue)) setRouteDay(dayValue);
  };
  const closeRoute = () => {
    returnFocus.current = true;
    setRouteDay(null);
  };

  return (
    <section
      className="card panel schedule-panel"
      aria-labelledby="schedule-title"
      aria-busy={view.status === 'loading'}
      data-machine="schedule"
      data-state={view.state}
    >
      <div className="panel__header">
        <h2 id="schedule-title">Your Schedule</h2>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => actor.send({ type: 'schedule.refresh' })}
        >
          Refresh
        </button>
      </div>

      {view.status === 'loading' ? <Spinner label={SCHEDULE_LOADING_TEXT} /> : null}

      {view.status === 'error' ? (
        <div className="error-block" role="alert">
          <h3>{SCHEDULE_ERROR_HEADING}</h3>
          <p>{view.errorMessage}</p>
          <div className="error-block__actions">
            {view.needsSignIn ? (
              <button type="button" className="button button--primary" onClick={onSignInAgain}>
                Sign in again
              </button>
            ) : null}
            <button
              type="button"
              className={`button ${view.needsSignIn ? 'button--secondary' : 'button--primary'}`}
              onClick={() => actor.send({ type: 'schedule.retry' })}
            >
              Try Again
            </button>
          </div>
        </div>
      ) : null}

      {showCalendar ? (
        <form className="route-picker" onSubmit={openRoute}>
          <label htmlFor={dayInputId}>Route for</label>
          <input
            id={dayInputId}
            type="date"
            required
            value={dayValue}
            onChange={(event) => setPickedDay(event.currentTarget.value)}
          />
          <button ref={planButtonRef} type="submit" className="button button--primary">
            Plan route
          </button>
        </form>
      ) : null}

      {showCalendar && routeDay !== null ? (
        <ErrorBoundary>
          <Suspense fallback={<Spinner label={ROUTE_LOADING_TEXT} />}>
            <RouteView key={routeDay} day={routeDay} events={view.events} onClose={closeRoute} />
          </Suspense>
        </ErrorBoundary>
      ) : null}

      {showCalendar ? (
        <div hidden={routeDay !== null}>
          <ErrorBoundary>
            <Suspense fallback={<Spinner label={SCHEDULE_LOADING_TEXT} />}>
              <ScheduleCalendar events={view.events} initialDate={initialDate} />
            </Suspense>
          </ErrorBoundary>
        </div>
      ) : null}
    </section>
  );
}
