// The schedule machine's ports: the Google access token and the calendar fetch. The session's
// provider_token is used while supabase-js still has it (it is gone after the first session refresh);
// then the Google token broker (google-token.ts) supplies fresh ones from the grant stored server-side.
// A 401 from the calendar means the token expired or was revoked: one retry with a token fresh from the
// broker; only when the broker has no usable grant (Google revoked it) does the clinician see the
// "sign in again" error (MissingProviderTokenError). The confirmation statuses (fetchConfirmations) are
// read by a chunk loaded on demand: only the dashboard asks for them.
import { CalendarApiError, listUpcomingEvents } from '../../../core/calendar/index.ts';
import { type CalendarEvent, MissingProviderTokenError, type SchedulePorts } from '../../../machines/schedule/index.ts';
import { appNow } from '../app/clock.ts';
import type { GoogleTokenBroker } from './google-token.ts';
import type { SupabaseLoader } from './supabase-client.ts';

export function createCalendarPorts(
  loader: SupabaseLoader,
  calendarApiUrl: string,
  broker?: GoogleTokenBroker,
  now: () => Date = appNow,
): SchedulePorts {
  // The session's provider_token once the calendar refused it: stays in the session until the next
  // refresh, but asking Google with it again would only cost a 401 per load.
  let refusedSessionToken: string | null = null;

  async function sessionToken(): Promise<string | null> {
    const client = await loader.load();
    const { data } = await client.auth.getSession();
    return data.session?.provider_token ?? null;
  }

  function isUnauthorized(error: unknown): error is CalendarApiError {
    return error instanceof CalendarApiError && error.status === 401;
  }

  const list = (providerToken: string, signal: AbortSignal): Promise<CalendarEvent[]> =>
    listUpcomingEvents({
      baseUrl: calendarApiUrl,
      providerToken,
      signal,
      now: now(),
      // Called detached: the browser's fetch refuses another `this`.
      fetch: (input, init) => fetch(input, init),
    });

  return {
    async getProviderToken() {
      const fromSession = await sessionToken();
      if (fromSession && fromSession !== refusedSessionToken) return fromSession;
      return broker ? broker.accessToken() : null;
    },
    async fetchEvents(providerToken, signal) {
      try {
        return await list(providerToken, signal);
      } catch (error) {
        if (!isUnauthorized(error)) throw error;
        console.error('[schedule] calendar provider rejected the token:', error.message);
      }
      if (!broker) throw new MissingProviderTokenError();
      refusedSessionToken = providerToken;
      // Skip the broker's cache too: the token it handed out may be the one just refused.
      const fresh = await broker.accessToken({ forceRefresh: true, signal });
      if (!fresh) throw new MissingProviderTokenError();
      try {
        return await list(fresh, signal);
      } catch (error) {
        if (isUnauthorized(error)) throw new MissingProviderTokenError();
        throw error;
      }
    },
    async fetchConfirmations(days, signal) {
      const [client, { readConfirmations }] = await Promise.all([loader.load(), import('./confirmations.ts')]);
      return readConfirmations(client, days, signal);
    },
  };
}
