// The assistant's calendar port over the Google Calendar API v3 (any fetch; the same code talks to
// Google and to the local platform's stand-in): list a range (all pages), get, insert with a chosen id
// (a repeated insert answers 409 and the existing event is returned: writes are idempotent; an id whose
// event was deleted is restored, since Google keeps deleted events under their id), move, and delete.
// The access token is asked per request with the access the request needs. A request that never got an
// answer throws CalendarUnreachableError; an answer that is an error throws CalendarApiError.

import type { CalendarEvent, ProviderEvent, ProviderEventsPage } from './calendar.types.ts';
import { CalendarApiError, type FetchLike } from './calendar-client.ts';
import { mapProviderEvent, mapProviderEvents } from './map-events.ts';

export type CalendarAccessNeed = 'read' | 'write';

export interface NewCalendarEvent {
  /** Google event id (base32hex, 5–1024 chars): deterministic ids make a retried insert a no-op. */
  id: string;
  summary: string;
  description?: string;
  location?: string;
  start: string;
  end: string;
  timeZone: string;
  properties?: Record<string, string>;
}

/** An event looked up by id: on the calendar, deleted (Google keeps it, cancelled), or never there. */
export type EventLookup = { state: 'live'; event: CalendarEvent } | { state: 'deleted' } | { state: 'absent' };

/** The calendar could not be reached (network, DNS, connection reset): no answer came. */
export class CalendarUnreachableError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('Google Calendar could not be reached', options);
    this.name = 'CalendarUnreachableError';
  }
}

export interface CalendarPort {
  /** Events overlapping [from, to), cancelled ones excluded, by start. */
  list(from: Date, to: Date): Promise<CalendarEvent[]>;
  /** The calendar's IANA time zone (from the events list), or null when unknown. */
  timeZone(): Promise<string | null>;
  get(id: string): Promise<CalendarEvent | null>;
  /** Like get, telling a deleted event from an id never on the calendar (absent where a port cannot tell). */
  lookup?(id: string): Promise<EventLookup>;
  /** Inserts (restoring a deleted event under that id), or returns the live event already stored under it (`created: false`). */
  insert(event: NewCalendarEvent): Promise<{ event: CalendarEvent; created: boolean }>;
  /**
   * Moves an event. With `ifMatch` the write is conditional (412 CalendarApiError when the event changed since that
   * etag was read); `properties` are private extended properties set in the same write.
   */
  move(id: string, start: string, end: string, timeZone: string, options?: MoveOptions): Promise<CalendarEvent>;
  /** Deletes; false when it was already gone. */
  remove(id: string): Promise<boolean>;
  /**
   * Sets private extended properties (merged with the event's own), conditional on `ifMatch` when given (412
   * CalendarApiError when the event changed since). Optional: ports that cannot write leave it out.
   */
  setProperties?(
    id: string,
    properties: Record<string, string>,
    options?: { ifMatch?: string },
  ): Promise<CalendarEvent>;
}

export interface MoveOptions {
  ifMatch?: string;
  properties?: Record<string, string>;
}

export interface GoogleCalendarPortOptions {
  baseUrl: string;
  token(need: CalendarAccessNeed): Promise<string>;
  /** The network (core does no I/O of its own): the runtime's fetch, or a test's. */
  fetch: FetchLike;
  calendarId?: string;
  maxPages?: number;
  /** The caller's clock (the zone is read from a one-minute list at "now"). */
  now: () => Date;
}

async function errorOf(response: Response): Promise<CalendarApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return new CalendarApiError(response.status, body);
}

