// Every read tool checks its days before reading the calendar (core/assistant/tool-kit.ts checkSpan, checkYear):
// the summarize_days call with dates centuries apart that once held the server for 10 s and 450 MB is answered
// `invalid` at once, saying what was wrong, with no calendar read; ranges of a few months and this year's days
// still work as before.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../core/assistant/tool-kit.ts';
import { MAX_RANGE_DAYS } from '../../../core/assistant/tool-kit.ts';
import { runTool } from '../../../core/assistant/tools/index.ts';
import { addDays } from '../../../fixtures/time.ts';
import { type MemoryCalendar, memoryCalendar } from '../../support/memory-calendar.ts';
import { DAYS, suiteSeed } from '../../support/seed-calendar.ts';
import { chicago, resetTestNow, setTestNow } from '../../support/test-clock.ts';

const EMAIL = 'maya.patel@homerounds.test';
const TODAY = DAYS.wednesday; // 2026-10-28
const NOW = chicago(TODAY, '09:30');
const seed = suiteSeed();

beforeAll(() => setTestNow(NOW, { frozen: true }));
afterAll(() => resetTestNow());

let calendar: MemoryCalendar;
let reads: Array<[Date, Date]>;
let ctx: ToolContext;

beforeEach(() => {
  calendar = memoryCalendar(seed, EMAIL);
  reads = [];
  const list = calendar.list.bind(calendar);
  ctx = {
    calendar: {
      ...calendar,
      list: (from, to) => {
        reads.push([from, to]);
        return list(from, to);
      },
    },
    userId: 'user-1',
    timeZone: 'America/Chicago',
    now: NOW,
    language: 'en',
    canWrite: async () => true,
  };
});

describe('day ranges and years, checked before any calendar read', () => {
  it('answers summarize_days over dates centuries apart `invalid` at once, without reading the calendar', async () => {
    const started = performance.now();
    const result = await runTool('summarize_days', { dates: ['1600-01-01', '2600-12-31'] }, ctx);
    expect(result.status).toBe('invalid');
    expect(result.say).toBe('1600-01-01 is outside the years I can look at: 2025 to 2028.');
    const first = await runTool('summarize_days', { dates: ['0001-01-01', '9999-12-31'] }, ctx);
    expect(first).toMatchObject({ status: 'invalid', say: expect.stringContaining('outside the years I can look at') });
    expect(reads).toEqual([]);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses listed days in the allowed years but further apart than a read may span', async () => {
    const result = await runTool('summarize_days', { dates: ['2026-01-05', '2027-12-20'] }, ctx);
    expect(result).toMatchObject({
      status: 'invalid',
      say: `Ask about at most ${MAX_RANGE_DAYS} days at a time (2026-01-05 to 2027-12-20 is 715 days).`,
    });
    expect(reads).toEqual([]);
  });

  it('accepts listed days a quarter apart, and reads only that span', async () => {
    const last = addDays(TODAY, MAX_RANGE_DAYS - 1);
    const result = await runTool('summarize_days', { dates: [TODAY, last] }, ctx);
    expect(result.status).toBe('answer');
    expect(reads).toHaveLength(1);
    const result2 = await runTool('summarize_days', { dates: [TODAY, addDays(last, 1)] }, ctx);
    expect(result2.status).toBe('invalid');
    expect(reads).toHaveLength(1);
  });

  it.each([
    ['list_visits', { date: '2031-03-02' }, '2031-03-02'],
    ['list_visits', { from: '1999-12-31', to: '2000-01-02' }, '1999-12-31'],
    ['summarize_days', { from: '2026-10-28', to: '9999-01-01' }, '9999-01-01'],
    ['find_visit', { date: '2024-12-31', position: 'first' }, '2024-12-31'],
    ['find_free_slots', { date: '2029-01-01' }, '2029-01-01'],
    ['optimize_route', { date: '2029-01-01' }, '2029-01-01'],
    ['drive_time', { from: '2026-10-28', to: '3026-10-28' }, '3026-10-28'],
    ['confirmation_status', { date: '1900-01-01' }, '1900-01-01'],
    ['book_visit', { date: '2100-06-01', patient: 'Rosa' }, '2100-06-01'],
  ])('%s with %j: invalid, naming the day and the years allowed, before any read', async (tool, args, day) => {
    const result = await runTool(tool, args, ctx);
    expect(result).toMatchObject({
      status: 'invalid',
      say: `${day} is outside the years I can look at: 2025 to 2028.`,
    });
    expect(reads).toEqual([]);
  });

  it('reads days from last year to two years ahead, in words too', async () => {
    expect((await runTool('list_visits', { date: '2025-01-01' }, ctx)).status).toBe('answer');
    expect((await runTool('list_visits', { date: '2028-12-31' }, ctx)).status).toBe('answer');
    expect((await runTool('list_visits', { date: 'tomorrow' }, ctx)).status).toBe('answer');
    const far = await runTool('list_visits', { date: 'January 3, 2031' }, ctx);
    expect(far).toMatchObject({
      status: 'invalid',
      say: '2031-01-03 is outside the years I can look at: 2025 to 2028.',
    });
    expect(reads).toHaveLength(3);
  });

  it('follows the clinician’s today: on New Year’s Day the window moves on', async () => {
    const newYear = chicago('2027-01-01', '09:00');
    const at = { ...ctx, now: newYear };
    expect((await runTool('list_visits', { date: '2026-01-01' }, at)).status).toBe('answer');
    expect((await runTool('list_visits', { date: '2025-12-31' }, at)).status).toBe('invalid');
    expect((await runTool('list_visits', { date: '2029-12-31' }, at)).status).toBe('answer');
  });
});
