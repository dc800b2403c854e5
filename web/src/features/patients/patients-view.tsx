// The Patients view of the schedule panel (loaded lazily; phone-friendly: one column, large targets): the patients the
// calendar suggests (each added, or marked "Not a patient" so it is never suggested again), the confirmed patients
// with what the clinician keeps about them (address, phone, preferred window, language, notes, consent to automated
// calls), and the names marked not a patient (which can be taken back). Calendar text is rendered as React text only.
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CalendarEvent } from '../../../../core/calendar/index.ts';
import {
  type PatientChanges,
  type PatientRecord,
  type PatientSuggestion,
  suggestPatients,
} from '../../../../core/patients/patients.ts';
import type { PatientListPorts } from '../../../../machines/patient-list/index.ts';
import { type PatientLinker, pagePatientLinker, pagePatients } from '../../adapters/patients.ts';
import { Spinner } from '../../components/spinner.tsx';
import { formatClock } from '../../components/time-format.ts';
import { clinicianTimeZone } from '../schedule/visit-sheet.tsx';
import { useLinkSweep } from './use-link-sweep.ts';
import { type PatientList, usePatientList } from './use-patient-list.ts';
import './patients.css';

export interface PatientsViewProps {
  /** The schedule's loaded events (the next 30 days): where the suggestions come from. */
  events: readonly CalendarEvent[];
  onClose(): void;
  /** The list's store (default: the page's, main.tsx). */
  store?: PatientListPorts | null;
  timeZone?: string;
  /** Links events added before consent (default: the page's, main.tsx). */
  linker?: PatientLinker | null;
  /** Events were linked on the calendar (their etags changed): the schedule reloads them. */
  onCalendarChanged?(): void;
}

export function PatientsView({ events, onClose, store, timeZone, linker, onCalendarChanged }: PatientsViewProps) {
  const patients = store === undefined ? pagePatients() : store;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="patients-view" aria-labelledby="patients-view-title">
      <div className="patients-view__header">
        <h3 id="patients-view-title" ref={headingRef} tabIndex={-1}>
          Your patients
        </h3>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Back to calendar
        </button>
      </div>
      {patients ? (
        <PatientsContent
          events={events}
          store={patients}
          timeZone={timeZone ?? clinicianTimeZone()}
          linker={linker === undefined ? pagePatientLinker() : linker}
          onLinked={onCalendarChanged}
        />
      ) : (
        <p className="patients-view__problem">The patient list is not available here.</p>
      )}
    </section>
  );
}

