// The Mileage view of the schedule panel (loaded lazily): a month of the mileage log (machines/mileage-month over the
// server's `mileage` function), one row per day with its legs to expand (home → each visit in the calendar's final
// order → home, miles and minutes, road or approximate, the commute legs marked), "Not driven as planned" per day with
// the miles driven instead and why, the month's totals, the rate and the reimbursement, "Download CSV" (the file the
// CLI prints too) and a print-friendly page. Numbers, money and dates in the dashboard's language; patient names are
// calendar or patient-list text, rendered as React text only.
import { type FormEvent, Fragment, useEffect, useId, useRef, useState } from 'react';
import type { MileageDay, MileageLeg, MileageMonth, MileageStop } from '../../../../core/mileage/mileage.types.ts';
import { MILEAGE_MONTH_MESSAGES, type MileageMonthPorts } from '../../../../machines/mileage-month/index.ts';
import { pageMileagePorts } from '../../adapters/mileage.ts';
import { appNow } from '../../app/clock.ts';
import { Spinner } from '../../components/spinner.tsx';
import { translateMachineText } from '../../i18n/machine-text.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';
import { browserSaveFile, mileageCsvFile, type SaveFile } from './mileage-download.ts';
import { useMileageMonth } from './use-mileage-month.ts';
import './mileage.css';

export interface MileageViewProps {
  onClose(): void;
  /** The month shown first (default: this month on the page's clock). */
  month?: string;
  /** The page's client (default: main.tsx's); null: no server here. */
  ports?: MileageMonthPorts | null;
  /** Saves the CSV (default: the browser's download). */
  saveFile?: SaveFile;
  /** Prints the page (default: window.print). */
  print?: () => void;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** This month on the page's clock, as YYYY-MM. */
function thisMonth(): string {
  const now = appNow();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

const utc = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d || 1);
};

/** The formatters of the chosen language. */
function formats(t: Translate) {
  const { intl } = t;
  const miles = (value: number) =>
    t('mileage.miles', { miles: intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) });
  return {
    miles,
    minutes: (value: number) => t('mileage.minutes', { minutes: intl.formatNumber(Math.round(value)) }),
    money: (dollars: number) => intl.formatNumber(dollars, { style: 'currency', currency: 'USD' }),
    perMile: (cents: number) =>
      intl.formatNumber(cents / 100, {
        style: 'currency',
        currency: 'USD',
        minimumFractionDigits: 2,
        maximumFractionDigits: 3,
      }),
    month: (month: string) => intl.formatDate(utc(`${month}-01`), { month: 'long', year: 'numeric', timeZone: 'UTC' }),
    day: (day: string) =>
      intl.formatDate(utc(day), { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }),
    stop: (stop: MileageStop) => {
      if (stop.kind === 'home') return t('mileage.home');
      const [h, m] = stop.time.split(':').map(Number) as [number, number];
      const time = intl.formatTime(Date.UTC(2000, 0, 1, h, m), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
      return t('mileage.stop', { time, patient: stop.patient });
    },
  };
}

