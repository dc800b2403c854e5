// "Your Schedule" (spec §2): Refresh, the calendar, "Loading your calendar...", and the error block
// (Calendar Error, the message, Try Again; when Google access is gone for good — the grant revoked —
// "Sign in again" comes first as the primary action, since only that helps, and Try Again second). Driven by
// the schedule machine through useActorRef + useSelector. "Plan route" opens the Route view of the
// picked day (lazy chunk, from the events already loaded) in place of the calendar, which stays mounted
// (hidden) so its view and date are kept; Back to calendar (or Escape) returns focus to Plan route.
// Always current: a failed refresh keeps the last good calendar on screen with the error and Try Again
// beside it; the calendar reloads when the assistant changes it (`refreshRequests`, queued while a load
// is running) and when the tab comes back after STALE_AFTER_MS; "Updated …" says when it was fetched.
// The load also reads the evening confirmation statuses (schedule-loader.ts): marks on the visits and,
// when a batch exists for today or later, the "Confirmations for <day>" card above the calendar.
import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type ScheduleErrorKind, type SchedulePorts, toScheduleView } from '../../../../machines/schedule/index.ts';
import { appMillis } from '../../app/clock.ts';
import { ErrorBoundary } from '../../components/error-boundary.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatTime } from '../../components/time-format.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { useT } from '../../i18n/use-t.ts';
import { useConnectivity } from '../../offline/use-connectivity.ts';
import { defaultRouteDay, isDayString } from '../route/route-days.ts';
import { ConfirmationsCard } from './confirmations-card.tsx';
import { dashboardScheduleMachine } from './schedule-loader.ts';

const ScheduleCalendar = lazy(() => import('./schedule-calendar.tsx').then((m) => ({ default: m.ScheduleCalendar })));
const RouteView = lazy(() => import('../route/route-view.tsx').then((m) => ({ default: m.RouteView })));
const PatientsView = lazy(() => import('../patients/patients-view.tsx').then((m) => ({ default: m.PatientsView })));
const MileageView = lazy(() => import('../mileage/mileage-view.tsx').then((m) => ({ default: m.MileageView })));

/** What the error block says, by the machine's error kind (its English text is the catalog's English). */
const SCHEDULE_ERROR_TEXT: Record<ScheduleErrorKind, MessageId> = {
  'no-provider-token': 'machines.schedule.noProviderToken',
  'fetch-failed': 'machines.schedule.fetchFailed',
};
/** Coming back to the tab after this long reloads the calendar. */
export const STALE_AFTER_MS = 5 * 60_000;

export interface SchedulePanelProps {
  ports: SchedulePorts;
  /** Starts the provider sign-in again with a fresh consent (offered when Google access is gone). */
  onSignInAgain(): void;
  /** Date the calendar opens on (default: today). */
  initialDate?: string;
  /** Subscribes to "the calendar changed elsewhere" (the assistant's writes): the panel reloads in place. */
  refreshRequests?: (listener: () => void) => () => void;
  /** Asks Google for calendar-change consent ("Use this order" without it). */
  onAllowCalendarChanges?(): void;
}

