// The day-start machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { dayStartMachine } from './day-start.machine.ts';

const HOME = { label: '1200 W Cermak Rd, Chicago, IL 60608', lat: 41.8527, lng: -87.6565 };

export const dayStartModel: MachineModel<typeof dayStartMachine> = {
  name: 'day-start',
  machine: dayStartMachine,
  outcomes: {
    readHome: [
      { label: 'home on the profile', output: HOME },
      { label: 'no home', output: null },
      { label: 'profile unreadable', error: new Error('JWT expired') },
    ],
    locate: [
      { label: 'found', output: { lat: 41.8781, lng: -87.6298 } },
      { label: 'refused', error: new Error('Location access was not allowed, so nothing was saved.') },
    ],
    saveHome: [
      { label: 'saved', output: undefined },
      { label: 'save failed', error: new Error('PostgREST 500') },
    ],
    forgetHome: [
      { label: 'forgotten', output: undefined },
      { label: 'forget failed', error: new Error('PostgREST 500') },
    ],
  },
  events: [{ type: 'home.locate' }, { type: 'home.forget' }, { type: 'home.retry' }],
};
