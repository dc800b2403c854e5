// The mileage log's shapes (core/mileage): one day's legs in the calendar's final order, a month of days with totals,
// the rate and the reimbursement. Stops are named the way the clinician knows them (the booked time and the patient
// as the patient list or the calendar names them): no address, phone or note ever goes into a log (minimum necessary).
import type { MileageRate } from './rate.ts';

/** One end of a leg: the clinician's home, or a visit by its booked time ("HH:MM", the calendar's wall clock). */
export type MileageStop = { kind: 'home' } | { kind: 'visit'; time: string; patient: string };

export interface MileageLeg {
  from: MileageStop;
  to: MileageStop;
  /** Miles to two decimals (faces show one). */
  miles: number;
  /** Drive minutes to one decimal, parking included, as the Route view counts them. */
  minutes: number;
  /** True: road distance from the road matrix; false: the straight-line estimate × a road factor (approximate). */
  roadBased: boolean;
  /** The day's first leg, from home: many agencies treat it as an unpaid commute. */
  fromHome: boolean;
  /** The day's last leg, back home. */
  toHome: boolean;
}

/** A day "not driven as planned": the miles the clinician says they drove instead, and why. */
export interface MileageDayEdit {
  miles: number;
  reason: string;
}

export interface MileageDay {
  /** YYYY-MM-DD (the calendar's date). */
  day: string;
  /** The legs in the calendar's final order (home → first → … → last → home when the home is known). */
  legs: MileageLeg[];
  /** Planned miles over the legs, to one decimal: the Route view's miles for the calendar order. */
  plannedMiles: number;
  /** Planned drive minutes over the legs (the Route view's travel for the calendar order), to one decimal. */
  plannedMinutes: number;
  /** True when every leg's distance is road-based. */
  roadBased: boolean;
  /** True when the legs from and back home are counted (the home is known). */
  countsHomeLegs: boolean;
  /** Visits on the legs. */
  visits: number;
  /** Visits of the day that could not be placed on the map (left off the legs). */
  unplaced: number;
  /** The clinician's correction, when the day was not driven as planned. */
  edit: MileageDayEdit | null;
  /** The miles that count: the edit's when there is one, else the planned. */
  miles: number;
  /** A day after today: listed as planned, not yet driven, not counted in the totals. */
  upcoming: boolean;
}

export interface MileageMonth {
  /** YYYY-MM. */
  month: string;
  days: MileageDay[];
  /** Miles counted (days up to today; edited days at their edited miles), to one decimal. */
  totalMiles: number;
  /** Planned miles of the same days, for reference. */
  plannedMiles: number;
  /** Drive minutes of the counted days as planned. */
  totalMinutes: number;
  rate: MileageRate;
  /** totalMiles × the rate, in dollars to the cent. */
  reimbursement: number;
}
