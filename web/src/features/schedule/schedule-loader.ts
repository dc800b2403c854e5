// The dashboard's schedule actors: the calendar (token, then the fetch, as createScheduleActors does) and,
// beside it, the clinician's confirmation statuses for the loaded days and the batches from today on. The
// schedule machine runs both and shows them together; when the statuses fail or take longer than
// CONFIRMATIONS_TIMEOUT_MS it shows the calendar without marks and warns once (machines/schedule).
import { fromPromise } from 'xstate';
import { CALENDAR_WINDOW_DAYS } from '../../../../core/calendar/events-request.ts';
import {
  type ConfirmationsSnapshot,
  createScheduleActors,
  type DayRange,
  type SchedulePorts,
  scheduleMachine,
} from '../../../../machines/schedule/index.ts';
import { appNow } from '../../app/clock.ts';
import { localDay } from '../route/route-days.ts';

export { attachConfirmations, CONFIRMATIONS_TIMEOUT_MS } from '../../../../machines/schedule/index.ts';

const DAY_MS = 86_400_000;

/** The days the calendar loads (now → now + 30 days), in the clinician's zone. */
export function loadedDays(now: Date): DayRange {
  return { from: localDay(now), to: localDay(new Date(now.getTime() + CALENDAR_WINDOW_DAYS * DAY_MS)) };
}

/** The dashboard's actors of the schedule machine. */
export function createScheduleLoader(ports: SchedulePorts, now: () => Date = appNow) {
  return {
    ...createScheduleActors(ports, now),
    // Aborted by the machine when the load is left (Refresh, the 30 s limit) or the statuses' 8 s pass.
    loadConfirmations: fromPromise<ConfirmationsSnapshot | null>(async ({ signal }) =>
      ports.fetchConfirmations ? ports.fetchConfirmations(loadedDays(now()), signal) : null,
    ),
  };
}

/** The schedule machine as the dashboard runs it: with the load above (calendar and confirmation statuses). */
export function dashboardScheduleMachine(ports: SchedulePorts, now?: () => Date) {
  return scheduleMachine.provide({ actors: createScheduleLoader(ports, now) });
}
