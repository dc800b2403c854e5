// "Confirmations for <day>" on the dashboard: the nearest evening batch from today on. While its calls
// run it says so ("Calls in progress"); once done: the visits that need the clinician first (a new time
// asked for, a cancel request, a wrong number, no report), the count per status, the visits moved
// tonight (patient, from → to) and the re-optimised order of the day with its drive (folded, so the
// card stays short on a phone). Names and details are database text: React text only.
import { useId } from 'react';
import {
  type BatchState,
  CONFIRMATION_STATUSES,
  type ConfirmationStatus,
  STATUS_LABELS,
} from '../../../../core/confirmations/contract.ts';
import type { ConfirmationBatchInfo, ScheduleCalendarEvent } from '../../../../machines/schedule/index.ts';
import { formatClock, formatTime } from '../../components/time-format.ts';
import { eventDay, formatDayLong, localDay } from '../route/route-days.ts';
import { ConfirmationMark, extraDetail, NEEDS_CLINICIAN, STATUS_ICONS, statusTone } from './confirmation-mark.tsx';

export const CALLS_IN_PROGRESS_TEXT = 'Calls in progress';
export const CALLS_NOT_STARTED_TEXT = 'Calls not started yet';

const FINISHED: readonly string[] = ['closed', 'done'] satisfies BatchState[];
const STOPPED: readonly string[] = ['failed', 'cancelled'] satisfies BatchState[];

/** Calls placed or awaited: every state but scheduled, finished and stopped (a newer state included). */
export function isRunning(state: string): boolean {
  return state !== 'scheduled' && !FINISHED.includes(state) && !STOPPED.includes(state);
}

/** The batch the card shows: the nearest one on `today` or later, or null. */
export function nearestBatch(
  batches: readonly ConfirmationBatchInfo[],
  today: string = localDay(),
): ConfirmationBatchInfo | null {
  return batches
    .filter((batch) => batch.visitDate >= today)
    .reduce<ConfirmationBatchInfo | null>(
      (best, b) => (best === null || b.visitDate < best.visitDate ? b : best),
      null,
    );
}

/** A summary time: an ISO instant or a wall-clock "HH:MM", in the app's one format; anything else as given. */
export function summaryTime(value: string): string {
  if (/^\d{1,2}:\d{2}$/.test(value)) return formatClock(value);
  return Number.isNaN(Date.parse(value)) ? value : formatTime(value);
}

const minutes = (value: number) => `${Math.round(value)} min`;

export interface ConfirmationsCardProps {
  batches: readonly ConfirmationBatchInfo[];
  /** The loaded events, with their statuses attached. */
  events: readonly ScheduleCalendarEvent[];
  /** YYYY-MM-DD (default: today, the clinician's zone). */
  today?: string;
}

export function ConfirmationsCard({ batches, events, today }: ConfirmationsCardProps) {
  const titleId = useId();
  const batch = nearestBatch(batches, today);
  if (!batch) return null;
  const visits = events.filter((e) => e.confirmation && eventDay(e) === batch.visitDate);
  const needsYou = visits
    .filter((e) => e.confirmation && NEEDS_CLINICIAN.includes(e.confirmation.status))
    .sort((a, b) => a.start.localeCompare(b.start));
  const counted: Partial<Record<ConfirmationStatus, number>> = {};
  for (const e of visits)
    if (e.confirmation) counted[e.confirmation.status] = (counted[e.confirmation.status] ?? 0) + 1;
  const counts = batch.summary && Object.keys(batch.summary.counts).length > 0 ? batch.summary.counts : counted;
  const countList = CONFIRMATION_STATUSES.filter((s) => (counts[s] ?? 0) > 0);
  const finished = FINISHED.includes(batch.state);
  const summary = finished ? batch.summary : null;
  const updated = Number.isNaN(Date.parse(batch.updatedAt)) ? '' : ` · updated ${formatTime(batch.updatedAt)}`;

  let status: string | null = null;
  if (batch.state === 'scheduled') status = CALLS_NOT_STARTED_TEXT;
  else if (isRunning(batch.state)) status = CALLS_IN_PROGRESS_TEXT;
  else if (batch.state === 'failed') status = 'The calls stopped before the end';
  else if (batch.state === 'cancelled') status = 'The calls were cancelled';

  return (
    <section className="confirmations-card" aria-labelledby={titleId} data-batch-state={batch.state}>
      <h3 id={titleId} className="confirmations-card__title">
        Confirmations for {formatDayLong(batch.visitDate)}
      </h3>
      {status ? (
        <p className="confirmations-card__status">
          {status}
          {updated}
        </p>
      ) : null}
      {isRunning(batch.state) || batch.state === 'scheduled' ? (
        <p className="confirmations-card__note">The results appear on your calendar as the calls end.</p>
      ) : (
        <>
          {needsYou.length > 0 ? (
            <>
              <h4 className="confirmations-card__subtitle">Needs you</h4>
              <ul className="confirmations-card__list confirmations-card__needs" aria-label="Visits that need you">
                {needsYou.map((e) => {
                  const c = e.confirmation;
                  if (!c) return null;
                  const detail = extraDetail(c);
                  return (
                    <li key={e.id}>
                      <span className="confirmations-card__time">{summaryTime(c.originalStart)}</span>{' '}
                      <span className="confirmations-card__who">{c.patientName || e.title}</span>{' '}
                      <ConfirmationMark confirmation={c} />
                      {detail ? <span className="confirmations-card__detail"> {detail}</span> : null}
                    </li>
                  );
                })}
              </ul>
            </>
          ) : finished ? (
            <p className="confirmations-card__note">Nothing needs you.</p>
          ) : null}
          {countList.length > 0 ? (
            <ul className="confirmations-card__counts" aria-label="Calls by status">
              {countList.map((s) => (
                <li key={s} className={`confirmations-count confirmations-count--${statusTone(s)}`}>
                  <span aria-hidden="true">{STATUS_ICONS[s]}</span> {counts[s]} {STATUS_LABELS[s]}
                </li>
              ))}
            </ul>
          ) : null}
          {summary && summary.moved.length > 0 ? (
            <>
              <h4 className="confirmations-card__subtitle">What changed</h4>
              <ul className="confirmations-card__list" aria-label="Moved visits">
                {summary.moved.map((m) => (
                  <li key={m.eventId}>
                    <span className="confirmations-card__who">{m.patientName}</span>: {summaryTime(m.from)}{' '}
                    <span aria-hidden="true">→</span>
                    <span className="visually-hidden">to</span> {summaryTime(m.to)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {summary?.plan && summary.plan.order.length > 0 ? (
            <details className="confirmations-card__plan">
              <summary>Re-optimised order · {minutes(summary.plan.driveMinutes)} driving</summary>
              <ol className="confirmations-card__list">
                {summary.plan.order.map((stop) => (
                  <li key={stop.eventId}>
                    <span className="confirmations-card__time">{summaryTime(stop.start)}</span> {stop.patientName}
                  </li>
                ))}
              </ol>
              {summary.plan.confirmedTimesKept ? <p>Every confirmed visit keeps its time.</p> : null}
              {summary.plan.feasible ? null : <p>Not every patient's time window can be met.</p>}
            </details>
          ) : summary?.planNote ? (
            <p className="confirmations-card__note">Route not re-optimised: {summary.planNote}</p>
          ) : null}
        </>
      )}
    </section>
  );
}
