// What the Mileage view shows: reading (the month asked), failed (Try again), or the month's log with the day being
// saved and why the last save did not happen.
import type { SnapshotFrom } from 'xstate';
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';
import type { mileageMonthMachine } from './mileage-month.machine.ts';
import { MILEAGE_MONTH_MESSAGES } from './mileage-month.messages.ts';

export interface MileageMonthView {
  status: 'loading' | 'failed' | 'ready' | 'savingDay';
  month: string;
  log: MileageMonth | null;
  savingDay: string | null;
  /** What the screen says while reading or after a failed read. */
  message: string | null;
  saveError: string | null;
}

export function toMileageMonthView(snapshot: SnapshotFrom<typeof mileageMonthMachine>): MileageMonthView {
  const status = snapshot.value as MileageMonthView['status'];
  const { month, log, savingDay, saveError, error } = snapshot.context;
  return {
    status,
    month,
    log,
    savingDay,
    message: status === 'loading' ? MILEAGE_MONTH_MESSAGES.loading : status === 'failed' ? error : null,
    saveError,
  };
}
