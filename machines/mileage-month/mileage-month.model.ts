// The mileage-month machine's model for path generation.
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import type { MachineModel } from '../shared/model.ts';
import { mileageMonthMachine } from './mileage-month.machine.ts';

const NOVEMBER: MileageMonth = {
  month: '2026-11',
  days: [
    {
      day: '2026-11-02',
      legs: [
        {
          from: { kind: 'home' },
          to: { kind: 'visit', time: '09:00', patient: 'Rosa Delgado' },
          miles: 4.2,
          minutes: 14,
          roadBased: true,
          fromHome: true,
          toHome: false,
        },
        {
          from: { kind: 'visit', time: '09:00', patient: 'Rosa Delgado' },
          to: { kind: 'home' },
          miles: 4.4,
          minutes: 15,
          roadBased: true,
          fromHome: false,
          toHome: true,
        },
      ],
      plannedMiles: 8.6,
      plannedMinutes: 29,
      roadBased: true,
      countsHomeLegs: true,
      visits: 1,
      unplaced: 0,
      edit: null,
      miles: 8.6,
      upcoming: false,
    },
  ],
  totalMiles: 8.6,
  plannedMiles: 8.6,
  totalMinutes: 29,
  rate: {
    centsPerMile: 72.5,
    kind: 'irs',
    year: 2026,
    note: 'IRS standard business rate for 2026, IRS Notice 2026-10',
  },
  reimbursement: 6.24,
};

export const mileageMonthModel: MachineModel<typeof mileageMonthMachine> = {
  name: 'mileage-month',
  machine: mileageMonthMachine,
  input: { month: '2026-11' },
  outcomes: {
    load: [
      { label: 'read', output: NOVEMBER },
      { label: 'server unavailable', error: new Error('mileage answered 502') },
    ],
    save: [
      { label: 'saved', output: NOVEMBER },
      {
        label: 'refused',
        error: { userMessage: 'edit.reason must say briefly why the day was not driven as planned.' },
      },
    ],
  },
  events: [
    { type: 'mileage.month', month: '2026-10' },
    { type: 'mileage.saveDay', save: { day: '2026-11-02', drivenMiles: 12.5, reason: 'Detour: road closed' } },
    { type: 'mileage.retry' },
  ],
  // The log's contents never steer a transition: only whether there is one.
  serializeContext: (context) => {
    const c = context as { month: string; log: unknown; savingDay: unknown; saveError: unknown; error: unknown };
    return { month: c.month, log: c.log !== null, savingDay: c.savingDay, saveError: c.saveError, error: c.error };
  },
};
