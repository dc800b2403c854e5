// Reads the next 30 days of the primary calendar, following nextPageToken so no event past the
// first page (250 by default) is silently missed. Works with any fetch (browser, Node, tests).
import type { CalendarEvent, ProviderErrorBody, ProviderEventsPage } from './calendar.types.ts';
import { eventsListUrl, eventsWindow } from './events-request.ts';
import { mapProviderEvents } from './map-events.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

/** A non-OK answer from the calendar provider, with Google's parsed error body when it sent one. */
export class CalendarApiError extends Error {
  readonly status: number;
  readonly reason: string | undefined;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const parsed = (body as ProviderErrorBody | undefined)?.error;
    super(parsed?.message ? `Calendar API ${status}: ${parsed.message}` : `Calendar API ${status}`);
    this.name = 'CalendarApiError';
    this.status = status;
    this.reason = parsed?.errors?.[0]?.reason;
    this.body = body;
  }
}

export interface ListEventsOptions {
  baseUrl: string;
  providerToken: string;
  /** "Now" from the caller's clock: the 30-day window starts there. */
  now: Date;
  /** The network (core does no I/O of its own): the runtime's fetch, or a test's. */
  fetch: FetchLike;
  signal?: AbortSignal;
  /** Page size sent as maxResults; the provider's default (250) when omitted. */
  pageSize?: number;
  /** Safety stop against a provider that never stops paging. */
  maxPages?: number;
}

export async function listUpcomingEvents(options: ListEventsOptions): Promise<CalendarEvent[]> {
  const doFetch = options.fetch;
  const window = eventsWindow(options.now);
  const maxPages = options.maxPages ?? 100;
  const events: CalendarEvent[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const url = eventsListUrl(options.baseUrl, window, { pageToken, maxResults: options.pageSize });
    const response = await doFetch(url, {
      headers: { Authorization: `Bearer ${options.providerToken}`, Accept: 'application/json' },
      signal: options.signal,
    });
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      throw new CalendarApiError(response.status, body);
    }
    const data = (await response.json()) as ProviderEventsPage;
    events.push(...mapProviderEvents(data.items ?? []));
    if (!data.nextPageToken) return events;
    pageToken = data.nextPageToken;
  }
  throw new Error(`Calendar API kept paging after ${maxPages} pages`);
}