function PatientsContent({
  events,
  store,
  timeZone,
  linker,
  onLinked,
}: {
  events: readonly CalendarEvent[];
  store: PatientListPorts;
  timeZone: string;
  linker: PatientLinker | null;
  onLinked?: () => void;
}) {
  const list = usePatientList(store);
  useLinkSweep(linker, events, list.status === 'ready', list.patients, onLinked);
  const suggestions = useMemo(
    () => (list.status === 'ready' || list.status === 'saving' ? suggestPatients(events, timeZone, list.known) : []),
    [events, timeZone, list.status, list.known],
  );
  if (list.status === 'loading') return <Spinner label={list.message ?? 'Loading your patients…'} />;
  if (list.status === 'failed') {
    return (
      <p className="patients-view__problem" role="alert">
        {list.message}{' '}
        <button type="button" className="button button--secondary" onClick={list.reload}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <>
      {list.saveError ? (
        <p className="patients-view__problem" role="alert">
          {list.saveError}
        </p>
      ) : null}

      <h4>Suggested from your calendar</h4>
      {suggestions.length === 0 ? (
        <p className="patients-view__empty">No new patients on your calendar.</p>
      ) : (
        <ul className="patient-cards" aria-label="Suggested patients">
          {suggestions.map((s) => (
            <SuggestionCard key={s.name_key} suggestion={s} list={list} />
          ))}
        </ul>
      )}

      <h4>Patients</h4>
      {list.patients.length === 0 ? (
        <p className="patients-view__empty">No patients yet: add them from the suggestions above.</p>
      ) : (
        <ul className="patient-cards" aria-label="Patients">
          {list.patients.map((p) => (
            <PatientCard key={p.id} patient={p} list={list} />
          ))}
        </ul>
      )}

      {list.notPatients.length > 0 ? (
        <>
          <h4>Not patients</h4>
          <ul className="patient-cards" aria-label="Not patients">
            {list.notPatients.map((p) => (
              <li key={p.id} className="patient-card">
                <p className="patient-card__name">{p.full_name}</p>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={list.status === 'saving'}
                  onClick={() => list.save({ kind: 'update', id: p.id, changes: { status: 'patient' } })}
                >
                  Is a patient
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="patients-view__note">
        Only you can see this list. It is kept in HomeRounds' database so your route plans and reminder calls use what
        you confirm here.
      </p>
    </>
  );
}

function SuggestionCard({ suggestion, list }: { suggestion: PatientSuggestion; list: PatientList }) {
  const answer = (status: PatientRecord['status']) =>
    list.save({
      kind: 'insert',
      record: {
        name_key: suggestion.name_key,
        status,
        full_name: suggestion.full_name,
        address: status === 'patient' ? suggestion.address : null,
        lat: null,
        lng: null,
        phone: status === 'patient' ? suggestion.phone : null,
        window_start: null,
        window_end: null,
        language: null,
        notes: null,
        automated_calls_consent: false,
      },
      ...(status === 'patient' ? { eventIds: suggestion.eventIds } : {}),
    });
  const busy = list.status === 'saving';
  const visits = suggestion.eventIds.length;
  return (
    <li className="patient-card" data-name-key={suggestion.name_key}>
      <p className="patient-card__name">{suggestion.full_name}</p>
      {suggestion.address ? <p className="patient-card__detail">{suggestion.address}</p> : null}
      <p className="patient-card__detail">
        {visits === 1 ? '1 visit on your calendar' : `${visits} visits on your calendar`}
      </p>
      <div className="patient-card__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => answer('patient')}>
          Add to my patients
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => answer('not_patient')}
        >
          Not a patient
        </button>
      </div>
    </li>
  );
}

function PatientCard({ patient, list }: { patient: PatientRecord; list: PatientList }) {
  const [editing, setEditing] = useState(false);
  const window =
    patient.window_start && patient.window_end
      ? `Prefers ${formatClock(patient.window_start)} – ${formatClock(patient.window_end)}`
      : null;
  return (
    <li className="patient-card" data-patient-id={patient.id}>
      <p className="patient-card__name">{patient.full_name}</p>
      {editing ? (
        <PatientForm
          patient={patient}
          busy={list.status === 'saving'}
          onSave={(changes) => {
            list.save({ kind: 'update', id: patient.id, changes });
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          {[patient.address, patient.phone, window, patient.language, patient.notes]
            .filter((line): line is string => Boolean(line))
            .map((line) => (
              <p key={line} className="patient-card__detail">
                {line}
              </p>
            ))}
          {patient.address && patient.location_approximate ? (
            <p className="patient-card__detail patient-card__detail--warning">
              Found only approximately on the map (near its ZIP code): check the address, or drives to it are estimates.
            </p>
          ) : null}
          <p className="patient-card__detail">
            {patient.automated_calls_consent ? 'Agrees to automated reminder calls' : 'No automated calls'}
          </p>
          <div className="patient-card__actions">
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              Edit
            </button>
          </div>
        </>
      )}
    </li>
  );
}

function PatientForm({
  patient,
  busy,
  onSave,
  onCancel,
}: {
  patient: PatientRecord;
  busy: boolean;
  onSave(changes: PatientChanges): void;
  onCancel(): void;
}) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    onSave({
      full_name: value('full_name'),
      address: value('address'),
      phone: value('phone'),
      window_start: value('window_start') || null,
      window_end: value('window_end') || null,
      language: value('language'),
      notes: value('notes'),
      automated_calls_consent: form.get('automated_calls_consent') === 'on',
    });
  };
  const field = (name: keyof PatientRecord, label: string, type = 'text') => (
    <div className="patient-form__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input id={`${id}-${name}`} name={name} type={type} defaultValue={String(patient[name] ?? '')} />
    </div>
  );
  return (
    <form className="patient-form" onSubmit={submit} aria-label={`Edit ${patient.full_name}`}>
      {field('full_name', 'Name')}
      {field('address', 'Address')}
      {field('phone', 'Phone', 'tel')}
      <fieldset className="patient-form__window">
        <legend>Preferred window</legend>
        {field('window_start', 'From', 'time')}
        {field('window_end', 'To', 'time')}
      </fieldset>
      {field('language', 'Language')}
      <div className="patient-form__field">
        <label htmlFor={`${id}-notes`}>Notes</label>
        <textarea id={`${id}-notes`} name="notes" rows={3} defaultValue={patient.notes ?? ''} />
      </div>
      <div className="patient-form__check">
        <input
          id={`${id}-consent`}
          name="automated_calls_consent"
          type="checkbox"
          defaultChecked={patient.automated_calls_consent}
        />
        <label htmlFor={`${id}-consent`}>Agrees to automated reminder calls</label>
      </div>
      <div className="patient-card__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          Save
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
