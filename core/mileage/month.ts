// A month of the mileage log: one row per day driven (or planned, for days still ahead), each day's edit applied,
// totals over the days up to today, the rate and the reimbursement. Pure: the day legs come from legs.ts.
import { addDays } from '../time/zoned-time.ts';
import type { MileageDay, MileageDayEdit, MileageMonth } from './mileage.types.ts';
import { mileageRate, reimbursementDollars } from './rate.ts';

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const r1 = (x: number) => Math.round(x * 10) / 10;

/** "2026-11" → {year, month}, or null when it is not a month as YYYY-MM (years 2000–2099). */
export function parseMonth(value: unknown): { year: number; month: number } | null {
  if (typeof value !== 'string') return null;
  const match = MONTH.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  return year >= 2000 && year <= 2099 ? { year, month: Number(match[2]) } : null;
}

/** The month's first day and the first day of the next month (YYYY-MM-DD). */
export function monthSpan(month: string): { first: string; next: string } {
  const parsed = parseMonth(month);
  if (!parsed) throw new Error(`not a month: ${month}`);
  const first = `${month}-01`;
  const next =
    parsed.month === 12 ? `${parsed.year + 1}-01-01` : `${parsed.year}-${String(parsed.month + 1).padStart(2, '0')}-01`;
  return { first, next };
}

/** Every day of the month, in order. */
export function monthDays(month: string): string[] {
  const { first, next } = monthSpan(month);
  const days: string[] = [];
  for (let day = first; day < next; day = addDays(day, 1)) days.push(day);
  return days;
}

/** An edit's miles: 0 to 2000, to one decimal. */
export const MAX_EDITED_MILES = 2000;
export const MAX_EDIT_REASON = 200;

/** A day with its edit (if any) and whether it is still ahead. */
export function withEdit(
  day: Omit<MileageDay, 'edit' | 'miles' | 'upcoming'>,
  edit: MileageDayEdit | null,
  today: string,
): MileageDay {
  return { ...day, edit, miles: edit ? r1(edit.miles) : day.plannedMiles, upcoming: day.day > today };
}

/**
 * The month from its days (any order; days with no visit and no edit are left out), the agency's rate when set
 * (cents per mile) and today's date (days after it are listed but not counted).
 */
export function mileageMonth(
  month: string,
  days: readonly MileageDay[],
  options: { agencyCentsPerMile?: number | null },
): MileageMonth {
  const parsed = parseMonth(month);
  if (!parsed) throw new Error(`not a month: ${month}`);
  const listed = days
    .filter((d) => d.day.startsWith(`${month}-`) && (d.visits > 0 || d.unplaced > 0 || d.edit !== null))
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const counted = listed.filter((d) => !d.upcoming);
  // Sums of the one-decimal day figures: the total is what the rows add up to.
  const totalMiles = r1(counted.reduce((sum, d) => sum + d.miles, 0));
  const rate = mileageRate(parsed.year, options.agencyCentsPerMile);
  return {
    month,
    days: listed,
    totalMiles,
    plannedMiles: r1(counted.reduce((sum, d) => sum + d.plannedMiles, 0)),
    totalMinutes: r1(counted.reduce((sum, d) => sum + d.plannedMinutes, 0)),
    rate,
    reimbursement: reimbursementDollars(totalMiles, rate.centsPerMile),
  };
}
