// @vitest-environment happy-dom
// The web app's clock (web/src/app/clock.ts): the page's clock meta, as the local platform writes it under
// HOMEROUNDS_NOW, is read strictly (anything else is the browser's own clock), and a page that carries one
// runs on it from its first module on (page-clock.ts, imported first by main.tsx): Date.now(), new Date()
// and Date() read the page's clock, every other use of Date is unchanged. The browser's own clock here is
// the suite's fake Date, frozen, and moved by hand.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { systemMillis, systemNow } from '../../core/time/system-clock.ts';
import { appMillis, appNow, CLOCK_META_NAME, clockSettingOf, installPageClock } from '../../web/src/app/clock.ts';
import { resetTestNow, SUITE_START, setTestNow } from '../support/test-clock.ts';

describe('clockSettingOf: the meta the platform writes', () => {
  it.each([
    ['2026-12-01T23:05:00.000Z running', '2026-12-01T23:05:00.000Z', false],
    ['2026-12-01T23:05:00.000Z frozen', '2026-12-01T23:05:00.000Z', true],
    ['2026-12-01T23:05:00.000Z', '2026-12-01T23:05:00.000Z', false],
    ['  2026-11-01T07:30:00.000Z \t frozen\n', '2026-11-01T07:30:00.000Z', true],
    ['2026-11-01T01:30:00-06:00 running', '2026-11-01T07:30:00.000Z', false],
  ])('%j → %s, frozen: %s', (content, iso, frozen) => {
    const setting = clockSettingOf(content);
    expect(setting?.start.toISOString()).toBe(iso);
    expect(setting?.frozen).toBe(frozen);
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['   '],
    ['soon'],
    ['not-a-date running'],
    ['2026-12-01T23:05:00.000Z paused'],
    ['2026-12-01T23:05:00.000Z Frozen'],
    ['2026-12-01T23:05:00.000Z running extra'],
    ['running 2026-12-01T23:05:00.000Z'],
  ])('%j is no setting: the browser’s own clock', (content) => {
    expect(clockSettingOf(content)).toBeNull();
  });
});

describe('the page’s clock', () => {
  const AT = '2026-12-31T23:45:00.000-06:00'; // 05:45Z on New Year's Day
  /** The browser's own Date (the suite's fake one, set up for each test). */
  let BrowserDate: DateConstructor;

  function withMeta(content: string): void {
    const meta = document.createElement('meta');
    meta.setAttribute('name', CLOCK_META_NAME);
    meta.setAttribute('content', content);
    document.head.append(meta);
  }

  // "now" as every module reads it: new Date() and Date.now(), in the one module allowed to
  // (core/time/system-clock.ts); Date() called without `new` gives the same instant as text.
  const pageNow = () => systemNow().toISOString();
  const dateCalledAsFunction = () => Reflect.apply(globalThis.Date, undefined, []) as string;

  beforeEach(() => {
    // The browser's own clock: the suite's seed day, 9:30 am in Chicago, standing still until the test moves it.
    setTestNow(SUITE_START, { frozen: true });
    BrowserDate = globalThis.Date;
  });

  afterEach(() => {
    globalThis.Date = BrowserDate;
    for (const meta of document.head.querySelectorAll(`meta[name="${CLOCK_META_NAME}"]`)) meta.remove();
    resetTestNow();
  });

  it('without a meta (or with an unreadable one): the browser’s clock, Date untouched', () => {
    expect(installPageClock(document)).toBeNull();
    expect(installPageClock(undefined)).toBeNull();
    withMeta('tomorrow morning');
    expect(installPageClock(document)).toBeNull();
    expect(globalThis.Date).toBe(BrowserDate);
    expect(appNow().toISOString()).toBe(SUITE_START.toISOString());
    expect(appMillis()).toBe(SUITE_START.getTime());
  });

  it('frozen: every "now" of the page is the meta’s instant, however the browser’s clock moves', () => {
    withMeta(`${AT} frozen`);
    expect(installPageClock(document)).toEqual({ start: new BrowserDate('2027-01-01T05:45:00.000Z'), frozen: true });
    setTestNow(new Date(SUITE_START.getTime() + 3_600_000), { frozen: true });
    expect(pageNow()).toBe('2027-01-01T05:45:00.000Z');
    expect(systemMillis()).toBe(Date.parse('2027-01-01T05:45:00.000Z'));
    expect(appNow().toISOString()).toBe('2027-01-01T05:45:00.000Z');
    expect(appMillis()).toBe(Date.parse('2027-01-01T05:45:00.000Z'));
    expect(new BrowserDate(dateCalledAsFunction()).toISOString()).toBe('2027-01-01T05:45:00.000Z');
  });

  it('running: moves on from the meta’s instant at the browser clock’s pace', () => {
    withMeta(`${AT} running`);
    installPageClock(document);
    expect(appNow().toISOString()).toBe('2027-01-01T05:45:00.000Z');
    setTestNow(new Date(SUITE_START.getTime() + 20 * 60_000), { frozen: true });
    // 20 minutes later: 00:05 on 1 January in Chicago.
    expect(appNow().toISOString()).toBe('2027-01-01T06:05:00.000Z');
    expect(pageNow()).toBe('2027-01-01T06:05:00.000Z');
    expect(systemMillis()).toBe(Date.parse('2027-01-01T06:05:00.000Z'));
  });

  it('leaves every other use of Date as it was: dates with arguments, parse, UTC, instanceof', () => {
    withMeta(`${AT} frozen`);
    installPageClock(document);
    expect(new Date(0).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(new Date('2026-10-28T09:30:00-05:00').getTime()).toBe(SUITE_START.getTime());
    expect(new Date(2026, 9, 28, 9, 30).getTime()).toBe(SUITE_START.getTime()); // the process zone is Chicago
    expect(Date.parse('2026-10-28T14:30:00Z')).toBe(SUITE_START.getTime());
    expect(Date.UTC(2026, 9, 28, 14, 30)).toBe(SUITE_START.getTime());
    expect(systemNow()).toBeInstanceOf(BrowserDate);
    expect(new BrowserDate(0)).toBeInstanceOf(Date);
  });

  it('page-clock.ts, the entry’s first import, installs the meta’s clock before anything else reads the time', async () => {
    withMeta(`${AT} frozen`);
    vi.resetModules();
    await import('../../web/src/app/page-clock.ts');
    const fresh = await import('../../web/src/app/clock.ts');
    expect(globalThis.Date).not.toBe(BrowserDate);
    expect(fresh.appNow().toISOString()).toBe('2027-01-01T05:45:00.000Z');
    expect(pageNow()).toBe('2027-01-01T05:45:00.000Z');
  });

  it('page-clock.ts on a page without the meta changes nothing', async () => {
    vi.resetModules();
    await import('../../web/src/app/page-clock.ts');
    expect(globalThis.Date).toBe(BrowserDate);
    expect(pageNow()).toBe(SUITE_START.toISOString());
  });
});
