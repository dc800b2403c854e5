// Builds the day-start machine's actors from a face's ports; the machine's abort signal reaches the profile read.
import { fromPromise } from 'xstate';
import type { DayStartPorts, HomePlace } from './day-start.types.ts';

export function createDayStartActors(ports: DayStartPorts) {
  return {
    readHome: fromPromise<HomePlace | null, void>(({ signal }) => ports.readHome(signal)),
    locate: fromPromise<{ lat: number; lng: number }, void>(() => ports.locate()),
    saveHome: fromPromise<HomePlace | null | undefined, { home: HomePlace }>(({ input }) => ports.saveHome(input.home)),
    forgetHome: fromPromise<void, void>(async () => {
      await ports.saveHome(null);
    }),
  };
}
