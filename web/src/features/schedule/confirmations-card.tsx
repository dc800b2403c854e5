// "Confirmations for <day>" on the dashboard: the nearest evening batch from today on. While its calls
// run it says so ("Calls in progress"); once done: the visits that need the clinician first (a new time
// asked for, a cancel request, a wrong number, no report), the count per status, the visits moved
// tonight (patient, from → to) and the re-optimised order of the day with its drive (folded, so the
// card stays short on a phone). Names and details are database text: React text only; the batch's own notes
// (machines/confirmation-batch) are shown in the dashboard's language.
import { useId } from 'react';
import {
  type BatchState,
  CONFIRMATION_STATUSES,
  type ConfirmationStatus,
} from '../../../../core/confirmations/contract.ts';
import {
  REOPTIMISE_FAILED_NOTE,
  RETRIES_NOT_PLACED_NOTE,
} from '../../../../machines/confirmation-batch/confirmation-batch.messages.ts';
import type { ConfirmationBatchInfo, ScheduleCalendarEvent } from '../../../../machines/schedule/index.ts';
import { formatClock, formatDay, formatTime } from '../../components/time-format.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';
import { eventDay, localDay } from '../route/route-days.ts';
import {
  ConfirmationMark,
  extraDetail,
  NEEDS_CLINICIAN,
  STATUS_ICONS,
  STATUS_LABEL_IDS,
  statusTone,
} from './confirmation-mark.tsx';

/** The card's English statuses (the catalog's English, word for word). */
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

/** The batch's notes (machines/confirmation-batch), each maybe followed by ": <cause>". */
const BATCH_NOTES: ReadonlyArray<readonly [string, MessageId]> = [
  [RETRIES_NOT_PLACED_NOTE, 'machines.confirmationBatch.retriesNotPlaced'],
  [REOPTIMISE_FAILED_NOTE, 'machines.confirmationBatch.reoptimiseFailed'],
];

/** A plan note in the dashboard's language: the batch's own note translated, its cause (technical) as it came. */
export function planNoteText(t: Translate, note: string): string {
  for (const [text, id] of BATCH_NOTES) {
    if (note === text) return t(id);
    if (note.startsWith(`${text}: `)) return `${t(id)}${note.slice(text.length)}`;
  }
  return note;
}

export interface ConfirmationsCardProps {
  batches: readonly ConfirmationBatchInfo[];
  /** The loaded events, with their statuses attached. */
  events: readonly ScheduleCalendarEvent[];
  /** YYYY-MM-DD (default: today, the clinician's zone). */
  today?: string;
}

export function ConfirmationsCard({ batches, events, today }: ConfirmationsCardProps) {
  const t = useT();
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

  let statusId: MessageId | null = null;
  if (batch.state === 'scheduled') statusId = 'schedule.confirmations.notStarted';
  else if (isRunning(batch.state)) statusId = 'schedule.confirmations.inProgress';
  else if (batch.state === 'failed') statusId = 'schedule.confirmations.stopped';
  else if (batch.state === 'cancelled') statusId = 'schedule.confirmations.cancelled';
  const status =
    statusId === null
      ? null
      : Number.isNaN(Date.parse(batch.updatedAt))
        ? t(statusId)
        : t('schedule.confirmations.statusUpdated', { status: t(statusId), time: formatTime(batch.updatedAt) });

  return (
    <section className="confirmations-card" aria-labelledby={titleId} data-batch-state={batch.state}>
      <h3 id={titleId} className="confirmations-card__title">
        {t('schedule.confirmations.title', { day: formatDay(batch.visitDate) })}
      </h3>
      {status ? <p className="confirmations-card__status">{status}</p> : null}
      {isRunning(batch.state) || batch.state === 'scheduled' ? (
        <p className="confirmations-card__note">{t('schedule.confirmations.resultsNote')}</p>
      ) : (
        <>
          {needsYou.length > 0 ? (
            <>
              <h4 className="confirmations-card__subtitle">{t('schedule.confirmations.needsYou')}</h4>
              <ul
                className="confirmations-card__list confirmations-card__needs"
                aria-label={t('schedule.confirmations.needsYouList')}
              >
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
            <p className="confirmations-card__note">{t('schedule.confirmations.nothingNeedsYou')}</p>
          ) : null}
          {countList.length > 0 ? (
            <ul className="confirmations-card__counts" aria-label={t('schedule.confirmations.byStatus')}>
              {countList.map((s) => (
                <li key={s} className={`confirmations-count confirmations-count--${statusTone(s)}`}>
                  <span aria-hidden="true">{STATUS_ICONS[s]}</span>{' '}
                  {t('schedule.confirmations.count', { count: counts[s] ?? 0, label: t(STATUS_LABEL_IDS[s]) })}
                </li>
              ))}
            </ul>
          ) : null}
          {summary && summary.moved.length > 0 ? (
            <>
              <h4 className="confirmations-card__subtitle">{t('schedule.confirmations.whatChanged')}</h4>
              <ul className="confirmations-card__list" aria-label={t('schedule.confirmations.movedList')}>
                {summary.moved.map((m) => (
                  <li key={m.eventId}>
                    <span className="confirmations-card__who">{m.patientName}</span>: {summaryTime(m.from)}{' '}
                    <span aria-hidden="true">→</span>
                    <span className="visually-hidden">{t('schedule.confirmations.to')}</span> {summaryTime(m.to)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {summary?.plan && summary.plan.order.length > 0 ? (
            <details className="confirmations-card__plan">
              <summary>{t('schedule.confirmations.plan', { minutes: Math.round(summary.plan.driveMinutes) })}</summary>
              <ol className="confirmations-card__list">
                {summary.plan.order.map((stop) => (
                  <li key={stop.eventId}>
                    <span className="confirmations-card__time">{summaryTime(stop.start)}</span> {stop.patientName}
                  </li>
                ))}
              </ol>
              {summary.plan.confirmedTimesKept ? <p>{t('schedule.confirmations.timesKept')}</p> : null}
              {summary.plan.feasible ? null : <p>{t('schedule.confirmations.infeasible')}</p>}
            </details>
          ) : summary?.planNote ? (
            <p className="confirmations-card__note">
              {t('schedule.confirmations.notReoptimised', { note: planNoteText(t, summary.planNote) })}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
