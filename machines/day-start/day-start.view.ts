// What the Route view's "Start and end of your day" block shows.
import type { SnapshotFrom } from 'xstate';
import type { dayStartMachine } from './day-start.machine.ts';
import type { HomePlace, HomeStatus } from './day-start.types.ts';

export interface DayStartView {
  status: HomeStatus;
  home: HomePlace | null;
  saved: boolean;
  busy: 'locating' | 'saving' | null;
  message: string | null;
  /** The place can be set, changed or forgotten here (the machine runs only when a profile holds it). */
  canChange: boolean;
}

export function toDayStartView(snapshot: SnapshotFrom<typeof dayStartMachine>): DayStartView {
  const { status, home, saved, message } = snapshot.context;
  return {
    status,
    home,
    saved,
    busy: snapshot.hasTag('locating') ? 'locating' : snapshot.hasTag('saving') ? 'saving' : null,
    message,
    canChange: true,
  };
}
