// The schedule machine's ports: the provider token from the Supabase session (it is gone after the
// first token refresh) and the calendar fetch. A 401 from the provider means the token expired or was
// revoked: like a missing token, only a new sign-in helps, so it becomes the "sign in again" error.
import { CalendarApiError, listUpcomingEvents } from '../../../core/calendar/index.ts';
import { MissingProviderTokenError, type SchedulePorts } from '../../../machines/schedule/index.ts';
import type { SupabaseLoader } from './supabase-client.ts';

export function createCalendarPorts(loader: SupabaseLoader, calendarApiUrl: string): SchedulePorts {
  return {
    async getProviderToken() {
      const client = await loader.load();
      const { data } = await client.auth.getSession();
      return data.session?.provider_token ?? null;
    },
    async fetchEvents(providerToken, signal) {
      try {
        return await listUpcomingEvents({ baseUrl: calendarApiUrl, providerToken, signal });
      } catch (error) {
        if (error instanceof CalendarApiError && error.status === 401) {
          console.error('[schedule] calendar provider rejected the token:', error.message);
          throw new MissingProviderTokenError();
        }
        throw error;
      }
    },
  };
}
