// The clock a person asks for (core/time/clock.ts): HOMEROUNDS_NOW is an instant with its UTC offset,
// HOMEROUNDS_CLOCK says whether it runs on from there or stands still; anything else is refused with a
// message that says what to write. The clocks built from a setting run on a millisecond source the test
// moves by hand, so nothing here depends on the machine's date.
import { afterEach, describe, expect, it } from 'vitest';
import { ClockSettingError, clockFromSetting, fixedNow, parseClockSetting } from '../../../core/time/clock.ts';
import { clockFromEnv } from '../../../core/time/system-clock.ts';
import { resetTestNow, setTestNow, testNow } from '../../support/test-clock.ts';

/** What parseClockSetting threw (or undefined when it did not). */
function refusal(now: string | undefined, mode?: string): ClockSettingError | undefined {
  try {
    parseClockSetting(now, mode);
  } catch (error) {
    expect(error).toBeInstanceOf(ClockSettingError);
    return error as ClockSettingError;
  }
  return undefined;
}

const HOW_TO_WRITE_NOW =
  'HOMEROUNDS_NOW must be an instant with its UTC offset, e.g. 2026-12-01T17:05:00-06:00 (5:05 pm in Chicago)';

describe('parseClockSetting: the instant', () => {
  it.each([
    ['2026-12-01T17:05:00-06:00', '2026-12-01T23:05:00.000Z'],
    ['2026-12-01T23:05Z', '2026-12-01T23:05:00.000Z'],
    ['2026-12-01T23:05:00Z', '2026-12-01T23:05:00.000Z'],
    ['2026-12-01T23:05:00.250Z', '2026-12-01T23:05:00.250Z'],
    // Up to nine digits of fraction are accepted (milliseconds are kept).
    ['2026-12-01T17:05:00.123456789-06:00', '2026-12-01T23:05:00.123Z'],
    ['2026-07-01T09:00:00-05:00', '2026-07-01T14:00:00.000Z'],
    ['2026-12-02T04:35:00+05:30', '2026-12-01T23:05:00.000Z'],
    ['2026-12-01T23:05:00+00:00', '2026-12-01T23:05:00.000Z'],
    // The repeated hour of the fall change: the offset tells the two 1:30 am apart.
    ['2026-11-01T01:30:00-05:00', '2026-11-01T06:30:00.000Z'],
    ['2026-11-01T01:30:00-06:00', '2026-11-01T07:30:00.000Z'],
    // Surrounding blanks are forgiven.
    ['  2026-12-01T23:05Z\n', '2026-12-01T23:05:00.000Z'],
  ])('%s is %s, running by default', (text, iso) => {
    const setting = parseClockSetting(text);
    expect(setting).not.toBeNull();
    expect(setting?.start.toISOString()).toBe(iso);
    expect(setting?.frozen).toBe(false);
  });

  it('no instant (unset, empty or blank) is the real clock: null', () => {
    expect(parseClockSetting(undefined)).toBeNull();
    expect(parseClockSetting('')).toBeNull();
    expect(parseClockSetting('   ')).toBeNull();
    expect(parseClockSetting(undefined, 'running')).toBeNull();
    expect(parseClockSetting('', ' ')).toBeNull();
  });

  it.each([
    ['a date alone', '2026-12-01'],
    ['no offset (whose 5 pm?)', '2026-12-01T17:05:00'],
    ['no offset, no seconds', '2026-12-01T17:05'],
    ['a space instead of T', '2026-12-01 17:05:00-06:00'],
    ['an offset without a colon', '2026-12-01T17:05:00-0600'],
    ['an hour-only offset', '2026-12-01T17:05:00-06'],
    ['a zone name instead of an offset', '2026-12-01T17:05:00 America/Chicago'],
    ['words', 'tomorrow at 5pm'],
    ['epoch milliseconds', '1796166300000'],
    ['a US date', '12/01/2026 17:05 -06:00'],
    ['a month that does not exist', '2026-13-01T10:00:00Z'],
    ['an hour that does not exist', '2026-12-01T25:00:00Z'],
    ['a minute that does not exist', '2026-12-01T23:60Z'],
    ['a second that does not exist', '2026-12-01T17:05:60-06:00'],
    ['an offset out of range', '2026-12-01T17:05:00-25:00'],
    ['an offset minute out of range', '2026-12-01T17:05:00+05:99'],
    ['ten digits of fraction', '2026-12-01T23:05:00.1234567890Z'],
    ['a lower-case z', '2026-12-01T23:05:00z'],
    ['two instants', '2026-12-01T23:05Z 2026-12-02T23:05Z'],
  ])('refuses %s (%s), saying what to write and what it got', (_what, text) => {
    const error = refusal(text);
    expect(error, text).toBeDefined();
    expect(error?.message).toContain(HOW_TO_WRITE_NOW);
    expect(error?.message).toContain(`got "${text.trim()}"`);
  });

  // The pattern checks the shape and `new Date` the rest,
  // and V8 rolls an impossible day of the month over instead of refusing it (HOMEROUNDS_NOW=2026-02-30T10:00Z
  // would start the platform on 2 March without a word): parseClockSetting checks the date that was written.
  it.each([
    ['2026-02-30T10:00:00Z'],
    ['2026-04-31T10:00:00-05:00'],
    ['2026-11-31T23:45:00-06:00'],
    ['2026-11-30T24:00:00-06:00'],
    ['2026-11-30T23:60:00-06:00'],
  ])('refuses the impossible calendar date %s', (text) => {
    expect(refusal(text)?.message).toContain(HOW_TO_WRITE_NOW);
  });

  it('keeps what it quotes short and printable', () => {
    const error = refusal(`\u0007evil\u001b[2J${'x'.repeat(200)}`);
    expect(error?.message).toContain('got "?evil?[2Jxxxx');
    expect([...(error?.message ?? '')].every((c) => c >= ' ' && c <= '~')).toBe(true);
    expect(error?.message.length).toBeLessThan(HOW_TO_WRITE_NOW.length + 80);
  });
});

