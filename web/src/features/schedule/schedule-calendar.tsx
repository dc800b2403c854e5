// The calendar of the schedule panel: FullCalendar 7 with an agenda (today and the coming days, one
// readable line per visit: time range, patient, visit type, address, window), month, week and day.
// Phones open on the agenda, wider screens on the month (spec §2); week and day open at working hours
// with a current-time line and show the patient. At most 3 events per month cell ("more" opens a
// popover). A tap, click or Enter on an event opens its visit sheet (no navigation); closing it puts
// focus back on the event. The view switchers follow the WAI-ARIA tabs pattern (arrow keys, Home, End,
// one tab stop). Titles and descriptions are untrusted provider text: React text nodes only, never HTML.
// A visit with an evening confirmation status carries its mark (icon + text; icon only in month chips).
// In Spanish FullCalendar gets its Spanish locale (its own chunk, loaded only then) and our texts come from
// the catalog; the week starts on Sunday in both languages, as the clinician's US calendar does.
import FullCalendar, { type LocaleInput } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { type KeyboardEvent, use, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CalendarEvent } from '../../../../core/calendar/index.ts';
import { toVisit } from '../../../../core/visits/visits.ts';
import type { ScheduleCalendarEvent } from '../../../../machines/schedule/index.ts';
import { appNow } from '../../app/clock.ts';
import { formatMinutes, formatTime, formatTimeRange } from '../../components/time-format.ts';
import { useLocale } from '../../i18n/i18n-provider.tsx';
import type { Locale } from '../../i18n/locales.ts';
import { useT } from '../../i18n/use-t.ts';
import { ConfirmationMark } from './confirmation-mark.tsx';
import { clinicianTimeZone, VisitSheet } from './visit-sheet.tsx';

export const EVENT_COLOR = '#1d4ed8';
export const DAY_MAX_EVENTS = 3;
/** The agenda covers today and the coming days. */
export const AGENDA_DAYS = 7;
/** Below this width the dashboard opens on the agenda. */
export const PHONE_MEDIA_QUERY = '(max-width: 699px)';
/** Week and day show at least these working hours (wider when a visit falls outside). */
export const WORKDAY_START_HOUR = 7;
export const WORKDAY_END_HOUR = 19;

const PLUGINS = [listPlugin, dayGridPlugin, timeGridPlugin, classicThemePlugin];
const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'agenda,dayGridMonth,timeGridWeek,timeGridDay' };
const VIEWS = {
  agenda: { type: 'list', duration: { days: AGENDA_DAYS } },
};

/** FullCalendar's own texts (month names, "more", hints) in the dashboard's language; English is built in. */
const calendarLocales = new Map<Locale, Promise<LocaleInput | undefined>>();
/**
 * One promise per language: React's use() reads it synchronously once it has settled. A chunk that cannot load
 * (offline before it was cached) leaves FullCalendar's built-in English for this page rather than no calendar
 * (our own texts stay Spanish).
 */
function calendarLocale(locale: Locale): Promise<LocaleInput | undefined> | undefined {
  if (locale !== 'es') return undefined;
  let loading = calendarLocales.get(locale);
  if (!loading) {
    loading = import('@fullcalendar/react/locales/es').then(
      (m) => m.default,
      () => undefined,
    );
    calendarLocales.set(locale, loading);
  }
  return loading;
}

export interface ScheduleCalendarProps {
  events: readonly ScheduleCalendarEvent[];
  /** Initial date shown (default: today). */
  initialDate?: string;
  /** Initial view (default: the agenda on a phone, else the month). */
  initialView?: 'agenda' | 'dayGridMonth' | 'timeGridWeek' | 'timeGridDay';
}

