// Builds the schedule machine's actor from a face's ports: token first (spec §5), then the fetch,
// with the machine's abort signal so a timeout or a Refresh really cancels the request.
import { fromPromise } from 'xstate';
import { MissingProviderTokenError } from './schedule.machine.ts';
import type { LoadedEvents, SchedulePorts } from './schedule.types.ts';

export function createScheduleActors(
  ports: SchedulePorts,
  /** The face's clock: when the events were fetched. */ now: () => Date,
) {
  return {
    loadEvents: fromPromise<LoadedEvents, void>(async ({ signal }) => {
      const token = await ports.getProviderToken();
      if (!token) throw new MissingProviderTokenError();
      const events = await ports.fetchEvents(token, signal);
      return { events, fetchedAt: now().toISOString() };
    }),
  };
}