describe('parseClockSetting: running or frozen', () => {
  const AT = '2026-10-28T09:30:00-05:00';

  it.each([
    [undefined, false],
    ['', false],
    ['running', false],
    ['RUNNING', false],
    [' running ', false],
    ['frozen', true],
    ['Frozen', true],
    ['\tfrozen\n', true],
  ])('HOMEROUNDS_CLOCK=%j → frozen: %s', (mode, frozen) => {
    expect(parseClockSetting(AT, mode)).toEqual({ start: new Date('2026-10-28T14:30:00.000Z'), frozen });
  });

  it.each([['paused'], ['stopped'], ['freeze'], ['true'], ['frozen now']])(
    'refuses HOMEROUNDS_CLOCK=%s, naming the two words it takes',
    (mode) => {
      const error = refusal(AT, mode);
      expect(error?.message).toBe(`HOMEROUNDS_CLOCK must be "running" or "frozen", not "${mode}"`);
    },
  );

  it('refuses a malformed mode even without an instant', () => {
    expect(refusal(undefined, 'paused')?.message).toBe('HOMEROUNDS_CLOCK must be "running" or "frozen", not "paused"');
  });

  it('refuses HOMEROUNDS_CLOCK=frozen without an instant: it says which instant is missing', () => {
    for (const now of [undefined, '', '  ']) {
      expect(refusal(now, 'frozen')?.message).toBe(
        'HOMEROUNDS_CLOCK=frozen needs HOMEROUNDS_NOW, the instant to freeze at',
      );
    }
  });

  it('a malformed instant is refused whatever the mode', () => {
    expect(refusal('2026-12-01T17:05', 'frozen')?.message).toContain(HOW_TO_WRITE_NOW);
    expect(refusal('2026-12-01T17:05', 'running')?.message).toContain(HOW_TO_WRITE_NOW);
  });
});

