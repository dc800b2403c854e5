// Day options accept real calendar dates only (exit 2 otherwise): months 01-12, the month's own last day, leap years.
import { describe, expect, it } from 'vitest';
import { isCalendarDate, parseDateOption } from '../../../cli/commands/date-option.ts';
import { CliError, EXIT } from '../../../cli/errors.ts';

describe('isCalendarDate', () => {
  it.each(['2026-11-24', '2026-01-31', '2026-02-28', '2024-02-29', '2000-02-29', '2026-04-30', '2026-12-31'])(
    'accepts %s',
    (text) => {
      expect(isCalendarDate(text)).toBe(true);
    },
  );

  it.each([
    '2026-13-45',
    '2026-99-99',
    '2026-02-29',
    '2026-02-30',
    '1900-02-29',
    '2026-04-31',
    '2026-00-10',
    '2026-01-00',
    '2026-1-05',
    '26-01-05',
    ' 2026-01-05',
    '2026-01-05T00:00:00Z',
    '2026/01/05',
    '',
  ])('refuses %j', (text) => {
    expect(isCalendarDate(text)).toBe(false);
  });
});

describe('parseDateOption', () => {
  it('returns a valid date unchanged and makes a bad one a usage error naming the flag and the format', () => {
    expect(parseDateOption('--today')('2026-11-24')).toBe('2026-11-24');
    let error: unknown;
    try {
      parseDateOption('--today')('2026-02-30');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.usage);
    expect((error as CliError).message).toBe(
      '--today must be a calendar date as YYYY-MM-DD, e.g. 2026-11-24 (got "2026-02-30").',
    );
  });
});
