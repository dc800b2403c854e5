// Builds the day-drives machine's actors from a face's ports; the machine's abort signal reaches the request.
import { fromPromise } from 'xstate';
import type { DayDrivesPorts, DriveTimesRequest, DriveTimesResponse } from './day-drives.types.ts';

export function createDayDrivesActors(ports: DayDrivesPorts) {
  return {
    measure: fromPromise<DriveTimesResponse, { request: DriveTimesRequest }>(({ input, signal }) =>
      ports.measure(input.request, signal),
    ),
  };
}
