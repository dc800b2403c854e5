// Day options (`--date`, `--today`): a real calendar date in YYYY-MM-DD, checked while the flags are parsed, so
// a bad value exits 2 before anything is read, sent or reseeded. Every day option of the CLI parses through here.
import { usageError } from '../errors.ts';

/** Whether `text` is YYYY-MM-DD naming a day that exists (2026-02-30 and 2026-13-01 do not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/** A commander argument parser for a day option: returns the date unchanged, or throws a usage error (exit 2). */
export function parseDateOption(flag: string): (value: string) => string {
  return (value) => {
    if (isCalendarDate(value)) return value;
    throw usageError(`${flag} must be a calendar date as YYYY-MM-DD, e.g. 2026-11-24 (got "${value}").`);
  };
}