describe('clockFromSetting', () => {
  const START = new Date('2026-10-28T14:30:00.000Z');

  /** A millisecond source the test moves by hand (far from START: the clock must not read it as "now"). */
  function source(at = Date.parse('2031-05-05T05:05:05.000Z')) {
    const s = { t: at, millis: () => s.t };
    return s;
  }

  it('running: starts at the instant and moves on as the source moves, from when it was made', () => {
    const src = source();
    const now = clockFromSetting({ start: START, frozen: false }, src.millis);
    expect(now().toISOString()).toBe('2026-10-28T14:30:00.000Z');
    src.t += 1_500;
    expect(now().toISOString()).toBe('2026-10-28T14:30:01.500Z');
    src.t += 36 * 3_600_000; // a day and a half later
    expect(now().toISOString()).toBe('2026-10-30T02:30:01.500Z');
    // A clock made later starts at the instant again: the offset is taken when it is made.
    const later = clockFromSetting({ start: START, frozen: false }, src.millis);
    expect(later().toISOString()).toBe('2026-10-28T14:30:00.000Z');
  });

  it('frozen: the instant, however the source moves', () => {
    const src = source();
    const now = clockFromSetting({ start: START, frozen: true }, src.millis);
    expect(now().toISOString()).toBe('2026-10-28T14:30:00.000Z');
    src.t += 3 * 86_400_000;
    expect(now().toISOString()).toBe('2026-10-28T14:30:00.000Z');
  });

  it('hands out a new Date each time: a caller that changes one does not move the clock', () => {
    for (const frozen of [true, false]) {
      const now = clockFromSetting({ start: START, frozen }, source().millis);
      now().setUTCFullYear(1999);
      expect(now().toISOString()).toBe('2026-10-28T14:30:00.000Z');
    }
    const start = new Date(START);
    const now = clockFromSetting({ start, frozen: true }, source().millis);
    start.setUTCFullYear(1999); // the setting's own Date, changed afterwards
    expect(now().toISOString()).toBe('2026-10-28T14:30:00.000Z');
  });
});

describe('fixedNow', () => {
  it('always answers the instant, a new Date each time', () => {
    const instant = new Date('2027-01-01T06:10:00.000Z');
    const now = fixedNow(instant);
    const first = now();
    expect(first.toISOString()).toBe('2027-01-01T06:10:00.000Z');
    first.setUTCHours(0);
    instant.setUTCHours(0);
    expect(now().toISOString()).toBe('2027-01-01T06:10:00.000Z');
    expect(now()).not.toBe(now());
  });
});

describe('clockFromEnv (the faces’ clock, over the system clock)', () => {
  afterEach(() => resetTestNow());

  it('without HOMEROUNDS_NOW: the system clock, no setting', () => {
    setTestNow(new Date('2026-10-28T14:30:00.000Z'), { frozen: true });
    const clock = clockFromEnv({});
    expect(clock.setting).toBeNull();
    expect(clock.now().toISOString()).toBe('2026-10-28T14:30:00.000Z');
    setTestNow(new Date('2026-10-28T14:31:00.000Z'), { frozen: true });
    expect(clock.now().toISOString()).toBe('2026-10-28T14:31:00.000Z');
  });

  it('with HOMEROUNDS_NOW: runs on from the instant at the system clock’s pace, or stands still when frozen', () => {
    setTestNow(new Date('2026-10-28T14:30:00.000Z'), { frozen: true });
    const running = clockFromEnv({ HOMEROUNDS_NOW: '2027-03-14T01:59:00-06:00' });
    const frozen = clockFromEnv({ HOMEROUNDS_NOW: '2027-03-14T01:59:00-06:00', HOMEROUNDS_CLOCK: 'frozen' });
    expect(running.setting).toEqual({ start: new Date('2027-03-14T07:59:00.000Z'), frozen: false });
    expect(running.now().toISOString()).toBe('2027-03-14T07:59:00.000Z');
    setTestNow(new Date(testNow().getTime() + 90_000), { frozen: true });
    // 1:59 am CST + 90 s: 08:00:30Z, i.e. 3:00:30 am CDT (the spring change).
    expect(running.now().toISOString()).toBe('2027-03-14T08:00:30.000Z');
    expect(frozen.now().toISOString()).toBe('2027-03-14T07:59:00.000Z');
  });

  it('throws the setting’s error for a malformed environment', () => {
    expect(() => clockFromEnv({ HOMEROUNDS_NOW: '2026-12-01T17:05' })).toThrow(ClockSettingError);
    expect(() => clockFromEnv({ HOMEROUNDS_CLOCK: 'frozen' })).toThrow(/needs HOMEROUNDS_NOW/);
  });
});
