// What the Route view shows of the day's drive times: asking (the plan waits), answered (the plan uses the server's
// drive times: road ones, or its estimate, which the report labels), or estimated (the server did not answer: the
// plan uses the straight-line estimate, says so, and offers Try again).
import type { SnapshotFrom } from 'xstate';
import { driveTimesLookup } from '../../core/routing/drive-times-contract.ts';
import type { TravelLookup } from '../../core/routing/travel/lookup.ts';
import type { dayDrivesMachine } from './day-drives.machine.ts';

export const DAY_DRIVES_MESSAGES = {
  asking: 'Asking for road drive times…',
  estimated:
    'Road drive times could not be had just now: this plan uses straight-line estimates (approximate) instead.',
} as const;

export interface DayDrivesView {
  status: 'asking' | 'answered' | 'estimated';
  /** The answer as planDay's `travel` (null until answered, and when the server did not answer). */
  travel: TravelLookup | null;
  /** True when the answer is road drive times (false: the server's own straight-line estimate, or none). */
  roadBased: boolean;
  message: string | null;
}

export function toDayDrivesView(snapshot: SnapshotFrom<typeof dayDrivesMachine>): DayDrivesView {
  const status = snapshot.matches('asking') ? 'asking' : snapshot.matches('answered') ? 'answered' : 'estimated';
  const { answer, request } = snapshot.context;
  const travel = status === 'answered' && answer ? driveTimesLookup(request.points, answer) : null;
  return {
    status,
    travel,
    roadBased: travel?.roadBased === true,
    message: status === 'answered' ? null : DAY_DRIVES_MESSAGES[status],
  };
}
