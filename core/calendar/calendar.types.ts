/** A calendar event as the schedule screen shows it (spec §3), plus location for routing. */
export interface CalendarEvent {
  id: string;
  /** The provider's summary, or "No Title" when it has none. */
  title: string;
  /** RFC 3339 date-time for timed events, `YYYY-MM-DD` for all-day events. */
  start: string;
  /** Same rule as `start`; for all-day events the provider's exclusive end date. */
  end: string;
  allDay: boolean;
  /** Untrusted text from the provider (may contain HTML): render as text only. */
  description?: string;
  location?: string;
  /** The event's private extended properties (HomeRounds keeps patient id, window and coordinates there). */
  properties?: Record<string, string>;
  /** The provider's version of the event: a write sent with it (If-Match) fails if the event changed since. */
  etag?: string;
}

/** The subset of Google Calendar's `Event` resource the product reads. */
export interface ProviderEventDateTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface ProviderEvent {
  id: string;
  etag?: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  start?: ProviderEventDateTime;
  end?: ProviderEventDateTime;
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
}

export interface ProviderEventsPage {
  kind?: string;
  items?: ProviderEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
  timeZone?: string;
}

/** Google's error body: `{"error":{"code","message","errors":[…],"status"}}`. */
export interface ProviderErrorBody {
  error: {
    code: number;
    message: string;
    status?: string;
    errors?: Array<{ message?: string; domain?: string; reason?: string; location?: string; locationType?: string }>;
  };
}