export function googleCalendarPort(options: GoogleCalendarPortOptions): CalendarPort {
  const doFetch = options.fetch;
  const root = `${options.baseUrl.replace(/\/+$/, '')}/calendar/v3/calendars/${encodeURIComponent(options.calendarId ?? 'primary')}/events`;
  let zone: string | null = null;

  async function call(
    need: CalendarAccessNeed,
    url: string,
    init: RequestInit = {},
    ifMatch?: string,
  ): Promise<Response> {
    const token = await options.token(need);
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
    if (init.body) headers['Content-Type'] = 'application/json';
    if (ifMatch) headers['If-Match'] = ifMatch;
    try {
      return await doFetch(url, { ...init, headers });
    } catch (error) {
      // An abort is the caller's own (a deadline): it stays what it is.
      if (error instanceof Error && error.name === 'AbortError') throw error;
      throw new CalendarUnreachableError({ cause: error });
    }
  }

  async function list(from: Date, to: Date): Promise<CalendarEvent[]> {
    const events: CalendarEvent[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < (options.maxPages ?? 50); page++) {
      const url = new URL(root);
      url.searchParams.set('timeMin', from.toISOString());
      url.searchParams.set('timeMax', to.toISOString());
      url.searchParams.set('singleEvents', 'true');
      url.searchParams.set('orderBy', 'startTime');
      url.searchParams.set('maxResults', '2500');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const response = await call('read', url.toString());
      if (!response.ok) throw await errorOf(response);
      const data = (await response.json()) as ProviderEventsPage;
      if (data.timeZone) zone = data.timeZone;
      events.push(...mapProviderEvents(data.items ?? []));
      if (!data.nextPageToken) return events;
      pageToken = data.nextPageToken;
    }
    throw new Error('The calendar kept paging: stopped reading');
  }

  async function lookup(id: string): Promise<EventLookup> {
    const response = await call('read', `${root}/${encodeURIComponent(id)}`);
    // Google answers a deleted event with 410 or, for a while, with the event marked cancelled.
    if (response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return { state: response.status === 410 ? 'deleted' : 'absent' };
    }
    if (!response.ok) throw await errorOf(response);
    const item = (await response.json()) as ProviderEvent;
    return item.status === 'cancelled' ? { state: 'deleted' } : { state: 'live', event: mapProviderEvent(item) };
  }

  async function get(id: string): Promise<CalendarEvent | null> {
    const found = await lookup(id);
    return found.state === 'live' ? found.event : null;
  }

  return {
    list,
    get,
    lookup,
    async timeZone() {
      if (zone) return zone;
      const now = options.now();
      await list(now, new Date(now.getTime() + 60_000));
      return zone;
    },
    async insert(event) {
      const body: Record<string, unknown> = {
        id: event.id,
        summary: event.summary,
        start: { dateTime: event.start, timeZone: event.timeZone },
        end: { dateTime: event.end, timeZone: event.timeZone },
      };
      if (event.description !== undefined) body.description = event.description;
      if (event.location !== undefined) body.location = event.location;
      if (event.properties) body.extendedProperties = { private: event.properties };
      const response = await call('write', root, { method: 'POST', body: JSON.stringify(body) });
      if (response.status === 409) {
        await response.body?.cancel();
        const existing = await lookup(event.id);
        if (existing.state === 'live') return { event: existing.event, created: false };
        if (existing.state === 'absent') throw new CalendarApiError(409, undefined);
        // Deleted earlier (a cancelled booking of the same slot): the id stays Google's, so the event is
        // restored with what is booked now.
        const restored = await call('write', `${root}/${encodeURIComponent(event.id)}`, {
          method: 'PATCH',
          body: JSON.stringify({ ...body, id: undefined, status: 'confirmed' }),
        });
        if (!restored.ok) throw await errorOf(restored);
        return { event: mapProviderEvent((await restored.json()) as ProviderEvent), created: true };
      }
      if (!response.ok) throw await errorOf(response);
      return { event: mapProviderEvent((await response.json()) as ProviderEvent), created: true };
    },
    async move(id, start, end, timeZone, moveOptions = {}) {
      const body: Record<string, unknown> = { start: { dateTime: start, timeZone }, end: { dateTime: end, timeZone } };
      if (moveOptions.properties) body.extendedProperties = { private: moveOptions.properties };
      const response = await call(
        'write',
        `${root}/${encodeURIComponent(id)}`,
        { method: 'PATCH', body: JSON.stringify(body) },
        moveOptions.ifMatch,
      );
      if (!response.ok) throw await errorOf(response);
      return mapProviderEvent((await response.json()) as ProviderEvent);
    },
    async setProperties(id, properties, propertyOptions = {}) {
      const response = await call(
        'write',
        `${root}/${encodeURIComponent(id)}`,
        { method: 'PATCH', body: JSON.stringify({ extendedProperties: { private: properties } }) },
        propertyOptions.ifMatch,
      );
      if (!response.ok) throw await errorOf(response);
      return mapProviderEvent((await response.json()) as ProviderEvent);
    },
    async remove(id) {
      const response = await call('write', `${root}/${encodeURIComponent(id)}`, { method: 'DELETE' });
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return false;
      }
      if (!response.ok) throw await errorOf(response);
      await response.body?.cancel();
      return true;
    },
  };
}
