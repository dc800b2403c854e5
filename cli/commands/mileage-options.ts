// `homerounds mileage` flags checked while they are parsed: a bad value exits 2 before anything is asked.
import { parseMonth } from '../../core/mileage/month.ts';
import { usageError } from '../errors.ts';

export const MILEAGE_FORMATS = ['table', 'csv', 'json'] as const;
export type MileageFormat = (typeof MILEAGE_FORMATS)[number];

/** `--month`: YYYY-MM (2000–2099). */
export function parseMonthOption(value: string): string {
  if (parseMonth(value)) return value;
  throw usageError(`--month must be a month as YYYY-MM, e.g. 2026-11 (got "${value.slice(0, 40)}").`);
}

export function parseFormatOption(value: string): MileageFormat {
  if ((MILEAGE_FORMATS as readonly string[]).includes(value)) return value as MileageFormat;
  throw usageError(`--format must be one of ${MILEAGE_FORMATS.join(', ')} (got "${value.slice(0, 40)}").`);
}
