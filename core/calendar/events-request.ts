// The schedule's request to the calendar provider (spec §7): primary calendar, now → now + 30 days,
// single events expanded, ordered by start time.

export const CALENDAR_WINDOW_DAYS = 30;
export const DEFAULT_CALENDAR_BASE_URL = 'https://www.googleapis.com';
const DAY_MS = 86_400_000;

export interface EventsWindow {
  timeMin: string;
  timeMax: string;
}

export function eventsWindow(now: Date, days = CALENDAR_WINDOW_DAYS): EventsWindow {
  return { timeMin: now.toISOString(), timeMax: new Date(now.getTime() + days * DAY_MS).toISOString() };
}

/** Builds the events.list URL; `baseUrl` is the API root without trailing slash. */
export function eventsListUrl(
  baseUrl: string,
  window: EventsWindow,
  options: { pageToken?: string; maxResults?: number; calendarId?: string } = {},
): string {
  const calendarId = encodeURIComponent(options.calendarId ?? 'primary');
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/calendar/v3/calendars/${calendarId}/events`);
  url.searchParams.set('timeMin', window.timeMin);
  url.searchParams.set('timeMax', window.timeMax);
  url.searchParams.set('singleEvents', 'true');
  url.searchParams.set('orderBy', 'startTime');
  if (options.maxResults !== undefined) url.searchParams.set('maxResults', String(options.maxResults));
  if (options.pageToken) url.searchParams.set('pageToken', options.pageToken);
  return url.toString();
}
