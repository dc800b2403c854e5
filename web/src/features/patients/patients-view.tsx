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
import { PATIENT_LIST_MESSAGES, type PatientListPorts } from '../../../../machines/patient-list/index.ts';
import { type PatientLinker, pagePatientLinker, pagePatients } from '../../adapters/patients.ts';
import { Spinner } from '../../components/spinner.tsx';
import { formatClock } from '../../components/time-format.ts';
import { translateMachineText } from '../../i18n/machine-text.ts';
import { useT } from '../../i18n/use-t.ts';
import { OnlineOnly } from '../../offline/online-only.tsx';
import { clinicianTimeZone } from '../schedule/visit-sheet.tsx';
import { saveErrorText } from './save-error-text.ts';
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
  const t = useT();
  const patients = store === undefined ? pagePatients() : store;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="patients-view" aria-labelledby="patients-view-title">
      <div className="patients-view__header">
        <h3 id="patients-view-title" ref={headingRef} tabIndex={-1}>
          {t('patients.title')}
        </h3>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('patients.backToCalendar')}
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
        <p className="patients-view__problem">{t('patients.notAvailable')}</p>
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
  const t = useT();
  const list = usePatientList(store);
  useLinkSweep(linker, events, list.status === 'ready', list.patients, onLinked);
  const suggestions = useMemo(
    () => (list.status === 'ready' || list.status === 'saving' ? suggestPatients(events, timeZone, list.known) : []),
    [events, timeZone, list.status, list.known],
  );
  const said = (text: string) => translateMachineText(t, 'machines.patientList', PATIENT_LIST_MESSAGES, text);
  if (list.status === 'loading') return <Spinner label={said(list.message ?? PATIENT_LIST_MESSAGES.loading)} />;
  if (list.status === 'failed') {
    return (
      <p className="patients-view__problem" role="alert">
        {list.message ? said(list.message) : null}{' '}
        <button type="button" className="button button--secondary" onClick={list.reload}>
          {t('patients.tryAgain')}
        </button>
      </p>
    );
  }
  return (
    <>
      {list.saveError ? (
        <p className="patients-view__problem" role="alert">
          {saveErrorText(t, list.saveError)}
        </p>
      ) : null}

      <h4>{t('patients.suggested')}</h4>
      {/* Offline, adding a patient says it needs a connection (the kept list stays readable below). */}
      <OnlineOnly notice="patients">
        {suggestions.length === 0 ? (
          <p className="patients-view__empty">{t('patients.noSuggestions')}</p>
        ) : (
          <ul className="patient-cards" aria-label={t('patients.suggestedList')}>
            {suggestions.map((s) => (
              <SuggestionCard key={s.name_key} suggestion={s} list={list} />
            ))}
          </ul>
        )}
      </OnlineOnly>

      <h4>{t('patients.patients')}</h4>
      {list.patients.length === 0 ? (
        <p className="patients-view__empty">{t('patients.noPatients')}</p>
      ) : (
        <ul className="patient-cards" aria-label={t('patients.patients')}>
          {list.patients.map((p) => (
            <PatientCard key={p.id} patient={p} list={list} />
          ))}
        </ul>
      )}

      {list.notPatients.length > 0 ? (
        <>
          <h4>{t('patients.notPatients')}</h4>
          <ul className="patient-cards" aria-label={t('patients.notPatients')}>
            {list.notPatients.map((p) => (
              <li key={p.id} className="patient-card">
                <p className="patient-card__name">{p.full_name}</p>
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={list.status === 'saving'}
                  onClick={() => list.save({ kind: 'update', id: p.id, changes: { status: 'patient' } })}
                >
                  {t('patients.isPatient')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p className="patients-view__note">{t('patients.privacy')}</p>
    </>
  );
}

function SuggestionCard({ suggestion, list }: { suggestion: PatientSuggestion; list: PatientList }) {
  const t = useT();
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
      <p className="patient-card__detail">{t('patients.visitsOnCalendar', { count: visits })}</p>
      <div className="patient-card__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={() => answer('patient')}>
          {t('patients.add')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => answer('not_patient')}
        >
          {t('patients.notPatient')}
        </button>
      </div>
    </li>
  );
}

function PatientCard({ patient, list }: { patient: PatientRecord; list: PatientList }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const window =
    patient.window_start && patient.window_end
      ? t('patients.prefers', { from: formatClock(patient.window_start), to: formatClock(patient.window_end) })
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
            <p className="patient-card__detail patient-card__detail--warning">{t('patients.approximate')}</p>
          ) : null}
          <p className="patient-card__detail">
            {t(patient.automated_calls_consent ? 'patients.consents' : 'patients.noCalls')}
          </p>
          <div className="patient-card__actions">
            <button type="button" className="button button--secondary" onClick={() => setEditing(true)}>
              {t('patients.edit')}
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
  const t = useT();
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
    <form className="patient-form" onSubmit={submit} aria-label={t('patients.form.label', { name: patient.full_name })}>
      {field('full_name', t('patients.form.name'))}
      {field('address', t('patients.form.address'))}
      {field('phone', t('patients.form.phone'), 'tel')}
      <fieldset className="patient-form__window">
        <legend>{t('patients.form.window')}</legend>
        {field('window_start', t('patients.form.from'), 'time')}
        {field('window_end', t('patients.form.to'), 'time')}
      </fieldset>
      {field('language', t('patients.form.language'))}
      <div className="patient-form__field">
        <label htmlFor={`${id}-notes`}>{t('patients.form.notes')}</label>
        <textarea id={`${id}-notes`} name="notes" rows={3} defaultValue={patient.notes ?? ''} />
      </div>
      <div className="patient-form__check">
        <input
          id={`${id}-consent`}
          name="automated_calls_consent"
          type="checkbox"
          defaultChecked={patient.automated_calls_consent}
        />
        <label htmlFor={`${id}-consent`}>{t('patients.consents')}</label>
      </div>
      <div className="patient-card__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('patients.form.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('patients.form.cancel')}
        </button>
      </div>
    </form>
  );
}
