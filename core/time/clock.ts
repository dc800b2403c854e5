// "Now" is an input: every face reads it from a `Now` it was given, never from the system clock directly.
// The system clock itself is read in one module (system-clock.ts, named in the lint rule); this one is pure:
// the clock setting a person gives (HOMEROUNDS_NOW, HOMEROUNDS_CLOCK) and the clocks built from it.

/** Reads the current instant. */
export type Now = () => Date;

/** A clock that starts at `start` (running at the real pace from when it was made, or frozen there). */
export interface ClockSetting {
  start: Date;
  frozen: boolean;
}

export class ClockSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClockSettingError';
  }
}

/** An instant with its offset: 2026-12-01T17:05:00-06:00, 2026-12-01T23:05Z, seconds and fractions optional. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The clock a person asked for: `now` an instant with its offset (HOMEROUNDS_NOW), `mode` `running` (the
 * default: it moves on from that instant at the real pace) or `frozen` (HOMEROUNDS_CLOCK). No instant: null,
 * the real clock. Anything else throws a ClockSettingError that says what to write.
 */
export function parseClockSetting(now: string | undefined, mode?: string | undefined): ClockSetting | null {
  const text = now?.trim() ?? '';
  const how = mode?.trim().toLowerCase() || 'running';
  if (how !== 'running' && how !== 'frozen') {
    throw new ClockSettingError(`HOMEROUNDS_CLOCK must be "running" or "frozen", not "${clip(mode ?? '')}"`);
  }
  if (text === '') {
    if (how === 'frozen')
      throw new ClockSettingError('HOMEROUNDS_CLOCK=frozen needs HOMEROUNDS_NOW, the instant to freeze at');
    return null;
  }
  const start = new Date(text);
  if (!INSTANT.test(text) || Number.isNaN(start.getTime()) || !isRealDateTime(text)) {
    throw new ClockSettingError(
      `HOMEROUNDS_NOW must be an instant with its UTC offset, e.g. 2026-12-01T17:05:00-06:00 (5:05 pm in Chicago); got "${clip(text)}"`,
    );
  }
  return { start, frozen: how === 'frozen' };
}

/**
 * The clock of a setting over a millisecond source (the system clock in production, anything in tests):
 * frozen at `start`, or `start` plus the time elapsed on the source since this call.
 */
export function clockFromSetting(setting: ClockSetting, millis: () => number): Now {
  const start = setting.start.getTime();
  if (setting.frozen) return () => new Date(start);
  const offset = start - millis();
  return () => new Date(millis() + offset);
}

/** The written date and time exist (no 30 February, 24:00 or 23:60): Date would roll them over silently. */
function isRealDateTime(text: string): boolean {
  const [y, mo, d, h, mi, se = 0] = (text.match(/\d+/g) ?? []).map(Number);
  if (y === undefined || mo === undefined || d === undefined || h === undefined || mi === undefined) return false;
  const day = new Date(Date.UTC(y, mo - 1, d));
  const sameDay = day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
  return sameDay && h <= 23 && mi <= 59 && se <= 59;
}

/**
 * A Date constructor on another clock: `Date()`, `new Date()` without arguments and `Date.now()` read `millis`;
 * every other use (dates with arguments, parse, UTC, instanceof) is `RealDate`'s. What the web app's page clock
 * and the tests' clock install as the global Date.
 */
export function dateOnClock(RealDate: DateConstructor, millis: () => number): DateConstructor {
  function ClockDate(this: unknown, ...args: unknown[]): Date | string {
    if (!new.target) return new RealDate(millis()).toString();
    return args.length === 0 ? new RealDate(millis()) : new RealDate(...(args as [string | number]));
  }
  ClockDate.prototype = RealDate.prototype;
  Object.assign(ClockDate, { now: () => millis(), parse: RealDate.parse, UTC: RealDate.UTC });
  return ClockDate as unknown as DateConstructor;
}

/** A clock that always answers `instant`. */
export function fixedNow(instant: Date): Now {
  const at = instant.getTime();
  return () => new Date(at);
}

function clip(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 60);
}
