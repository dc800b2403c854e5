// A visit's details, one tap (or click, or Enter) away from the calendar: time, patient, visit type,
// address with a directions link (the phone's maps app), the phone as a tel: link, the time window,
// the notes as plain text (provider descriptions may hold HTML: never rendered as HTML), who booked
// it and this evening's confirmation call (its mark; the database's detail as text). A native modal <dialog>: focus moves inside and stays there; Escape or Close closes it and the
// caller puts focus back where it was.
import { useEffect, useRef } from 'react';
import { toVisit } from '../../../../core/visits/visits.ts';
import type { ScheduleCalendarEvent } from '../../../../machines/schedule/index.ts';
import { formatMinutes, formatTimeRange } from '../../components/time-format.ts';
import { ConfirmationMark, extraDetail } from './confirmation-mark.tsx';

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
export function bookedByText(bookedBy: string | null): string {
  if (!bookedBy) return 'Your calendar (not booked by the assistant)';
  if (bookedBy === 'homerounds-assistant') return 'Your AI assistant';
  return bookedBy;
}

const LONG_DATE = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

export function VisitSheet({ event, onClose }: VisitSheetProps) {
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
    ? 'All day'
    : `${LONG_DATE.format(new Date(event.start))}, ${formatTimeRange(event.start, event.end)}`;
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
            Close
          </button>
        </div>
        <dl className="visit-sheet__facts">
          <div>
            <dt>Time</dt>
            <dd>{when}</dd>
          </div>
          {visit.patient ? (
            <div>
              <dt>Patient</dt>
              <dd>{visit.patient}</dd>
            </div>
          ) : null}
          <div>
            <dt>Visit type</dt>
            <dd>{visit.visitType ?? (visit.patient ? 'Visit' : event.title)}</dd>
          </div>
          {visit.address ? (
            <div>
              <dt>Address</dt>
              <dd>
                {visit.address}
                <br />
                <a
                  className="text-link visit-sheet__directions"
                  href={directionsUrl(visit.address)}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Directions to {visit.address}
                  <span className="visually-hidden"> (opens your maps app)</span>
                </a>
              </dd>
            </div>
          ) : null}
          {visit.phone ? (
            <div>
              <dt>Phone</dt>
              <dd>
                <a className="text-link" href={telHref(visit.phone)}>
                  Call {visit.phone}
                </a>
              </dd>
            </div>
          ) : null}
          {visit.window ? (
            <div>
              <dt>Patient's time window</dt>
              <dd>
                {formatMinutes(visit.window.start)} – {formatMinutes(visit.window.end)}
              </dd>
            </div>
          ) : null}
          {event.confirmation ? (
            <div className="visit-sheet__confirmation">
              <dt>Confirmation call</dt>
              <dd>
                <ConfirmationMark confirmation={event.confirmation} />
                {extraDetail(event.confirmation) ? (
                  <span className="visit-sheet__detail">{extraDetail(event.confirmation)}</span>
                ) : null}
                {event.confirmation.late ? (
                  <span className="visit-sheet__detail">Reported after the evening's calls ended</span>
                ) : null}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Booked by</dt>
            <dd>{bookedByText(visit.bookedBy)}</dd>
          </div>
        </dl>
        {visit.notes ? (
          <>
            <h3 className="visit-sheet__notes-title">Notes</h3>
            <p className="visit-sheet__notes">{visit.notes}</p>
          </>
        ) : null}
        {visit.reasons.length > 0 && !event.allDay ? (
          <details className="visit-sheet__why">
            <summary>{visit.patient ? 'Why is this a visit?' : 'Why is this not a visit?'}</summary>
            <ul>
              {visit.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <p className="visit-sheet__why-fix">
              {visit.patient
                ? 'Wrong? In Patients, mark this name “Not a patient”: it will not be planned or called again.'
                : 'A patient visit? Write the patient’s name in the event’s title, or add them in Patients.'}
            </p>
          </details>
        ) : null}
      </div>
    </dialog>
  );
}
