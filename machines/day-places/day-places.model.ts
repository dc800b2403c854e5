// The day-places machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { dayPlacesMachine } from './day-places.machine.ts';

const ADDRESS = '1815 W Cortland St, Chicago, IL 60622';

export const dayPlacesModel: MachineModel<typeof dayPlacesMachine> = {
  name: 'day-places',
  machine: dayPlacesMachine,
  input: { addresses: [ADDRESS] },
  outcomes: {
    locate: [
      {
        label: 'located',
        output: [[ADDRESS, { lat: 41.9163, lon: -87.6744, approximate: false, formatted: ADDRESS }]],
      },
      { label: 'server unavailable', error: new Error('locations answered 503') },
    ],
  },
  events: [{ type: 'places.retry' }],
};
