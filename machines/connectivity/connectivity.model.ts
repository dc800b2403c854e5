// The connectivity machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { connectivityMachine } from './connectivity.machine.ts';

export const connectivityModel: MachineModel<typeof connectivityMachine> = {
  name: 'connectivity',
  machine: connectivityMachine,
  input: undefined,
  outcomes: {},
  events: [
    { type: 'connectivity.answered', at: '2026-12-01T15:00:00.000Z' },
    { type: 'connectivity.unreachable', keptAt: '2026-12-01T14:00:00.000Z' },
    { type: 'connectivity.unreachable', keptAt: null },
    { type: 'browser.online' },
    { type: 'browser.offline' },
  ],
};
