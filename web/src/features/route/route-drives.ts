// The Route view's drive times: the day's places sent to the server's `drive-times` function (machines/day-drives)
// once the plan's inputs are settled, so the plan uses the drive times the assistant and the CLI use (road drive
// times where the server has them). Nothing runs where the page has no server to ask, or with fewer than two places:
// the plan then uses the straight-line estimate, labelled approximate.
import { useEffect, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import type { DriveTimesRequest } from '../../../../core/routing/drive-times-contract.ts';
import {
  createDayDrivesActors,
  type DayDrivesView,
  dayDrivesMachine,
  toDayDrivesView,
} from '../../../../machines/day-drives/index.ts';
import type { MeasureDrives } from '../../adapters/drive-times.ts';

export interface DayDrives extends Omit<DayDrivesView, 'status'> {
  /** `none`: nothing asked (no server, or nothing to drive between): the straight-line estimate. */
  status: DayDrivesView['status'] | 'none';
  retry(): void;
}

const NOTHING_ASKED: Omit<DayDrives, 'retry'> = { status: 'none', travel: null, roadBased: false, message: null };
const ASKING: Omit<DayDrives, 'retry'> = { status: 'asking', travel: null, roadBased: false, message: null };

/** The same places in another order (the calendar reloaded after a move) and the same departure ask nothing again. */
function keyOf(request: DriveTimesRequest | null): string {
  if (!request) return '';
  const places = request.points.map((p) => `${p.lat},${p.lon}`).sort();
  return `${places.join(';')}@${request.departureTime ?? 'typical'}`;
}

export function useDayDrives(measure: MeasureDrives | null, request: DriveTimesRequest | null): DayDrives {
  const key = keyOf(request);
  const runs = measure !== null && request !== null;
  // The view belongs to the request it was made for: a new request is "asking" from the first render on, so the
  // plan is not made once with the estimate before the machine starts.
  const [state, setState] = useState<{ key: string; view: Omit<DayDrives, 'retry'> }>({
    key,
    view: runs ? ASKING : NOTHING_ASKED,
  });
  const actorRef = useRef<Actor<typeof dayDrivesMachine> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the request (a new object each render).
  useEffect(() => {
    if (!measure || !request) {
      setState({ key, view: NOTHING_ASKED });
      return;
    }
    const actor = createActor(dayDrivesMachine.provide({ actors: createDayDrivesActors({ measure }) }), {
      input: { request },
    });
    const subscription = actor.subscribe(() => setState({ key, view: toDayDrivesView(actor.getSnapshot()) }));
    actor.start();
    setState({ key, view: toDayDrivesView(actor.getSnapshot()) });
    actorRef.current = actor;
    // Leaving (or another day, another home) stops the machine: a request under way is abandoned, its signal aborted.
    return () => {
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [measure, key]);

  const view = state.key === key ? state.view : runs ? ASKING : NOTHING_ASKED;
  return { ...view, retry: () => actorRef.current?.send({ type: 'drives.retry' }) };
}
