// Builds the mileage-month machine's actors from a face's client; the machine's abort signal reaches each request.
import { fromPromise } from 'xstate';
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import type { MileageDaySave, MileageMonthPorts } from './mileage-month.types.ts';

export function createMileageMonthActors(ports: MileageMonthPorts) {
  return {
    load: fromPromise<MileageMonth, string>(({ input, signal }) => ports.load(input, signal)),
    save: fromPromise<MileageMonth, { month: string; save: MileageDaySave }>(({ input, signal }) =>
      ports.save(input, signal),
    ),
  };
}
