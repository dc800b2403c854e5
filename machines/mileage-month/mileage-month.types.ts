// Types of the mileage-month machine: one month of the clinician's mileage log read from the server's `mileage`
// function, and a day's "not driven as planned" edit saved one at a time (the answer is the month again).
import type { MileageMonth } from '../../core/mileage/mileage.types.ts';

/** A day's edit to save: the miles driven instead and why, or `drivenMiles: null` to go back to the plan. */
export interface MileageDaySave {
  day: string;
  drivenMiles: number | null;
  reason: string;
}

export interface MileageMonthContext {
  /** The month shown (YYYY-MM). */
  month: string;
  /** The month's log once read (kept while another month or a save is asked). */
  log: MileageMonth | null;
  /** The day being saved, for the view. */
  savingDay: string | null;
  /** Why the last save did not happen (the log stays as it was). */
  saveError: string | null;
  /** Why the month could not be read. */
  error: string | null;
}

export type MileageMonthEvent =
  | { type: 'mileage.month'; month: string }
  | { type: 'mileage.saveDay'; save: MileageDaySave }
  | { type: 'mileage.retry' };

export interface MileageMonthPorts {
  load(month: string, signal: AbortSignal): Promise<MileageMonth>;
  save(request: { month: string; save: MileageDaySave }, signal: AbortSignal): Promise<MileageMonth>;
}

export interface MileageMonthInput {
  month: string;
}