export function MileageView({ onClose, month, ports, saveFile, print }: MileageViewProps) {
  const t = useT();
  const f = formats(t);
  const controls = useMileageMonth(ports === undefined ? pageMileagePorts() : ports, month ?? thisMonth());
  const [picked, setPicked] = useState<string | null>(null);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const monthId = useId();

  // Opening moves focus to the heading; Escape anywhere inside goes back to the calendar.
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

  // A saved edit closes its form; a refused one keeps it open with the reason said.
  const status = controls?.status;
  const saveError = controls?.saveError ?? null;
  useEffect(() => {
    if (status === 'ready' && saveError === null) setEditing(null);
  }, [status, saveError]);

  const shown = controls?.month ?? month ?? thisMonth();
  const monthValue = picked ?? shown;
  const showMonth = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (MONTH.test(monthValue) && monthValue !== shown) {
      setOpen(new Set());
      setEditing(null);
      controls?.showMonth(monthValue);
    }
  };
  const machineText = (text: string) => translateMachineText(t, 'machines.mileageMonth', MILEAGE_MONTH_MESSAGES, text);
  const log = controls?.log ?? null;

  return (
    <section ref={rootRef} className="mileage-view" aria-labelledby="mileage-view-title" data-mileage-month={shown}>
      <div className="mileage-view__header">
        <h3 id="mileage-view-title" ref={headingRef} tabIndex={-1}>
          {t('mileage.title', { month: f.month(shown) })}
        </h3>
        <button type="button" className="button button--secondary mileage-no-print" onClick={onClose}>
          {t('mileage.backToCalendar')}
        </button>
      </div>

      {controls === null ? <p className="mileage-view__problem">{t('mileage.notAvailable')}</p> : null}

      {controls ? (
        <form className="mileage-view__month mileage-no-print" onSubmit={showMonth}>
          <label htmlFor={monthId}>{t('mileage.monthLabel')}</label>
          <input
            id={monthId}
            type="month"
            required
            pattern="\d{4}-\d{2}"
            value={monthValue}
            onChange={(event) => setPicked(event.currentTarget.value)}
          />
          <button type="submit" className="button button--secondary">
            {t('mileage.show')}
          </button>
        </form>
      ) : null}

      {controls?.status === 'loading' ? <Spinner label={machineText(MILEAGE_MONTH_MESSAGES.loading)} /> : null}

      {controls?.status === 'failed' ? (
        <p className="mileage-view__problem" role="alert">
          {controls.message ? machineText(controls.message) : null}{' '}
          <button type="button" className="button button--secondary" onClick={controls.retry}>
            {t('mileage.tryAgain')}
          </button>
        </p>
      ) : null}

      {controls?.saveError && editing === null ? (
        <p className="mileage-view__problem" role="status">
          {machineText(controls.saveError)}
        </p>
      ) : null}

      {controls && log && log.month === shown ? (
        <MonthLog
          log={log}
          t={t}
          f={f}
          open={open}
          onToggle={(day) =>
            setOpen((before) => {
              const next = new Set(before);
              if (next.has(day)) next.delete(day);
              else next.add(day);
              return next;
            })
          }
          editing={editing}
          onEdit={setEditing}
          saving={controls.status === 'savingDay' ? controls.savingDay : null}
          saveError={controls.saveError ? machineText(controls.saveError) : null}
          onSave={controls.saveDay}
          onDownload={() => {
            const file = mileageCsvFile(log);
            (saveFile ?? browserSaveFile)(file.filename, file.text);
          }}
          onPrint={print ?? (() => window.print())}
        />
      ) : null}
    </section>
  );
}

interface MonthLogProps {
  log: MileageMonth;
  t: Translate;
  f: ReturnType<typeof formats>;
  open: ReadonlySet<string>;
  onToggle(day: string): void;
  editing: string | null;
  onEdit(day: string | null): void;
  saving: string | null;
  saveError: string | null;
  onSave(save: { day: string; drivenMiles: number | null; reason: string }): void;
  onDownload(): void;
  onPrint(): void;
}

