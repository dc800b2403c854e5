// "Your Schedule" (spec §2): Refresh, the calendar, "Loading your calendar...", and the error block
// (Calendar Error, the message, Try Again; Sign in again when the provider token is gone). Driven by
// the schedule machine through useActorRef + useSelector.
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useMemo } from 'react';
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

const ScheduleCalendar = lazy(() => import('./schedule-calendar.tsx').then((m) => ({ default: m.ScheduleCalendar })));

export interface SchedulePanelProps {
  ports: SchedulePorts;
  /** Starts the provider sign-in again (offered when the provider token is gone). */
  onSignInAgain(): void;
  /** Date the calendar opens on (default: today). */
  initialDate?: string;
}

export function SchedulePanel({ ports, onSignInAgain, initialDate }: SchedulePanelProps) {
  const machine = useMemo(() => scheduleMachine.provide({ actors: createScheduleActors(ports) }), [ports]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, toScheduleView, shallowEqual);
  const showCalendar = view.status === 'loaded' || (view.status === 'loading' && view.fetchedAt !== null);

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
            <button
              type="button"
              className="button button--primary"
              onClick={() => actor.send({ type: 'schedule.retry' })}
            >
              Try Again
            </button>
            {view.needsSignIn ? (
              <button type="button" className="button button--secondary" onClick={onSignInAgain}>
                Sign in again
              </button>
            ) : null}
          </div>
        </div>
      ) : null}

      {showCalendar ? (
        <ErrorBoundary>
          <Suspense fallback={<Spinner label={SCHEDULE_LOADING_TEXT} />}>
            <ScheduleCalendar events={view.events} initialDate={initialDate} />
          </Suspense>
        </ErrorBoundary>
      ) : null}
    </section>
  );
}
