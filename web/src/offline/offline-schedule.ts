// The schedule's ports with the copy kept on the device (docs/offline.md): each load that succeeds keeps the next
// days' events (encrypted, offline-store.ts) and says the dashboard is live; a load that cannot reach the network
// (the token or the calendar) answers with the kept copy instead and says since when it dates. With nothing kept the
// failure stays what it was (the schedule's own error). Answers that said no (401, 5xx) are never papered over.
import type { CalendarEvent, SchedulePorts } from '../../../machines/schedule/index.ts';
import { isNetworkFailure } from './network-failure.ts';
import type { OfflineStore } from './offline-store.ts';
import type { CurrentUserId } from './offline-user.ts';

/** Days of events kept from the start of today: the days a clinician may drive without signal. */
export const KEPT_DAYS = 7;
const DAY_MS = 86_400_000;

/** What the ports tell the connectivity machine (page-connectivity.ts). */
export interface ConnectivityReport {
  answered(at: string): void;
  unreachable(keptAt: string | null): void;
}

export interface OfflineScheduleDeps {
  store: OfflineStore;
  userId: CurrentUserId;
  now: () => Date;
  report: ConnectivityReport;
}

/** The events of today and the next days (the clinician's zone: the browser's). */
export function eventsToKeep(events: readonly CalendarEvent[], now: Date): CalendarEvent[] {
  const from = new Date(now);
  from.setHours(0, 0, 0, 0);
  const to = from.getTime() + KEPT_DAYS * DAY_MS;
  return events.filter((event) => Date.parse(event.end) >= from.getTime() && Date.parse(event.start) < to);
}

/** Stands for "no token: the network is gone" between getProviderToken and fetchEvents. */
const UNREACHABLE_TOKEN = '\u0000offline';

export function withOfflineSchedule(ports: SchedulePorts, deps: OfflineScheduleDeps): SchedulePorts {
  async function keptCopy(failure: unknown): Promise<CalendarEvent[]> {
    const userId = await deps.userId().catch(() => null);
    const copy = userId ? await deps.store.read<CalendarEvent[]>(userId, 'schedule').catch(() => null) : null;
    deps.report.unreachable(copy?.savedAt ?? null);
    if (!copy) throw failure;
    return copy.value;
  }

  return {
    ...ports,
    async getProviderToken() {
      // Offline, asking would only wait for supabase-js and the broker to fail: straight to the kept copy.
      if (globalThis.navigator?.onLine === false) return UNREACHABLE_TOKEN;
      try {
        return await ports.getProviderToken();
      } catch (error) {
        if (isNetworkFailure(error)) return UNREACHABLE_TOKEN;
        throw error;
      }
    },
    async fetchEvents(providerToken, signal) {
      if (providerToken === UNREACHABLE_TOKEN) return keptCopy(new TypeError('offline'));
      let events: CalendarEvent[];
      try {
        events = await ports.fetchEvents(providerToken, signal);
      } catch (error) {
        if (isNetworkFailure(error)) return keptCopy(error);
        throw error;
      }
      const at = deps.now();
      deps.report.answered(at.toISOString());
      const userId = await deps.userId().catch(() => null);
      // Kept before answering, so a reload right after finds it; a store that fails leaves the app as it was.
      if (userId) {
        await deps.store.save(userId, 'schedule', eventsToKeep(events, at), at.toISOString()).catch(() => undefined);
      }
      return events;
    },
  };
}
