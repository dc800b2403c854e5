// Every machine of the product with its model, for the CLI (`homerounds machines`), the docs
// generator and the model-based tests' coverage check.
import { authModel } from './auth/auth.model.ts';
import { scheduleModel } from './schedule/schedule.model.ts';
import type { MachineModel } from './shared/model.ts';

export interface MachineEntry {
  name: string;
  summary: string;
  model: MachineModel;
}

export const MACHINES: readonly MachineEntry[] = [
  {
    name: 'auth',
    summary:
      'Session restore, profile load (PGRST116 = no profile), auth events, sign in/out; gives up loading after 10 s.',
    model: authModel as MachineModel,
  },
  {
    name: 'schedule',
    summary: 'Loading / error / loaded of the next 30 days of calendar events; Refresh and Try Again.',
    model: scheduleModel as MachineModel,
  },
];

export function findMachine(name: string): MachineEntry | undefined {
  return MACHINES.find((entry) => entry.name === name);
}