export function SchedulePanel({
  ports,
  onSignInAgain,
  initialDate,
  refreshRequests,
  onAllowCalendarChanges,
}: SchedulePanelProps) {
  const t = useT();
  const machine = useMemo(() => dashboardScheduleMachine(ports), [ports]);
  const actor = useActorRef(machine);
  const view = useSelector(actor, toScheduleView, shallowEqual);
  // Offline the banner dates the kept copy shown; "Updated" would name the time of the failed load.
  const { offline } = useConnectivity();
  // The machine ignores schedule.refresh while a load runs: a request arriving then is kept and sent
  // when that load ends, so the assistant's change is never missed.
  const pendingRefresh = useRef(false);
  const refresh = useCallback(() => {
    if (actor.getSnapshot().matches('loading')) pendingRefresh.current = true;
    else actor.send({ type: 'schedule.refresh' });
  }, [actor]);
  useEffect(() => {
    if (view.status !== 'loading' && pendingRefresh.current) {
      pendingRefresh.current = false;
      actor.send({ type: 'schedule.refresh' });
    }
  }, [view.status, actor]);
  // A reload keeps the calendar on screen, its view and date (unlike a remount).
  useEffect(() => refreshRequests?.(refresh), [refreshRequests, refresh]);
  // Back to the tab after a while: reload.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const fetchedAt = actor.getSnapshot().context.fetchedAt;
      if (fetchedAt === null || appMillis() - Date.parse(fetchedAt) >= STALE_AFTER_MS) refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [actor, refresh]);
  // The last good calendar stays on screen while reloading and after a failed reload.
  const showCalendar = view.fetchedAt !== null;
  const stale = view.status === 'error' && view.fetchedAt !== null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const retry = () => {
    actor.send({ type: 'schedule.retry' });
    // Try Again leaves with the error block: focus goes to the panel's heading, not to <body>.
    headingRef.current?.focus();
  };

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
    if (!isDayString(dayValue)) return;
    setPatientsOpen(false);
    setMileageOpen(false);
    setRouteDay(dayValue);
  };
  const closeRoute = () => {
    returnFocus.current = true;
    setRouteDay(null);
  };
  // The Patients view: the list, and the patients the calendar suggests for it.
  const [patientsOpen, setPatientsOpen] = useState(false);
  const patientsButtonRef = useRef<HTMLButtonElement>(null);
  const closePatients = () => {
    setPatientsOpen(false);
    queueMicrotask(() => patientsButtonRef.current?.focus());
  };
  // The Mileage view: the month's mileage log (docs/mileage.md).
  const [mileageOpen, setMileageOpen] = useState(false);
  const mileageButtonRef = useRef<HTMLButtonElement>(null);
  const closeMileage = () => {
    setMileageOpen(false);
    queueMicrotask(() => mileageButtonRef.current?.focus());
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
        <h2 id="schedule-title" ref={headingRef} tabIndex={-1}>
          {t('schedule.title')}
        </h2>
        <button type="button" className="button button--secondary" onClick={refresh}>
          {t('schedule.refresh')}
        </button>
      </div>
      {view.fetchedAt !== null && !offline ? (
        <p className="schedule-updated">
          {t(stale ? 'schedule.updatedStale' : 'schedule.updated', { time: formatTime(view.fetchedAt) })}
        </p>
      ) : null}

      {view.status === 'loading' ? <Spinner label={t('machines.schedule.loading')} /> : null}

      {view.status === 'error' ? (
        <div className={`error-block${stale ? ' error-block--stale' : ''}`} role="alert">
          <h3>{t('machines.schedule.errorHeading')}</h3>
          <p>{view.errorKind ? t(SCHEDULE_ERROR_TEXT[view.errorKind]) : view.errorMessage}</p>
          <div className="error-block__actions">
            {view.needsSignIn ? (
              <button type="button" className="button button--primary" onClick={onSignInAgain}>
                {t('schedule.signInAgain')}
              </button>
            ) : null}
            <button
              type="button"
              className={`button ${view.needsSignIn ? 'button--secondary' : 'button--primary'}`}
              onClick={retry}
            >
              {t('schedule.tryAgain')}
            </button>
          </div>
        </div>
      ) : null}

      {showCalendar ? <ConfirmationsCard batches={view.confirmationBatches} events={view.events} /> : null}

      {showCalendar ? (
        <form className="route-picker" onSubmit={openRoute}>
          <label htmlFor={dayInputId}>{t('schedule.routeFor')}</label>
          <input
            id={dayInputId}
            type="date"
            required
            value={dayValue}
            onChange={(event) => setPickedDay(event.currentTarget.value)}
          />
          <button ref={planButtonRef} type="submit" className="button button--primary">
            {t('schedule.planRoute')}
          </button>
          <button
            ref={patientsButtonRef}
            type="button"
            className="button button--secondary"
            aria-expanded={patientsOpen}
            onClick={() => {
              setRouteDay(null);
              setMileageOpen(false);
              setPatientsOpen(true);
            }}
          >
            {t('schedule.patients')}
          </button>
          <button
            ref={mileageButtonRef}
            type="button"
            className="button button--secondary"
            aria-expanded={mileageOpen}
            onClick={() => {
              setRouteDay(null);
              setPatientsOpen(false);
              setMileageOpen(true);
            }}
          >
            {t('mileage.open')}
          </button>
        </form>
      ) : null}

      {showCalendar && patientsOpen && routeDay === null ? (
        <ErrorBoundary>
          <Suspense fallback={<Spinner label={t('schedule.loadingPatients')} />}>
            <PatientsView events={view.events} onClose={closePatients} onCalendarChanged={refresh} />
          </Suspense>
        </ErrorBoundary>
      ) : null}

      {showCalendar && mileageOpen && routeDay === null && !patientsOpen ? (
        <ErrorBoundary>
          <Suspense fallback={<Spinner label={t('machines.mileageMonth.loading')} />}>
            <MileageView onClose={closeMileage} />
          </Suspense>
        </ErrorBoundary>
      ) : null}

      {showCalendar && routeDay !== null ? (
        <ErrorBoundary>
          <Suspense fallback={<Spinner label={t('schedule.planningRoute')} />}>
            <RouteView
              key={routeDay}
              day={routeDay}
              events={view.events}
              onClose={closeRoute}
              onCalendarChanged={refresh}
              onAllowCalendarChanges={onAllowCalendarChanges}
            />
          </Suspense>
        </ErrorBoundary>
      ) : null}

      {showCalendar ? (
        <div hidden={routeDay !== null || patientsOpen || mileageOpen}>
          <ErrorBoundary>
            <Suspense fallback={<Spinner label={t('machines.schedule.loading')} />}>
              <ScheduleCalendar events={view.events} initialDate={initialDate} />
            </Suspense>
          </ErrorBoundary>
        </div>
      ) : null}
    </section>
  );
}
