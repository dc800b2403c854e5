// The move-rule machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { moveRuleMachine } from './move-rule.machine.ts';

export const moveRuleModel: MachineModel<typeof moveRuleMachine> = {
  name: 'move-rule',
  machine: moveRuleMachine,
  input: undefined,
  outcomes: {
    read: [
      { label: 'own rule', output: { rule: { todayFixed: false, withinMinutes: 60 }, pins: ['evt-a'] } },
      { label: 'profile unavailable', error: new Error('PGRST000') },
    ],
    save: [
      { label: 'saved', output: { todayFixed: true, withinMinutes: 30 } },
      { label: 'refused', error: new Error('23514') },
    ],
    pin: [
      { label: 'pinned', output: ['evt-a', 'evt-b'] },
      { label: 'refused', error: new Error('42501') },
    ],
  },
  events: [
    { type: 'rule.change', rule: { todayFixed: true, withinMinutes: 30 } },
    { type: 'rule.pin', eventId: 'evt-b', fixed: true },
    { type: 'rule.retry' },
  ],
};
