// The Route view of the schedule panel (loaded lazily): one day's visits in the optimised order with
// the drive before each, the calendar order beside it, the saving, whether the order is proven the
// shortest, the change lines, what could not be planned, and a schematic map. The calendar changes only on
// "Use this order" (route-order.tsx: all or none, with Undo). Titles and addresses are provider text, rendered as React text only. A stop
// whose visit has an evening confirmation status carries its mark. The drives from and back home are
// counted when the clinician's profile holds where the day starts (route-home.tsx: read, set from this
// device's location, changed or forgotten); the plan waits for that read, at most HOME_READ_TIMEOUT_MS. The drive
// times are the server's (route-drives.ts: its road matrix, as the assistant and the CLI use), the plan waiting at
// most DRIVES_TIMEOUT_MS; the summary says whether they (and the miles) are road drive times or approximate.
import { useEffect, useMemo, useRef } from 'react';
import { withPatientRecords } from '../../../../core/patients/apply.ts';
import type { PlaceInput, ReportStop } from '../../../../core/routing/index.ts';
import { withPins } from '../../../../core/routing/move-rule.ts';
import { movesFromPlan } from '../../../../core/routing/reorder-contract.ts';
import { DAY_DRIVES_MESSAGES } from '../../../../machines/day-drives/index.ts';
import { DAY_PLACES_MESSAGES } from '../../../../machines/day-places/index.ts';
import type { MoveRulePorts } from '../../../../machines/move-rule/index.ts';
import type { PatientListPorts } from '../../../../machines/patient-list/index.ts';
import type { EventConfirmation, ScheduleCalendarEvent } from '../../../../machines/schedule/index.ts';
import { type MeasureDrives, pageDriveTimes } from '../../adapters/drive-times.ts';
import { type LocateAddresses, pageLocations } from '../../adapters/locations.ts';
import { pagePatients } from '../../adapters/patients.ts';
import { type ProfileHome, type ProfileHomeStore, pageProfileHome } from '../../adapters/profile-home.ts';
import { pageMoveRule } from '../../adapters/profile-rule.ts';
import { type CallMovedNow, pageCallMovedNow, pageReorderDay, type ReorderDay } from '../../adapters/reorder-day.ts';
import { appNow } from '../../app/clock.ts';
import { Spinner } from '../../components/spinner.tsx';
import { formatClock } from '../../components/time-format.ts';
import { useLocale } from '../../i18n/i18n-provider.tsx';
import { translateMachineText } from '../../i18n/machine-text.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';
import { OnlineOnly } from '../../offline/online-only.tsx';
import { usePatientList } from '../patients/use-patient-list.ts';
import { ConfirmationMark } from '../schedule/confirmation-mark.tsx';
import { formatDayLong, localDay } from './route-days.ts';
import { useDayDrives } from './route-drives.ts';
import { DayStartControls, useDayStart } from './route-home.tsx';
import { legsNoteText, skippedReasonText } from './route-lines.ts';
import { RouteMap } from './route-map.tsx';
import { RouteOrder, showsOrder, useDayOrder } from './route-order.tsx';
import { useDayPlaces } from './route-places.ts';
import {
  addressesToLocate,
  calendarMissesWindow,
  changeLines,
  dayDriveTimesRequest,
  driveTimesText,
  lateText,
  milesText,
  minutesText,
  planDay,
  problemLines,
  provenText,
  savingText,
} from './route-plan.ts';
import { RouteRule, useMoveRule } from './route-rule.tsx';
import './route.css';

