// The move-rule machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { moveRuleMachine } from './move-rule.machine.ts';

export const moveRuleModel: MachineModel<typeof moveRuleMachine> = {
  name: 'move-rule',
  machine: moveRuleMachine,
  input: undefined,
  outcomes: {
    read: [
      { label: 'own rule', output: { todayFixed: false, withinMinutes: 60 } },
      { label: 'profile unavailable', error: new Error('PGRST000') },
    ],
    save: [
      { label: 'saved', output: { todayFixed: true, withinMinutes: 30 } },
      { label: 'refused', error: new Error('23514') },
    ],
  },
  events: [{ type: 'rule.change', rule: { todayFixed: true, withinMinutes: 30 } }, { type: 'rule.retry' }],
};
