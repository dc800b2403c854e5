// The day-drives machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { dayDrivesMachine } from './day-drives.machine.ts';

const POINTS = [
  { lat: 41.9163, lon: -87.6744 },
  { lat: 41.9775, lon: -87.6561 },
];

export const dayDrivesModel: MachineModel<typeof dayDrivesMachine> = {
  name: 'day-drives',
  machine: dayDrivesMachine,
  input: { request: { points: POINTS, departureTime: '2026-11-24T14:30:00.000Z' } },
  outcomes: {
    measure: [
      {
        label: 'road drive times',
        output: {
          minutes: [
            [0, 16],
            [17, 0],
          ],
          meters: [
            [0, 7300],
            [7500, 0],
          ],
          roadBased: true,
          source: 'Google Routes API, traffic-aware',
        },
      },
      { label: 'server unavailable', error: new Error('drive-times answered 503') },
    ],
  },
  events: [{ type: 'drives.retry' }],
};