export interface RouteViewProps {
  day: string;
  /** The schedule machine's loaded events (no extra fetch). */
  events: readonly ScheduleCalendarEvent[];
  /** Back to the calendar (also on Escape). */
  onClose(): void;
  /** Where the day starts and ends, when the caller knows it (else the profile's is read through `homeStore`). */
  home?: PlaceInput;
  /** The clinician's profile home; default: the page's (main.tsx). Null: the home cannot be known here. */
  homeStore?: ProfileHomeStore | null;
  /** The device's location service (tests); default: navigator.geolocation. */
  geolocation?: Geolocation;
  /** Today's date here (default: the page clock's): today's visits keep their times under the default rule. */
  today?: string;
  /** The moment it is (default: the page clock's): today's drives are asked for leaving no earlier than now. */
  now?: Date;
  /** Locates visit addresses on the server (default: the page's, main.tsx); null: no server to ask. */
  locate?: LocateAddresses | null;
  /** Moves the day's visits on the server, "Use this order" (default: the page's, main.tsx); null: not offered. */
  reorder?: ReorderDay | null;
  /** "Call them now" after a move (default: the page's; null: moved patients hear in the evening call only). */
  callMoved?: CallMovedNow | null;
  /** The calendar changed ("Use this order", Undo): the schedule reloads. */
  onCalendarChanged?(): void;
  /** Asks Google for calendar-change consent. */
  onAllowCalendarChanges?(): void;
  /** The clinician's patient list (default: the page's, main.tsx); null: planned from the calendar alone. */
  patients?: PatientListPorts | null;
  /** The clinician's rule for moving visits (default: the page's profile store); null: the default rule. */
  moveRule?: MoveRulePorts | null;
  /** The day's drive times from the server's road matrix (default: the page's, main.tsx); null: the estimate. */
  driveTimes?: MeasureDrives | null;
}

/** The label the plan gives the home, as `homerounds route optimize` does (the legs say "from home"). */
const HOME_LABEL = 'Home';

/** The booked start as written on the calendar (its wall-clock time), in the app's one time format. */
const bookedTime = (iso: string | undefined) => (iso && iso.length >= 16 ? formatClock(iso.slice(11, 16)) : '');

