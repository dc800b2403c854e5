// The schedule machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { MissingProviderTokenError, scheduleMachine } from './schedule.machine.ts';

export const scheduleModel: MachineModel<typeof scheduleMachine> = {
  name: 'schedule',
  // Its console.error lines stay: the model-based walk catches them for the oracle (spec §8 "cause logged").
  machine: scheduleMachine,
  outcomes: {
    loadEvents: [
      {
        label: 'events',
        output: {
          events: [
            {
              id: 'e1',
              title: 'Visit: Maria Lopez',
              start: '2026-11-24T09:00:00-06:00',
              end: '2026-11-24T09:45:00-06:00',
              allDay: false,
            },
          ],
          fetchedAt: '2026-11-23T12:00:00.000Z',
        },
      },
      { label: 'no provider token', error: new MissingProviderTokenError() },
      { label: 'fetch failed', error: new Error('Calendar API 500') },
    ],
    loadConfirmations: [
      {
        label: 'statuses',
        output: {
          confirmations: [
            {
              eventId: 'e1',
              visitDate: '2026-11-24',
              patientName: 'Maria Lopez',
              status: 'confirmed',
              originalStart: '2026-11-24T15:00:00.000Z',
              newStart: null,
              detail: null,
              late: false,
              updatedAt: '2026-11-23T23:00:00.000Z',
            },
          ],
          batches: [],
        },
      },
      { label: 'none (no statuses on this face)', output: null },
      { label: 'statuses failed', error: new Error('relation does not exist') },
    ],
  },
  events: [{ type: 'schedule.refresh' }, { type: 'schedule.retry' }],
};
