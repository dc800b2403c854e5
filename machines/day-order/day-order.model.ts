// The day-order machine's model for path generation.
import type { ReorderResponse } from '../../core/routing/reorder-contract.ts';
import type { MachineModel } from '../shared/model.ts';
import { dayOrderMachine } from './day-order.machine.ts';

const MOVES = [
  { id: 'evt-a', etag: '"a1"', start: '10:00' },
  { id: 'evt-b', etag: '"b1"', start: '09:00' },
];
const APPLIED: ReorderResponse = {
  day: '2026-11-30',
  moved: [
    {
      id: 'evt-a',
      etag: '"a2"',
      start: '2026-11-30T10:00:00-06:00',
      end: '2026-11-30T10:45:00-06:00',
      previousStart: '09:00',
    },
    {
      id: 'evt-b',
      etag: '"b2"',
      start: '2026-11-30T09:00:00-06:00',
      end: '2026-11-30T09:45:00-06:00',
      previousStart: '10:00',
    },
  ],
  unchanged: [],
};

export const dayOrderModel: MachineModel<typeof dayOrderMachine> = {
  name: 'day-order',
  machine: dayOrderMachine,
  input: { day: '2026-11-30', callsPatients: true },
  outcomes: {
    reorder: [
      { label: 'moved', output: APPLIED },
      {
        label: 'changed since read',
        error: { code: 'changed', message: 'Your calendar changed since this plan was made, so nothing was moved.' },
      },
      {
        label: 'write access needed',
        error: { code: 'write_access_required', message: 'HomeRounds may not change your calendar yet.' },
      },
      { label: 'network down', error: new TypeError('Failed to fetch') },
    ],
    callMoved: [
      {
        label: 'called',
        output: {
          date: '2026-11-30',
          called: ['evt-a'],
          notCalled: [{ eventId: 'evt-b', reason: 'has not agreed to automated calls' }],
        },
      },
      { label: 'refused', error: { code: 'unauthorized', message: 'Your session has ended: sign in again.' } },
    ],
  },
  events: [
    { type: 'order.use', moves: MOVES },
    { type: 'order.use', moves: [] },
    { type: 'order.undo' },
    { type: 'order.callNow' },
  ],
};