function MonthLog({
  log,
  t,
  f,
  open,
  onToggle,
  editing,
  onEdit,
  saving,
  saveError,
  onSave,
  onDownload,
  onPrint,
}: MonthLogProps) {
  const rate =
    log.rate.kind === 'agency' ? t('mileage.rateAgency') : t('mileage.rateIrs', { year: String(log.rate.year ?? '') });
  return (
    <>
      <p className="mileage-view__note">{t('mileage.howCounted')}</p>
      {log.days.length === 0 ? (
        <p className="mileage-view__empty">{t('mileage.empty')}</p>
      ) : (
        <table className="mileage-days">
          <caption>{t('mileage.daysTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('mileage.col.day')}</th>
              <th scope="col">{t('mileage.col.visits')}</th>
              <th scope="col">{t('mileage.col.planned')}</th>
              <th scope="col">{t('mileage.col.counted')}</th>
              <th scope="col">{t('mileage.col.distance')}</th>
              <th scope="col" className="mileage-no-print">
                {t('mileage.col.actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {log.days.map((day) => (
              <DayRows
                key={day.day}
                day={day}
                t={t}
                f={f}
                open={open.has(day.day)}
                onToggle={() => onToggle(day.day)}
                editing={editing === day.day}
                onEdit={(on) => onEdit(on ? day.day : null)}
                saving={saving === day.day}
                saveError={editing === day.day ? saveError : null}
                onSave={onSave}
              />
            ))}
          </tbody>
        </table>
      )}
      <dl className="mileage-totals" aria-label={t('mileage.totals')}>
        <div>
          <dt>{t('mileage.totalMiles')}</dt>
          <dd data-testid="mileage-total">{f.miles(log.totalMiles)}</dd>
        </div>
        <div>
          <dt>{t('mileage.totalPlanned')}</dt>
          <dd>{f.miles(log.plannedMiles)}</dd>
        </div>
        <div>
          <dt>{t('mileage.totalMinutes')}</dt>
          <dd>{f.minutes(log.totalMinutes)}</dd>
        </div>
        <div>
          <dt>{t('mileage.rate')}</dt>
          <dd>
            {t('mileage.ratePerMile', { amount: f.perMile(log.rate.centsPerMile) })} ({rate})
          </dd>
        </div>
        <div>
          <dt>{t('mileage.reimbursement')}</dt>
          <dd data-testid="mileage-reimbursement">{f.money(log.reimbursement)}</dd>
        </div>
      </dl>
      {log.days.some((d) => d.upcoming) ? <p className="mileage-view__note">{t('mileage.upcomingNote')}</p> : null}
      <p className="mileage-view__note">{t('mileage.privacy')}</p>
      <div className="mileage-view__actions mileage-no-print">
        <button type="button" className="button button--primary" onClick={onDownload}>
          {t('mileage.download')}
        </button>
        <button type="button" className="button button--secondary" onClick={onPrint}>
          {t('mileage.print')}
        </button>
      </div>
    </>
  );
}

interface DayRowsProps {
  day: MileageDay;
  t: Translate;
  f: ReturnType<typeof formats>;
  open: boolean;
  onToggle(): void;
  editing: boolean;
  onEdit(on: boolean): void;
  saving: boolean;
  saveError: string | null;
  onSave(save: { day: string; drivenMiles: number | null; reason: string }): void;
}

function DayRows({ day, t, f, open, onToggle, editing, onEdit, saving, saveError, onSave }: DayRowsProps) {
  const legsId = useId();
  const label = f.day(day.day);
  const notes = [
    day.edit ? t('mileage.edited', { reason: day.edit.reason }) : null,
    day.edit ? t('mileage.plannedWas', { miles: f.miles(day.plannedMiles) }) : null,
    day.countsHomeLegs ? null : t('mileage.noHome'),
    day.unplaced > 0 ? t('mileage.unplaced', { count: day.unplaced }) : null,
  ].filter((note): note is string => note !== null);
  return (
    <Fragment>
      <tr className={day.upcoming ? 'mileage-day mileage-day--upcoming' : 'mileage-day'} data-day={day.day}>
        <th scope="row">{label}</th>
        <td>{t('mileage.visits', { count: day.visits })}</td>
        <td>{f.miles(day.plannedMiles)}</td>
        <td>{day.upcoming ? t('mileage.upcoming') : f.miles(day.miles)}</td>
        <td>{day.roadBased ? t('mileage.road') : t('mileage.approximate')}</td>
        <td className="mileage-no-print">
          <button
            type="button"
            className="button button--secondary"
            aria-expanded={open}
            aria-controls={legsId}
            onClick={onToggle}
          >
            {t('mileage.showLegs', { day: label })}
          </button>{' '}
          {day.upcoming ? null : (
            <button
              type="button"
              className="button button--secondary"
              aria-expanded={editing}
              onClick={() => onEdit(!editing)}
            >
              {t('mileage.notAsPlanned')}
            </button>
          )}
        </td>
      </tr>
      {notes.length > 0 ? (
        <tr className="mileage-day__notes">
          <td colSpan={6}>{notes.join(' ')}</td>
        </tr>
      ) : null}
      {editing ? (
        <tr className="mileage-no-print">
          <td colSpan={6}>
            <DayEdit
              day={day}
              label={label}
              t={t}
              saving={saving}
              saveError={saveError}
              onSave={onSave}
              onCancel={() => onEdit(false)}
            />
          </td>
        </tr>
      ) : null}
      <tr id={legsId} className="mileage-legs" hidden={!open}>
        <td colSpan={6}>
          <table className="mileage-legs__table">
            <caption>{t('mileage.legsTable', { day: label })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('mileage.col.from')}</th>
                <th scope="col">{t('mileage.col.to')}</th>
                <th scope="col">{t('mileage.col.miles')}</th>
                <th scope="col">{t('mileage.col.minutes')}</th>
                <th scope="col">{t('mileage.col.distance')}</th>
              </tr>
            </thead>
            <tbody>
              {day.legs.map((leg) => (
                <LegRow key={`${stopKey(leg.from, 'from')}>${stopKey(leg.to, 'to')}`} leg={leg} t={t} f={f} />
              ))}
            </tbody>
          </table>
        </td>
      </tr>
    </Fragment>
  );
}

/** A leg's end as a key: times rise through a day, so the home's place (start or end) and the time are enough. */
const stopKey = (stop: MileageStop, end: 'from' | 'to') => (stop.kind === 'home' ? `home-${end}` : stop.time);

function LegRow({ leg, t, f }: { leg: MileageLeg; t: Translate; f: ReturnType<typeof formats> }) {
  const commute = leg.fromHome ? t('mileage.fromHome') : leg.toHome ? t('mileage.toHome') : null;
  return (
    <tr data-commute={leg.fromHome ? 'from-home' : leg.toHome ? 'to-home' : undefined}>
      <td>{f.stop(leg.from)}</td>
      <td>
        {f.stop(leg.to)}
        {commute ? <span className="mileage-legs__commute"> · {commute}</span> : null}
      </td>
      <td>{f.miles(leg.miles)}</td>
      <td>{f.minutes(leg.minutes)}</td>
      <td>{leg.roadBased ? t('mileage.road') : t('mileage.approximate')}</td>
    </tr>
  );
}

interface DayEditProps {
  day: MileageDay;
  label: string;
  t: Translate;
  saving: boolean;
  saveError: string | null;
  onSave(save: { day: string; drivenMiles: number | null; reason: string }): void;
  onCancel(): void;
}

function DayEdit({ day, label, t, saving, saveError, onSave, onCancel }: DayEditProps) {
  const [miles, setMiles] = useState(String(day.edit?.miles ?? day.plannedMiles));
  const [reason, setReason] = useState(day.edit?.reason ?? '');
  const milesId = useId();
  const reasonId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = Number(miles);
    if (!Number.isFinite(value) || value < 0 || !reason.trim()) return;
    onSave({ day: day.day, drivenMiles: value, reason: reason.trim() });
  };
  return (
    <form className="mileage-edit" onSubmit={submit}>
      <fieldset disabled={saving}>
        <legend>{t('mileage.editLegend', { day: label })}</legend>
        <label htmlFor={milesId}>{t('mileage.editMiles')}</label>
        <input
          id={milesId}
          type="number"
          inputMode="decimal"
          min={0}
          max={2000}
          step={0.1}
          required
          value={miles}
          onChange={(event) => setMiles(event.currentTarget.value)}
        />
        <label htmlFor={reasonId}>{t('mileage.editReason')}</label>
        <input
          id={reasonId}
          type="text"
          maxLength={200}
          required
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
        <div className="mileage-edit__actions">
          <button type="submit" className="button button--primary">
            {saving ? t('mileage.saving') : t('mileage.save')}
          </button>
          {day.edit ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => onSave({ day: day.day, drivenMiles: null, reason: '' })}
            >
              {t('mileage.usePlan')}
            </button>
          ) : null}
          <button type="button" className="button button--secondary" onClick={onCancel}>
            {t('mileage.cancel')}
          </button>
        </div>
        {saveError ? (
          <p className="mileage-view__problem" role="alert">
            {saveError}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
