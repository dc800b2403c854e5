// A visit's details, one tap (or click, or Enter) away from the calendar: time, patient, visit type,
// address with a directions link (the phone's maps app), the phone as a tel: link, the time window,
// the notes as plain text (provider descriptions may hold HTML: never rendered as HTML), who booked
// it and this evening's confirmation call (its mark; the database's detail as text). A native modal <dialog>: focus moves inside and stays there; Escape or Close closes it and the
// caller puts focus back where it was. Its texts are in the dashboard's language; the event's own text as written.
import { useEffect, useRef } from 'react';
import { toVisit } from '../../../../core/visits/visits.ts';
import type { ScheduleCalendarEvent } from '../../../../machines/schedule/index.ts';
import { formatMinutes, formatTimeRange, formatWeekdayDate } from '../../components/time-format.ts';
import { englishIntl } from '../../i18n/i18n-provider.tsx';
import { type Translate, translator, useT } from '../../i18n/use-t.ts';
import { ConfirmationMark, extraDetail } from './confirmation-mark.tsx';
import { translateVisitReason } from './visit-reasons.ts';

export interface VisitSheetProps {
  event: ScheduleCalendarEvent;
  onClose(): void;
}

/** The clinician's own zone (the browser's): the calendar, the sheet and the assistant agree on it. */
export function clinicianTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** A maps link for the address: Google's cross-platform Maps URL opens the phone's maps app. */
export function directionsUrl(address: string): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** tel: keeps only what dials: digits and a leading +. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? `+${digits.slice(1).replace(/\+/g, '')}` : digits.replace(/\+/g, '')}`;
}

/** Who booked it: the assistant marks its bookings (`bookedBy` = "homerounds-assistant"); others came from the calendar. */
export function bookedByText(bookedBy: string | null, t: Translate = translator(englishIntl)): string {
  if (!bookedBy) return t('schedule.sheet.bookedByCalendar');
  if (bookedBy === 'homerounds-assistant') return t('schedule.sheet.bookedByAssistant');
  return bookedBy;
}

export function VisitSheet({ event, onClose }: VisitSheetProps) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeButtonRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const visit = toVisit(event, clinicianTimeZone());

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    // Focus moves into the sheet, on Close (the first control).
    closeButtonRef.current?.focus();
    // Escape fires "cancel" then "close" on a modal dialog; both paths end in onClose once.
    const onCloseEvent = () => closeRef.current();
    dialog.addEventListener('close', onCloseEvent);
    return () => {
      dialog.removeEventListener('close', onCloseEvent);
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  const close = () => {
    const dialog = dialogRef.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    else closeRef.current();
  };

  const when = event.allDay
    ? t('schedule.allDay')
    : `${formatWeekdayDate(event.start)}, ${formatTimeRange(event.start, event.end)}`;
  const heading = visit.patient ?? event.title;

  return (
    <dialog
      ref={dialogRef}
      className="visit-sheet"
      aria-labelledby="visit-sheet-title"
      onKeyDown={(keyEvent) => {
        if (keyEvent.key === 'Escape') {
          keyEvent.preventDefault();
          keyEvent.stopPropagation();
          close();
        }
      }}
      onClick={(clickEvent) => {
        // A tap on the backdrop (the dialog element itself, outside its content) closes it.
        if (clickEvent.target === dialogRef.current) close();
      }}
    >
      <div className="visit-sheet__content">
        <div className="visit-sheet__header">
          <h2 id="visit-sheet-title">{heading}</h2>
          <button
            type="button"
            className="button button--secondary visit-sheet__close"
            onClick={close}
            ref={closeButtonRef}
          >
            {t('schedule.sheet.close')}
          </button>
        </div>
        <dl className="visit-sheet__facts">
          <div>
            <dt>{t('schedule.sheet.time')}</dt>
            <dd>{when}</dd>
          </div>
          {visit.patient ? (
            <div>
              <dt>{t('schedule.sheet.patient')}</dt>
              <dd>{visit.patient}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('schedule.sheet.visitType')}</dt>
            <dd>{visit.visitType ?? (visit.patient ? t('schedule.sheet.visit') : event.title)}</dd>
          </div>
          {visit.address ? (
            <div>
              <dt>{t('schedule.sheet.address')}</dt>
              <dd>
                {visit.address}
                <br />
                <a
                  className="text-link visit-sheet__directions"
                  href={directionsUrl(visit.address)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('schedule.sheet.directions', { address: visit.address })}
                  <span className="visually-hidden"> {t('schedule.sheet.opensMaps')}</span>
                </a>
              </dd>
            </div>
          ) : null}
          {visit.phone ? (
            <div>
              <dt>{t('schedule.sheet.phone')}</dt>
              <dd>
                <a className="text-link" href={telHref(visit.phone)}>
                  {t('schedule.sheet.call', { phone: visit.phone })}
                </a>
              </dd>
            </div>
          ) : null}
          {visit.window ? (
            <div>
              <dt>{t('schedule.sheet.window')}</dt>
              <dd>
                {formatMinutes(visit.window.start)} – {formatMinutes(visit.window.end)}
              </dd>
            </div>
          ) : null}
          {event.confirmation ? (
            <div className="visit-sheet__confirmation">
              <dt>{t('schedule.sheet.confirmation')}</dt>
              <dd>
                <ConfirmationMark confirmation={event.confirmation} />
                {extraDetail(event.confirmation) ? (
                  <span className="visit-sheet__detail">{extraDetail(event.confirmation)}</span>
                ) : null}
                {event.confirmation.late ? (
                  <span className="visit-sheet__detail">{t('schedule.sheet.late')}</span>
                ) : null}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('schedule.sheet.bookedBy')}</dt>
            <dd>{bookedByText(visit.bookedBy, t)}</dd>
          </div>
        </dl>
        {visit.notes ? (
          <>
            <h3 className="visit-sheet__notes-title">{t('schedule.sheet.notes')}</h3>
            <p className="visit-sheet__notes">{visit.notes}</p>
          </>
        ) : null}
        {visit.reasons.length > 0 && !event.allDay ? (
          <details className="visit-sheet__why">
            <summary>{visit.patient ? t('schedule.sheet.whyVisit') : t('schedule.sheet.whyNotVisit')}</summary>
            <ul>
              {visit.reasons.map((reason) => (
                <li key={reason}>{translateVisitReason(t, reason)}</li>
              ))}
            </ul>
            <p className="visit-sheet__why-fix">
              {visit.patient ? t('schedule.sheet.fixVisit') : t('schedule.sheet.fixNotVisit')}
            </p>
          </details>
        ) : null}
      </div>
    </dialog>
  );
}
