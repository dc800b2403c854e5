// The rate a mile is reimbursed at: the agency's own setting when an administrator set one, else the IRS standard
// mileage rate for business use of the month's year. The table is small and dated on purpose: each row names the
// notice it comes from, and a year not in it uses the nearest year before it (said so in the rate's note).

export interface IrsRate {
  year: number;
  centsPerMile: number;
  /** The IRS notice that set it. */
  source: string;
}

/** IRS standard mileage rates for business use (cents per mile), newest first. Add a row each January. */
export const IRS_STANDARD_RATES: readonly IrsRate[] = [
  { year: 2026, centsPerMile: 72.5, source: 'IRS Notice 2026-10' },
  { year: 2025, centsPerMile: 70, source: 'IRS Notice 2025-5' },
];

export interface MileageRate {
  centsPerMile: number;
  /** `agency`: the agency's setting; `irs`: the IRS standard rate of `year` (the default). */
  kind: 'agency' | 'irs';
  /** The IRS rate's year (absent for the agency's own rate). */
  year?: number;
  /** Where the rate comes from, in words (English; faces translate by `kind` and `year`). */
  note: string;
}

/** The IRS standard rate for `year`: that year's row, else the newest earlier one, else the oldest known. */
export function irsRateFor(year: number): IrsRate {
  const rows = [...IRS_STANDARD_RATES].sort((a, b) => b.year - a.year);
  return rows.find((row) => row.year <= year) ?? (rows.at(-1) as IrsRate);
}

/** The rate for a month of `year`: the agency's cents per mile when set (a positive number), else the IRS default. */
export function mileageRate(year: number, agencyCentsPerMile: number | null | undefined): MileageRate {
  if (typeof agencyCentsPerMile === 'number' && Number.isFinite(agencyCentsPerMile) && agencyCentsPerMile > 0) {
    return { centsPerMile: agencyCentsPerMile, kind: 'agency', note: "Your agency's rate" };
  }
  const irs = irsRateFor(year);
  const stale = irs.year === year ? '' : ` (the latest known rate; ${year}'s is not in the table yet)`;
  return {
    centsPerMile: irs.centsPerMile,
    kind: 'irs',
    year: irs.year,
    note: `IRS standard business rate for ${irs.year}, ${irs.source}${stale}`,
  };
}

/** Dollars for `miles` at `centsPerMile`, to the cent (rounded half up on whole cents). */
export function reimbursementDollars(miles: number, centsPerMile: number): number {
  return Math.round(miles * centsPerMile + 1e-9) / 100;
}