function isPhone(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_MEDIA_QUERY).matches
    : false;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Hours shown by week and day: working hours, widened to every timed event (in the clinician's zone). */
export function visibleHours(events: readonly CalendarEvent[]): { slotMinTime: string; slotMaxTime: string } {
  let first = WORKDAY_START_HOUR * 60;
  let last = WORKDAY_END_HOUR * 60;
  for (const event of events) {
    if (event.allDay) continue;
    const start = new Date(event.start);
    const end = new Date(event.end || event.start);
    if (Number.isNaN(start.getTime())) continue;
    const startMinute = start.getHours() * 60 + start.getMinutes();
    const sameDay = end.toDateString() === start.toDateString();
    const endMinute = sameDay ? end.getHours() * 60 + end.getMinutes() : 24 * 60;
    first = Math.min(first, startMinute);
    last = Math.max(last, endMinute);
  }
  const from = Math.floor(first / 60);
  const to = Math.min(24, Math.ceil(last / 60));
  return { slotMinTime: `${pad(from)}:00:00`, slotMaxTime: `${pad(to)}:00:00` };
}

/** WAI-ARIA tabs: arrow keys (and Home/End) move between the view tabs and select the one reached. */
function onTabKeyDown(event: KeyboardEvent<HTMLDivElement>) {
  const target = event.target as HTMLElement;
  if (target.getAttribute('role') !== 'tab') return;
  const list = target.closest('[role=tablist]') ?? target.parentElement;
  if (!list) return;
  const tabs = [...list.querySelectorAll<HTMLElement>('[role=tab]')];
  const index = tabs.indexOf(target);
  if (index < 0) return;
  const next =
    event.key === 'ArrowRight' || event.key === 'ArrowDown'
      ? tabs[(index + 1) % tabs.length]
      : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
        ? tabs[(index - 1 + tabs.length) % tabs.length]
        : event.key === 'Home'
          ? tabs[0]
          : event.key === 'End'
            ? tabs[tabs.length - 1]
            : undefined;
  if (!next) return;
  event.preventDefault();
  next.click();
  next.focus();
}

/** One tab stop for the tabs: the selected one is focusable, the others by arrow keys only. */
function rovingTabIndex(root: HTMLElement | null) {
  if (!root) return;
  for (const tab of root.querySelectorAll<HTMLElement>('[role=tab]')) {
    tab.tabIndex = tab.getAttribute('aria-selected') === 'true' ? 0 : -1;
  }
}

export function ScheduleCalendar({ events, initialDate, initialView }: ScheduleCalendarProps) {
  const t = useT();
  const { locale } = useLocale();
  // Suspends (the panel's "Loading your calendar...") the first time, until the locale's chunk is here.
  const loading = calendarLocale(locale);
  const fcLocale = loading ? use(loading) : undefined;
  const buttons = useMemo(
    () => ({ agenda: { text: t('schedule.calendar.agenda'), hint: t('schedule.calendar.agendaHint') } }),
    [t],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [startView] = useState(() => initialView ?? (isPhone() ? 'agenda' : 'dayGridMonth'));
  const timeZone = useMemo(clinicianTimeZone, []);
  const byId = useMemo(() => new Map(events.map((event) => [event.id, event])), [events]);
  const hours = useMemo(() => visibleHours(events), [events]);
  const inputs = useMemo(
    () =>
      events.map((event) => ({
        id: event.id,
        title: event.title,
        start: event.start,
        end: event.end || undefined,
        allDay: event.allDay,
        extendedProps: { description: event.description ?? '', location: event.location ?? '' },
      })),
    [events],
  );

  const open = useCallback((id: string, from: HTMLElement | null) => {
    returnFocus.current = from;
    setOpenId(id);
  }, []);
  const close = useCallback(() => {
    setOpenId(null);
    const back = returnFocus.current;
    returnFocus.current = null;
    // Back where it was; if the calendar re-rendered the event meanwhile, to its new element.
    queueMicrotask(() => {
      if (back?.isConnected) back.focus();
      else rootRef.current?.querySelector<HTMLElement>('[role=heading][aria-level="2"]')?.focus();
    });
  }, []);

  // Tabs re-render with every view change: keep one tab stop.
  useEffect(() => {
    const root = rootRef.current;
    rovingTabIndex(root);
    if (!root) return;
    const observer = new MutationObserver(() => rovingTabIndex(root));
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['aria-selected'], childList: true });
    return () => observer.disconnect();
  }, []);

  const openEvent = openId ? byId.get(openId) : undefined;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: keyboard handling delegated from FullCalendar's tab buttons
    <div className="schedule-calendar" ref={rootRef} onKeyDown={onTabKeyDown}>
      <FullCalendar
        plugins={PLUGINS}
        views={VIEWS}
        locale={fcLocale}
        firstDay={0}
        buttons={buttons}
        initialView={startView}
        initialDate={initialDate}
        headerToolbar={TOOLBAR}
        events={inputs}
        dayMaxEvents={DAY_MAX_EVENTS}
        eventColor={EVENT_COLOR}
        eventDisplay="block"
        // Today and the current-time line on the app's clock (the local platform may run it from another instant).
        now={appNow}
        nowIndicator
        nowIndicatorLineClass="schedule-now"
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        // The hour labels of week and day in the app's one time format ("7:00 AM", not "7am").
        slotHeaderContent={(arg) =>
          arg.isTime && arg.time
            ? formatMinutes(Math.round((arg.time.days * 86_400_000 + arg.time.milliseconds) / 60_000))
            : arg.text
        }
        listDayFormat={{ weekday: 'long' }}
        listDayAltFormat={{ month: 'long', day: 'numeric' }}
        noEventsText={t('schedule.calendar.noVisits')}
        viewHint={(buttonText: string, viewName: string) =>
          t('schedule.calendar.viewHint', {
            view: viewName,
            text: locale === 'en' ? buttonText : buttonText.toLocaleLowerCase(locale),
          })
        }
        // The accessible name must contain the visible text "Today" (WCAG 2.5.3); the default is "This Month".
        // FullCalendar's unit is its button's text ("Month", "Mes"): English keeps it, mid-sentence Spanish lowers it.
        // A view without a single unit (the agenda's days) has neither: plain "Today".
        todayHint={(unitText: string | undefined, unit: string | undefined) =>
          t('schedule.calendar.todayHint', {
            unit: unit && unitText ? unit : 'none',
            unitText: locale === 'en' ? unitText : unitText?.toLocaleLowerCase(locale),
          })
        }
        // Every view grows with its content: a fixed-height time grid would be a scroll container inside
        // FullCalendar's table roles, which can be neither keyboard-focusable nor valid ARIA there.
        height="auto"
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          // Spec §2: clicking an event logs it and navigates nowhere; the visit sheet opens in place.
          console.log('[schedule] event clicked:', {
            id: info.event.id,
            title: info.event.title,
            start: info.event.start?.toString() ?? null,
            end: info.event.end?.toString() ?? null,
          });
          const from =
            document.activeElement instanceof HTMLElement && info.el.contains(document.activeElement)
              ? document.activeElement
              : info.el;
          open(info.event.id, from);
        }}
        eventContent={(arg) => {
          const source = byId.get(arg.event.id);
          if (!source) return <span className="schedule-event">{arg.event.title}</span>;
          const visit = toVisit(source, timeZone);
          const time = source.allDay ? t('schedule.allDay') : formatTimeRange(source.start, source.end);
          const window = visit.window
            ? `${formatMinutes(visit.window.start)} – ${formatMinutes(visit.window.end)}`
            : '';
          const viewType = arg.view.type;
          if (viewType === 'agenda' || viewType.startsWith('list')) {
            // One readable line per visit (it wraps rather than truncates).
            return (
              <span className="agenda-event">
                <span className="agenda-event__time">{time}</span>
                <span className="agenda-event__who">{visit.patient ?? source.title}</span>
                {source.confirmation ? <ConfirmationMark confirmation={source.confirmation} /> : null}
                {visit.visitType ? <span className="agenda-event__type">{visit.visitType}</span> : null}
                {visit.address ? <span className="agenda-event__address">{visit.address}</span> : null}
                {window ? <span className="agenda-event__window">{t('schedule.window', { window })}</span> : null}
              </span>
            );
          }
          if (viewType.startsWith('timeGrid')) {
            return (
              <span className="schedule-event schedule-event--block">
                <span className="schedule-event__who">{visit.patient ?? source.title}</span>
                <span className="schedule-event__time">{time}</span>
                {source.confirmation ? <ConfirmationMark confirmation={source.confirmation} /> : null}
                {visit.visitType ? <span className="schedule-event__type">{visit.visitType}</span> : null}
              </span>
            );
          }
          const description = String(arg.event.extendedProps.description ?? '');
          return (
            <span className="schedule-event" title={description || undefined}>
              {source.confirmation ? <ConfirmationMark confirmation={source.confirmation} compact /> : null}
              {source.allDay ? null : <span className="schedule-event__time">{formatTime(source.start)} </span>}
              <span className="schedule-event__title">{visit.patient ?? source.title}</span>
              {visit.visitType ? <span className="visually-hidden">, {visit.visitType}</span> : null}
            </span>
          );
        }}
      />
      {openEvent ? <VisitSheet key={openEvent.id} event={openEvent} onClose={close} /> : null}
    </div>
  );
}