export function RouteView({
  day,
  events,
  onClose,
  home,
  homeStore,
  geolocation,
  today,
  now,
  locate,
  reorder,
  callMoved,
  onCalendarChanged,
  onAllowCalendarChanges,
  patients,
  moveRule,
  driveTimes,
}: RouteViewProps) {
  const fixed = useMemo<ProfileHome | null>(
    () => (home ? { label: home.label ?? null, lat: home.lat, lng: home.lon } : null),
    [home],
  );
  const start = useDayStart(homeStore === undefined ? pageProfileHome() : homeStore, fixed, geolocation);
  const place = useMemo<PlaceInput | null>(
    () =>
      start.status === 'known' && start.home
        ? { lat: start.home.lat, lon: start.home.lng, label: home?.label ?? HOME_LABEL }
        : null,
    [start.status, start.home, home],
  );
  // What the clinician confirmed on the patient list (windows, addresses, "not a patient") is read into the events;
  // the plan waits for the list (at most 10 s, the patient-list machine's limit) and goes on without it after.
  const list = usePatientList(patients === undefined ? pagePatients() : patients);
  const listed = useMemo(
    () => (list.status === 'loading' ? events : withPatientRecords(events, [...list.patients, ...list.notPatients])),
    [events, list.status, list.patients, list.notPatients],
  );
  // Visits written by people carry an address, not coordinates: the server locates them first (once the list is
  // read, so no address of someone marked "not a patient" is sent).
  const addresses = useMemo(
    () => (list.status === 'loading' ? [] : addressesToLocate(listed, day)),
    [list.status, listed, day],
  );
  const places = useDayPlaces(locate === undefined ? pageLocations() : locate, addresses);
  // The clinician's own rule (read from the profile, at most 5 s; the default until then or without one).
  const rule = useMoveRule(moveRule === undefined ? pageMoveRule() : moveRule);
  // The drive times between the day's places (home and visits, once known) from the server's road matrix, with the
  // departure the assistant and the CLI use: the plan waits for them (at most 7 s; the estimate then, said so).
  const placesKnown = start.status !== 'loading' && places.status !== 'locating' && list.status !== 'loading';
  const drivesAsked = useMemo(
    () =>
      placesKnown
        ? dayDriveTimesRequest(listed, day, {
            ...(place ? { home: place } : {}),
            locations: places.locations,
            today: today ?? localDay(),
            now: now ?? appNow(),
          })
        : null,
    [placesKnown, listed, day, place, places.locations, today, now],
  );
  const drives = useDayDrives(driveTimes === undefined ? pageDriveTimes() : driveTimes, drivesAsked?.request ?? null);
  const planning = !placesKnown || !rule.settled || drives.status === 'asking';
  const plan = useMemo(
    () =>
      planning
        ? null
        : planDay(withPins(listed, rule.pins), day, {
            ...(place ? { home: place } : {}),
            rule: { rule: rule.rule, today: today ?? localDay() },
            locations: places.locations,
            ...(drives.travel ? { travel: drives.travel } : {}),
          }),
    [planning, listed, day, place, today, places.locations, rule.rule, rule.pins, drives.travel],
  );
  const t = useT();
  const { locale } = useLocale();
  const dayLabel = formatDayLong(day, locale);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  // Opening moves focus to the view's heading; Escape anywhere inside goes back to the calendar.
  useEffect(() => {
    headingRef.current?.focus();
    const root = rootRef.current;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        closeRef.current();
      }
    };
    root?.addEventListener('keydown', onKeyDown);
    return () => root?.removeEventListener('keydown', onKeyDown);
  }, []);

  const visitById = new Map((plan?.visits ?? []).map((v) => [v.id, v]));
  const confirmations = useMemo(
    () =>
      new Map(
        events.flatMap((e) => (e.confirmation && e.start.startsWith(day) ? [[e.id, e.confirmation] as const] : [])),
      ),
    [events, day],
  );
  const report = plan?.report ?? null;
  const moves = useMemo(() => (report ? movesFromPlan(report, events) : []), [report, events]);
  const order = useDayOrder(
    day,
    reorder === undefined ? pageReorderDay() : reorder,
    onCalendarChanged,
    callMoved === undefined ? pageCallMovedNow() : callMoved,
  );
  // Offline, moving visits says it needs a connection instead of offering Use this order.
  const orderControls = showsOrder(order, moves) ? (
    <OnlineOnly notice="order">
      <RouteOrder order={order} moves={moves} onAllowCalendarChanges={onAllowCalendarChanges} />
    </OnlineOnly>
  ) : null;

  return (
    <section ref={rootRef} className="route-view" aria-labelledby="route-view-title" data-route-day={day}>
      <div className="route-view__header">
        <h3 id="route-view-title" ref={headingRef} tabIndex={-1}>
          {t('route.title', { day: dayLabel })}
        </h3>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('route.backToCalendar')}
        </button>
      </div>

      {plan === null ? <Spinner label={t('route.planning')} /> : null}
      {/* Kept while only the drive times are asked again (the home changed): its message keeps the focus. */}
      {plan !== null || (placesKnown && drives.status === 'asking') ? <DayStartControls start={start} /> : null}

      {places.status === 'unavailable' ? (
        <p className="route-view__problem" role="status">
          {places.message ? translateMachineText(t, 'machines.dayPlaces', DAY_PLACES_MESSAGES, places.message) : null}{' '}
          <button type="button" className="button button--secondary" onClick={places.retry}>
            {t('route.tryAgain')}
          </button>
        </p>
      ) : null}

      {drives.status === 'estimated' ? (
        <p className="route-view__problem" role="status">
          {drives.message ? translateMachineText(t, 'machines.dayDrives', DAY_DRIVES_MESSAGES, drives.message) : null}{' '}
          <button type="button" className="button button--secondary" onClick={drives.retry}>
            {t('route.askDrivesAgain')}
          </button>
        </p>
      ) : null}

      {plan?.error ? (
        <p className="route-view__problem" role="alert">
          {t('route.planError', { error: plan.error })}
        </p>
      ) : null}

      {plan && report === null && !plan.error ? <p className="route-view__empty">{t('route.noVisits')}</p> : null}

      {/* While the plan is made again (the calendar reloading after a move), what was moved and its Undo stay. */}
      {report ? null : orderControls}

      {report ? (
        <>
          <div className="route-summary">
            <p className="route-summary__saving">{savingText(t, report)}</p>
            {calendarMissesWindow(report) ? (
              <p className="route-summary__note">{t('route.calendarMissesWindow')}</p>
            ) : null}
            <dl className="route-summary__totals">
              <div>
                <dt>{t(report.feasible ? 'route.totals.drivingOptimised' : 'route.totals.drivingLeastLate')}</dt>
                <dd>{minutesText(t, report.travelAfterMinutes)}</dd>
              </div>
              <div>
                <dt>{t('route.totals.drivingCalendar')}</dt>
                <dd>{minutesText(t, report.travelBeforeMinutes)}</dd>
              </div>
              <div>
                <dt>{t(report.feasible ? 'route.totals.milesOptimised' : 'route.totals.milesLeastLate')}</dt>
                <dd>{milesText(t, report.distanceAfterKm)}</dd>
              </div>
              <div>
                <dt>{t('route.totals.milesCalendar')}</dt>
                <dd>{milesText(t, report.distanceBeforeKm)}</dd>
              </div>
              <div>
                <dt>{t(report.countsHomeLegs ? 'route.totals.backHome' : 'route.totals.lastVisitEnds')}</dt>
                <dd>{formatClock(report.optimized.finish)}</dd>
              </div>
            </dl>
            <p className="route-summary__meta">
              {provenText(t, report)} {driveTimesText(t, report, drivesAsked?.departure?.minute ?? null)}{' '}
              {legsNoteText(t, report.legsNote)}
              {report.approximateVisits?.length
                ? ` ${t('route.approximateAddresses', { count: report.approximateVisits.length })}`
                : ''}
            </p>
            <RouteRule text={plan?.rule} control={rule} />
          </div>

          {orderControls}

          <div className="route-orders">
            <div className="route-orders__optimised">
              <h4>{t(report.feasible ? 'route.orders.optimised' : 'route.orders.leastLateHeading')}</h4>
              <ol
                className="route-stops"
                aria-label={t(report.feasible ? 'route.orders.optimised' : 'route.orders.leastLate')}
              >
                {report.optimized.stops.map((stop, index) => (
                  <OptimisedStop
                    key={stop.id}
                    stop={stop}
                    index={index}
                    fromHome={report.countsHomeLegs}
                    address={visitById.get(stop.id)?.address}
                    booked={bookedTime(visitById.get(stop.id)?.start)}
                    confirmation={confirmations.get(stop.id)}
                    fixed={rule.pins.includes(stop.id)}
                    onFixed={rule.pin && !rule.saving ? (fixed) => rule.pin?.(stop.id, fixed) : undefined}
                  />
                ))}
              </ol>
            </div>
            <div className="route-orders__calendar">
              <h4>{t('route.orders.calendar')}</h4>
              <ol className="route-calendar" aria-label={t('route.orders.calendar')}>
                {report.calendar.stops.map((stop, index) => (
                  <li key={stop.id} className="route-calendar__stop">
                    <span className="route-calendar__time">{bookedTime(visitById.get(stop.id)?.start)}</span>{' '}
                    <span className="route-calendar__title">{stop.title}</span>
                    {confirmations.has(stop.id) ? (
                      <>
                        {' '}
                        <ConfirmationMark confirmation={confirmations.get(stop.id) as EventConfirmation} />
                      </>
                    ) : null}
                    <span className="route-calendar__leg">
                      {stop.travelFromPreviousMinutes === null || (index === 0 && !report.countsHomeLegs)
                        ? t('route.stop.firstVisit')
                        : t(index === 0 ? 'route.stop.driveFromHome' : 'route.stop.drive', {
                            minutes: minutesText(t, stop.travelFromPreviousMinutes),
                          })}
                      {stop.lateByMinutes > 0
                        ? ` · ${t('route.stop.missesWindowBy', { late: lateText(t, stop.lateByMinutes) })}`
                        : ''}
                    </span>
                  </li>
                ))}
              </ol>
            </div>
          </div>

          <h4>{t('route.map.heading')}</h4>
          <RouteMap report={report} visits={plan?.visits ?? []} dayLabel={dayLabel} />

          {report.changes.length > 0 ? (
            <>
              <h4>{t('route.whyThisOrder')}</h4>
              <ul className="route-lines">
                {changeLines(t, report).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}

          {problemLines(t, report).length > 0 ? (
            <>
              <h4>{t('route.windowsNotMet')}</h4>
              <ul className="route-lines route-lines--problem">
                {problemLines(t, report).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}

      {plan && plan.skipped.length > 0 ? (
        <>
          <h4>{t('route.notPlanned')}</h4>
          <ul className="route-lines route-skipped" aria-label={t('route.notPlanned')}>
            {plan.skipped.map((s) => (
              <li key={s.id}>
                <span className="route-skipped__title">{s.title}</span>: {skippedReasonText(t, s.reason)}
              </li>
            ))}
          </ul>
        </>
      ) : null}

      <p className="route-view__readonly">{t('route.readonly', { useOrder: t('route.order.use') })}</p>
    </section>
  );
}

interface OptimisedStopProps {
  stop: ReportStop;
  index: number;
  /** The first leg is the drive from home (counted). */
  fromHome: boolean;
  address: string | undefined;
  booked: string;
  confirmation: EventConfirmation | undefined;
  /** The clinician pinned this visit at its booked time ("time is fixed"). */
  fixed: boolean;
  /** Turns the switch (absent: no store to keep it, or a change is being saved). */
  onFixed?: (fixed: boolean) => void;
}

function OptimisedStop({ stop, index, fromHome, address, booked, confirmation, fixed, onFixed }: OptimisedStopProps) {
  const t = useT();
  const leg =
    stop.travelFromPreviousMinutes === null || (index === 0 && !fromHome)
      ? t('route.stop.firstVisit')
      : t(index === 0 ? 'route.stop.driveFromHome' : 'route.stop.driveFromPrevious', {
          minutes: minutesText(t, stop.travelFromPreviousMinutes),
        });
  return (
    <li className="route-stop" data-visit-id={stop.id}>
      <span className="route-stop__number" aria-hidden="true">
        {index + 1}
      </span>
      <div className="route-stop__body">
        <p className="route-stop__leg">{leg}</p>
        <p className="route-stop__heading">
          <span className="route-stop__time">
            {formatClock(stop.start)} – {formatClock(stop.departure)}
          </span>{' '}
          <span className="route-stop__title">{stop.title}</span>
        </p>
        {confirmation ? (
          <p className="route-stop__confirmation">
            <ConfirmationMark confirmation={confirmation} />
          </p>
        ) : null}
        {address ? <p className="route-stop__address">{address}</p> : null}
        <p className="route-stop__times">{stopTimes(t, stop, index, fromHome, booked)}</p>
        {stop.lateByMinutes > 0 ? (
          <p className="route-stop__late">{t('route.stop.lateBy', { late: lateText(t, stop.lateByMinutes) })}</p>
        ) : null}
        <label className="route-stop__fixed">
          <input
            type="checkbox"
            checked={fixed}
            disabled={!onFixed}
            onChange={(event) => onFixed?.(event.currentTarget.checked)}
          />{' '}
          {t('route.stop.timeIsFixed')}
        </label>
      </div>
    </li>
  );
}

/** "Arrive 8:10 AM · Start 8:30 AM · Leave 9:15 AM · Wait 20 min · Booked 8:30 AM". */
function stopTimes(t: Translate, stop: ReportStop, index: number, fromHome: boolean, booked: string): string {
  // Without the home the day starts "anywhere": the first arrival (and any wait there) is not known.
  const known = index > 0 || fromHome;
  return [
    known ? t('route.stop.arrive', { time: formatClock(stop.arrival) }) : null,
    t('route.stop.start', { time: formatClock(stop.start) }),
    t('route.stop.leave', { time: formatClock(stop.departure) }),
    known && Math.round(stop.waitMinutes) > 0
      ? t('route.stop.wait', { minutes: minutesText(t, stop.waitMinutes) })
      : null,
    booked ? t('route.stop.booked', { time: booked }) : null,
  ]
    .filter((part) => part !== null)
    .join(' · ');
}
