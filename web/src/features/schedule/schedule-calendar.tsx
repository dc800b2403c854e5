// The calendar of the schedule panel: FullCalendar 7 with month (initial), week and day views,
// at most 3 events per day cell ("more" opens a popover), blue events. Titles and descriptions are
// untrusted provider text: rendered as React text nodes only, never as HTML.
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import { useMemo } from 'react';
import type { CalendarEvent } from '../../../../core/calendar/index.ts';

export const EVENT_COLOR = '#1d4ed8';
export const DAY_MAX_EVENTS = 3;

const PLUGINS = [dayGridPlugin, timeGridPlugin, classicThemePlugin];
const TOOLBAR = { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay' };

export interface ScheduleCalendarProps {
  events: readonly CalendarEvent[];
  /** Initial date shown (default: today). */
  initialDate?: string;
}

export function ScheduleCalendar({ events, initialDate }: ScheduleCalendarProps) {
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

  return (
    <div className="schedule-calendar">
      <FullCalendar
        plugins={PLUGINS}
        initialView="dayGridMonth"
        initialDate={initialDate}
        headerToolbar={TOOLBAR}
        events={inputs}
        dayMaxEvents={DAY_MAX_EVENTS}
        eventColor={EVENT_COLOR}
        eventDisplay="block"
        // The accessible name must contain the visible text "Today" (WCAG 2.5.3); the default is "This Month".
        todayHint={(unitText: string) => `Today (this ${unitText})`}
        // Every view grows with its content: a fixed-height time grid would be a scroll container inside
        // FullCalendar's table roles, which can be neither keyboard-focusable nor valid ARIA there.
        height="auto"
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          // Spec §2: clicking an event only logs it.
          console.log('[schedule] event clicked:', {
            id: info.event.id,
            title: info.event.title,
            start: info.event.start?.toString() ?? null,
            end: info.event.end?.toString() ?? null,
          });
        }}
        eventContent={(arg) => {
          const description = String(arg.event.extendedProps.description ?? '');
          return (
            <span className="schedule-event" title={description || undefined}>
              {arg.timeText ? <span className="schedule-event__time">{arg.timeText} </span> : null}
              <span className="schedule-event__title">{arg.event.title}</span>
              {description ? <span className="visually-hidden">. {description}</span> : null}
            </span>
          );
        }}
      />
    </div>
  );
}
