// The suite's time. Every test runs against one fixed, documented seed day, and every worker's clock starts
// on it (tests/support/clock-setup.ts): the in-process local platform, supabase-js, the call tokens and
// the test's own arithmetic all read the same "now"; spawned CLIs and platforms get it as HOMEROUNDS_NOW;
// each browser journey gets it through Playwright's clock API (tests/support/browser.ts). A test that
// needs another instant says so with setTestNow. (No test is about the machine's date: the product reads
// "now" only through its clock, which these tests set.)
//
// The seed day, Wednesday 28 October 2026 (America/Chicago), was chosen for what its 30 days hold: two
// weekends, the last day of a month (Saturday 31 October) and the fall DST change (Sunday 1 November,
// 02:00 CDT → 01:00 CST). The spring change and the year's end lie outside it; the time-matrix tests
// (tests/unit/time/, tests/e2e/any-hour.e2e.ts) reseed for those.
import { vi } from 'vitest';
import { dateOnClock } from '../../core/time/clock.ts';
import { systemNow } from '../../core/time/system-clock.ts';
import { zonedDateTime } from '../../core/time/zoned-time.ts';
import { SEED_TIME_ZONE } from '../../fixtures/time.ts';

/** The first day of the suite's seeded 30 days (a Wednesday). */
export const SEED_DAY = '2026-10-28';

/** A Chicago wall-clock time (`HH:MM`) on a day, as an instant. */
export function chicago(day: string, hhmm: string): Date {
  const [h, m] = hhmm.split(':').map(Number);
  if (h === undefined || m === undefined || Number.isNaN(h) || Number.isNaN(m)) throw new Error(`not HH:MM: ${hhmm}`);
  return zonedDateTime(day, h * 60 + m, SEED_TIME_ZONE).instant;
}

/** Where every test file starts: the seed day at 9:30 am in Chicago (the working day under way). */
export const SUITE_START = chicago(SEED_DAY, '09:30');

/** The machine's Date, kept once per worker (a module imported again after vi.resetModules finds it here). */
const REAL_DATE_KEY = Symbol.for('homerounds.test-clock.realDate');
const TEST_DATE_KEY = Symbol.for('homerounds.test-clock.testDate');
const globals = globalThis as unknown as Record<symbol, unknown>;
globals[REAL_DATE_KEY] ??= Date;
const RealDate = globals[REAL_DATE_KEY] as DateConstructor;

/** The worker's test clock: one Date whose "now" setTestNow changes (one per worker, like RealDate). */
interface TestClock {
  Date: DateConstructor;
  now: () => number;
}
function testClock(): TestClock {
  const existing = globals[TEST_DATE_KEY] as TestClock | undefined;
  if (existing) return existing;
  const clock: TestClock = { Date: RealDate, now: () => RealDate.now() };
  clock.Date = dateOnClock(RealDate, () => clock.now());
  globals[TEST_DATE_KEY] = clock;
  return clock;
}

/**
 * Sets this worker's clock (Date) to `instant`: running at the real pace from there (the default, as a
 * platform's would) or frozen. Timers stay real; tests that fake them too use `useFakeTimersAt`.
 *
 * Not vitest's fake Date: its running mode ticks 20 ms per interval that fires, so a busy worker's clock fell
 * behind the browser's (minutes over a suite on a loaded machine). This one reads the machine's clock with an
 * offset: exact at any load. `Date()` and `new Date()` without arguments and `Date.now()` read it; every other
 * use of Date (and instanceof) is the machine's. A Date built on top of it (the web app's page clock under
 * test) stays in place and follows it.
 */
export function setTestNow(instant: Date, options: { frozen?: boolean } = {}): void {
  if (vi.isFakeTimers()) vi.useRealTimers();
  const clock = testClock();
  const start = instant.getTime();
  const offset = start - RealDate.now();
  clock.now = options.frozen ? () => start : () => RealDate.now() + offset;
  if (globalThis.Date === RealDate) globalThis.Date = clock.Date;
}

/** True while the suite's clock (setTestNow) is this worker's Date. */
export function testClockInstalled(): boolean {
  return globalThis.Date !== RealDate;
}

/** Fakes timers too (for machines and components that wait), starting at `instant`. */
export function useFakeTimersAt(instant: Date = SUITE_START): void {
  vi.useFakeTimers({ now: instant });
}

/** Back to the suite's clock (after useFakeTimersAt, or a test that moved it). */
export function resetTestNow(): void {
  setTestNow(SUITE_START);
}

/** Now on the test's clock. */
export function testNow(): Date {
  return systemNow();
}

/** The environment that gives a spawned CLI or platform the test's clock. */
export function clockEnv(options: { frozen?: boolean } = {}): { HOMEROUNDS_NOW: string; HOMEROUNDS_CLOCK: string } {
  return { HOMEROUNDS_NOW: testNow().toISOString(), HOMEROUNDS_CLOCK: options.frozen ? 'frozen' : 'running' };
}
