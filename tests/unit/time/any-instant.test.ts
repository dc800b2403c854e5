// The instants that break products that take "today" for granted: just after midnight and late in the
// evening, a Saturday and a Sunday, the hours around both DST changes in Chicago (the repeated 1:30 am of
// the fall, the hour that does not exist in the spring), the last day of a month and of a year. At each
// one, over a seed generated for that instant's day and the pure product code, the test checks what every
// face makes of "now": the seed's today, the assistant's today/tomorrow/this week and "what's on tomorrow", the
// calendar's 30-day events window, the evening confirmation calls (which day they are for, when they call,
// until when) and the Route view's default day. Every expected date and time is written out by hand in the
// table below (Chicago: CDT = UTC-5 until Sun 1 Nov 2026 2:00 am, CST = UTC-6 until Sun 14 Mar 2027
// 2:00 am, then CDT again); the seed only says how many visits a day holds.
import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../core/assistant/tool-kit.ts';
import { runTool } from '../../../core/assistant/tools/index.ts';
import { parseMoments, parseRange } from '../../../core/assistant/when.ts';
import { eventsListUrl, eventsWindow } from '../../../core/calendar/events-request.ts';
import { callingHoursEnd, eveningCallTime, withinCallingHours } from '../../../core/confirmations/call-list.ts';
import { DEFAULT_CALL_AT, DEFAULT_CALLING_RULES } from '../../../core/confirmations/contract.ts';
import { relativeDayText, zonedDate, zonedMinute, zonedRfc3339 } from '../../../core/time/zoned-time.ts';
import { INITIAL_STATE, takeTurn } from '../../../emulators/assistant/conversation.ts';
import { generateSeed, type Seed } from '../../../fixtures/seed.ts';
import { seedToday } from '../../../fixtures/seed-db.ts';
import { createBatchRunner } from '../../../server/confirmations/runner.ts';
import type { ConfirmationSettings, ConfirmationStore } from '../../../server/confirmations/store.ts';
import { defaultRouteDay, localDay } from '../../../web/src/features/route/route-days.ts';
import { type MemoryCalendar, memoryCalendar } from '../../support/memory-calendar.ts';
import { visitsOn } from '../../support/seed-calendar.ts';
import { seedPatientRecords } from '../../support/seed-patients.ts';

const ZONE = 'America/Chicago';
const MAYA = 'maya.patel@homerounds.test';

interface Instant {
  /** What is special about it. */
  what: string;
  /** The instant, as a Chicago wall clock with its offset. */
  at: string;
  /** The same instant in UTC. */
  utc: string;
  /** Minutes since midnight on Chicago's wall clock. */
  minute: number;
  today: string;
  todayText: string;
  /** "This week": Monday to Sunday around today. */
  thisWeek: [string, string];
  tomorrow: string;
  tomorrowText: string;
  /** Whether the seed (visits on weekdays) has visits tomorrow. */
  visitsTomorrow: boolean;
  /** The calendar's window ends 30 × 24 h later (UTC). */
  windowEnd: string;
  /** The assistant's roster ("from today to in 30 days") ends on this day. */
  rosterTo: string;
  /** Tomorrow's evening calls: the day before the visits at 5 pm, until 9 pm that day (UTC). */
  callAt: string;
  callUntil: string;
  /** Whether tomorrow's batch is due (5 pm today has come) and whether patients may be called now. */
  callsDue: boolean;
  callingHours: boolean;
  /** The Route view's first day: the next day after today with visits. */
  routeDay: string;
}

const INSTANTS: Instant[] = [
  {
    what: 'just after midnight on a Wednesday (the seed day)',
    at: '2026-10-28T00:10:00-05:00',
    utc: '2026-10-28T05:10:00.000Z',
    minute: 10,
    today: '2026-10-28',
    thisWeek: ['2026-10-26', '2026-11-01'],
    todayText: 'Wednesday, October 28',
    tomorrow: '2026-10-29',
    tomorrowText: 'Thursday, October 29',
    visitsTomorrow: true,
    windowEnd: '2026-11-27T05:10:00.000Z', // 11:10 pm CST on Thu 26 Nov: the fall change is inside the window
    rosterTo: '2026-11-27',
    callAt: '2026-10-28T22:00:00.000Z',
    callUntil: '2026-10-29T02:00:00.000Z',
    callsDue: false,
    callingHours: false,
    routeDay: '2026-10-29',
  },
  {
    what: 'late evening on a Wednesday',
    at: '2026-10-28T23:45:00-05:00',
    utc: '2026-10-29T04:45:00.000Z',
    minute: 23 * 60 + 45,
    today: '2026-10-28',
    thisWeek: ['2026-10-26', '2026-11-01'],
    todayText: 'Wednesday, October 28',
    tomorrow: '2026-10-29',
    tomorrowText: 'Thursday, October 29',
    visitsTomorrow: true,
    windowEnd: '2026-11-28T04:45:00.000Z',
    rosterTo: '2026-11-27',
    callAt: '2026-10-28T22:00:00.000Z',
    callUntil: '2026-10-29T02:00:00.000Z',
    callsDue: true,
    callingHours: false,
    routeDay: '2026-10-29',
  },
  {
    what: 'Saturday 31 October late: the last day of a month, the night of the fall change',
    at: '2026-10-31T23:45:00-05:00',
    utc: '2026-11-01T04:45:00.000Z',
    minute: 23 * 60 + 45,
    today: '2026-10-31',
    thisWeek: ['2026-10-26', '2026-11-01'],
    todayText: 'Saturday, October 31',
    tomorrow: '2026-11-01',
    tomorrowText: 'Sunday, November 1',
    visitsTomorrow: false,
    windowEnd: '2026-12-01T04:45:00.000Z',
    rosterTo: '2026-11-30',
    callAt: '2026-10-31T22:00:00.000Z', // 5 pm CDT
    callUntil: '2026-11-01T02:00:00.000Z',
    callsDue: true,
    callingHours: false,
    routeDay: '2026-11-02',
  },
  {
    what: 'Sunday 1 November 1:30 am CDT, the first of the repeated hour',
    at: '2026-11-01T01:30:00-05:00',
    utc: '2026-11-01T06:30:00.000Z',
    minute: 90,
    today: '2026-11-01',
    thisWeek: ['2026-10-26', '2026-11-01'],
    todayText: 'Sunday, November 1',
    tomorrow: '2026-11-02',
    tomorrowText: 'Monday, November 2',
    visitsTomorrow: true,
    windowEnd: '2026-12-01T06:30:00.000Z',
    rosterTo: '2026-12-01',
    callAt: '2026-11-01T23:00:00.000Z', // 5 pm CST, after the change
    callUntil: '2026-11-02T03:00:00.000Z',
    callsDue: false,
    callingHours: false,
    routeDay: '2026-11-02',
  },
  {
    what: 'Sunday 1 November 1:30 am CST, the second of the repeated hour',
    at: '2026-11-01T01:30:00-06:00',
    utc: '2026-11-01T07:30:00.000Z',
    minute: 90,
    today: '2026-11-01',
    thisWeek: ['2026-10-26', '2026-11-01'],
    todayText: 'Sunday, November 1',
    tomorrow: '2026-11-02',
    tomorrowText: 'Monday, November 2',
    visitsTomorrow: true,
    windowEnd: '2026-12-01T07:30:00.000Z',
    rosterTo: '2026-12-01',
    callAt: '2026-11-01T23:00:00.000Z',
    callUntil: '2026-11-02T03:00:00.000Z',
    callsDue: false,
    callingHours: false,
    routeDay: '2026-11-02',
  },
  {
    what: 'Monday 2 November 7:00 am, the first working day after the fall change',
    at: '2026-11-02T07:00:00-06:00',
    utc: '2026-11-02T13:00:00.000Z',
    minute: 7 * 60,
    today: '2026-11-02',
    thisWeek: ['2026-11-02', '2026-11-08'],
    todayText: 'Monday, November 2',
    tomorrow: '2026-11-03',
    tomorrowText: 'Tuesday, November 3',
    visitsTomorrow: true,
    windowEnd: '2026-12-02T13:00:00.000Z',
    rosterTo: '2026-12-02',
    callAt: '2026-11-02T23:00:00.000Z',
    callUntil: '2026-11-03T03:00:00.000Z',
    callsDue: false,
    callingHours: false,
    routeDay: '2026-11-03',
  },
  {
    what: 'a Saturday morning',
    at: '2026-11-07T10:00:00-06:00',
    utc: '2026-11-07T16:00:00.000Z',
    minute: 10 * 60,
    today: '2026-11-07',
    thisWeek: ['2026-11-02', '2026-11-08'],
    todayText: 'Saturday, November 7',
    tomorrow: '2026-11-08',
    tomorrowText: 'Sunday, November 8',
    visitsTomorrow: false,
    windowEnd: '2026-12-07T16:00:00.000Z',
    rosterTo: '2026-12-07',
    callAt: '2026-11-07T23:00:00.000Z',
    callUntil: '2026-11-08T03:00:00.000Z',
    callsDue: false,
    callingHours: true,
    routeDay: '2026-11-09',
  },
  {
    what: 'a Sunday evening (Monday’s calls are due)',
    at: '2026-11-08T17:30:00-06:00',
    utc: '2026-11-08T23:30:00.000Z',
    minute: 17 * 60 + 30,
    today: '2026-11-08',
    thisWeek: ['2026-11-02', '2026-11-08'],
    todayText: 'Sunday, November 8',
    tomorrow: '2026-11-09',
    tomorrowText: 'Monday, November 9',
    visitsTomorrow: true,
    windowEnd: '2026-12-08T23:30:00.000Z',
    rosterTo: '2026-12-08',
    callAt: '2026-11-08T23:00:00.000Z',
    callUntil: '2026-11-09T03:00:00.000Z',
    callsDue: true,
    callingHours: true,
    routeDay: '2026-11-09',
  },
  {
    what: 'Saturday 13 March 2027 late, the night of the spring change',
    at: '2027-03-13T23:45:00-06:00',
    utc: '2027-03-14T05:45:00.000Z',
    minute: 23 * 60 + 45,
    today: '2027-03-13',
    thisWeek: ['2027-03-08', '2027-03-14'],
    todayText: 'Saturday, March 13',
    tomorrow: '2027-03-14',
    tomorrowText: 'Sunday, March 14',
    visitsTomorrow: false,
    windowEnd: '2027-04-13T05:45:00.000Z', // 12:45 am CDT on Tue 13 Apr
    rosterTo: '2027-04-12',
    callAt: '2027-03-13T23:00:00.000Z',
    callUntil: '2027-03-14T03:00:00.000Z',
    callsDue: true,
    callingHours: false,
    routeDay: '2027-03-15',
  },
  {
    what: 'Sunday 14 March 2027 1:59 am CST, a minute before the spring change',
    at: '2027-03-14T01:59:00-06:00',
    utc: '2027-03-14T07:59:00.000Z',
    minute: 60 + 59,
    today: '2027-03-14',
    thisWeek: ['2027-03-08', '2027-03-14'],
    todayText: 'Sunday, March 14',
    tomorrow: '2027-03-15',
    tomorrowText: 'Monday, March 15',
    visitsTomorrow: true,
    windowEnd: '2027-04-13T07:59:00.000Z',
    rosterTo: '2027-04-13',
    callAt: '2027-03-14T22:00:00.000Z', // 5 pm CDT, after the change
    callUntil: '2027-03-15T02:00:00.000Z',
    callsDue: false,
    callingHours: false,
    routeDay: '2027-03-15',
  },
  {
    what: 'Sunday 14 March 2027 3:30 am CDT, after the spring change',
    at: '2027-03-14T03:30:00-05:00',
    utc: '2027-03-14T08:30:00.000Z',
    minute: 3 * 60 + 30,
    today: '2027-03-14',
    thisWeek: ['2027-03-08', '2027-03-14'],
    todayText: 'Sunday, March 14',
    tomorrow: '2027-03-15',
    tomorrowText: 'Monday, March 15',
    visitsTomorrow: true,
    windowEnd: '2027-04-13T08:30:00.000Z',
    rosterTo: '2027-04-13',
    callAt: '2027-03-14T22:00:00.000Z',
    callUntil: '2027-03-15T02:00:00.000Z',
    callsDue: false,
    callingHours: false,
    routeDay: '2027-03-15',
  },
  {
    what: 'Monday 30 November late, the last day of a month',
    at: '2026-11-30T23:45:00-06:00',
    utc: '2026-12-01T05:45:00.000Z',
    minute: 23 * 60 + 45,
    today: '2026-11-30',
    thisWeek: ['2026-11-30', '2026-12-06'],
    todayText: 'Monday, November 30',
    tomorrow: '2026-12-01',
    tomorrowText: 'Tuesday, December 1',
    visitsTomorrow: true,
    windowEnd: '2026-12-31T05:45:00.000Z',
    rosterTo: '2026-12-30',
    callAt: '2026-11-30T23:00:00.000Z',
    callUntil: '2026-12-01T03:00:00.000Z',
    callsDue: true,
    callingHours: false,
    routeDay: '2026-12-01',
  },
  {
    what: 'Thursday 31 December late, the last day of a year',
    at: '2026-12-31T23:45:00-06:00',
    utc: '2027-01-01T05:45:00.000Z',
    minute: 23 * 60 + 45,
    today: '2026-12-31',
    thisWeek: ['2026-12-28', '2027-01-03'],
    todayText: 'Thursday, December 31',
    tomorrow: '2027-01-01',
    tomorrowText: 'Friday, January 1',
    visitsTomorrow: true,
    windowEnd: '2027-01-31T05:45:00.000Z',
    rosterTo: '2027-01-30',
    callAt: '2026-12-31T23:00:00.000Z',
    callUntil: '2027-01-01T03:00:00.000Z',
    callsDue: true,
    callingHours: false,
    routeDay: '2027-01-01',
  },
  {
    what: 'Friday 1 January 2027 just after midnight: the new year is today',
    at: '2027-01-01T00:10:00-06:00',
    utc: '2027-01-01T06:10:00.000Z',
    minute: 10,
    today: '2027-01-01',
    thisWeek: ['2026-12-28', '2027-01-03'],
    todayText: 'Friday, January 1',
    tomorrow: '2027-01-02',
    tomorrowText: 'Saturday, January 2',
    visitsTomorrow: false,
    windowEnd: '2027-01-31T06:10:00.000Z',
    rosterTo: '2027-01-31',
    callAt: '2027-01-01T23:00:00.000Z',
    callUntil: '2027-01-02T03:00:00.000Z',
    callsDue: false,
    callingHours: false,
    routeDay: '2027-01-04',
  },
];

// ─── The world at an instant ─────────────────────────────────────────────────────────────────────────

const seeds = new Map<string, Seed>();
/** The seed the local platform would hold on that day (30 days of visits from it). */
function seedOf(today: string): Seed {
  let seed = seeds.get(today);
  if (!seed) {
    seed = generateSeed({ today });
    seeds.set(today, seed);
  }
  return seed;
}

function world(row: Instant) {
  const now = new Date(row.at);
  const seed = seedOf(row.today);
  const calendar = memoryCalendar(seed, MAYA, ZONE);
  const maya = seed.clinicians.find((c) => c.email === MAYA);
  if (!maya) throw new Error('seed has no Maya');
  const ctx: ToolContext = {
    calendar,
    userId: maya.id,
    timeZone: ZONE,
    now,
    language: 'en',
    canWrite: async () => false,
  };
  return { now, seed, calendar, maya, ctx };
}

/** The evening-call runner over the in-memory calendar, with a store that holds only what plan and tick read. */
function confirmationRunner(
  now: Date,
  calendar: MemoryCalendar,
  clinician: { id: string; fullName: string },
  seed: Seed,
) {
  const created: Array<{ date: string; callAt: number; latestAt: number }> = [];
  const settings: ConfirmationSettings = {
    enabled: true,
    callAt: DEFAULT_CALL_AT,
    agencyName: 'Lakeshore Home Health',
    callbackNumber: null,
  };
  const store = {
    clinician: async () => ({ userId: clinician.id, email: MAYA, name: clinician.fullName, discipline: 'RN' }),
    eligibleClinicians: async () => [clinician.id],
    settings: async () => settings,
    calendarZone: async () => null,
    saveCalendarZone: async () => {},
    doNotCall: async () => new Set<string>(),
    callingRules: async () => DEFAULT_CALLING_RULES,
    batch: async () => null,
    openBatches: async () => [],
    // The batch the cron creates, as its machine was started (the row itself is not needed here).
    createBatch: async (_id: string, _userId: string, date: string, _state: string, snapshot: unknown) => {
      const { callAt, latestAt } = (snapshot as { context: { callAt: number; latestAt: number } }).context;
      created.push({ date, callAt, latestAt });
      return null;
    },
  };
  const never = () => Promise.reject(new Error('no calls in this test'));
  const logs: string[] = [];
  const runner = createBatchRunner({
    store: store as unknown as ConfirmationStore,
    calendarFor: () => calendar,
    voice: { createCampaign: never, createCall: never, getCall: never },
    // The seeded patients are on Maya's list, consenting: each of her visits is called.
    patients: async () => seedPatientRecords(seed, clinician.id),
    assistantId: async () => 'assistant',
    phoneNumberId: async () => 'number',
    callTokenSecret: 'a-test-call-token-secret-of-32-characters!',
    defaultCallbackNumber: '+13125550100',
    defaultTimeZone: ZONE,
    now: () => now,
    log: (line) => logs.push(line),
  });
  return { runner, created, logs };
}

// ─── The checks ──────────────────────────────────────────────────────────────────────────────────────

describe.each(INSTANTS)('at $at ($what)', (row) => {
  it('is the instant the table says, on the day it says (zoned time, the seed’s today, the process zone)', () => {
    const { now } = world(row);
    expect(now.toISOString()).toBe(row.utc);
    expect(zonedRfc3339(now, ZONE)).toBe(row.at);
    expect(zonedDate(now, ZONE)).toBe(row.today);
    expect(zonedMinute(now, ZONE)).toBe(row.minute);
    expect(seedToday(now)).toBe(row.today);
    expect(localDay(now)).toBe(row.today);
    expect(relativeDayText(row.today, row.today)).toBe(`today, ${row.todayText}`);
    expect(relativeDayText(row.tomorrow, row.today)).toBe(`tomorrow, ${row.tomorrowText}`);
  });

  it('the assistant reads "today" and "tomorrow" as the table’s days', async () => {
    const { now, ctx } = world(row);
    expect(parseMoments('tomorrow', now, ZONE)[0]?.date).toBe(row.tomorrow);
    expect(parseMoments('mañana', now, ZONE, 'es')[0]?.date).toBe(row.tomorrow);
    const week = parseRange('this week', now, ZONE);
    expect([week?.from, week?.to]).toEqual(row.thisWeek);
    const today = await runTool('list_visits', { date: 'today' }, ctx);
    const tomorrow = await runTool('list_visits', { date: 'tomorrow' }, ctx);
    expect([today.from, today.to]).toEqual([row.today, row.today]);
    expect([tomorrow.from, tomorrow.to]).toEqual([row.tomorrow, row.tomorrow]);
    expect(today.say).toContain(`today, ${row.todayText}`);
    expect(tomorrow.say).toContain(`tomorrow, ${row.tomorrowText}`);
  });

  it('"What are my appointments tomorrow?" lists tomorrow’s visits of the seed, by that day’s name', async () => {
    const { now, seed, ctx } = world(row);
    const visits = visitsOn(MAYA, row.tomorrow, seed);
    expect(visits.length > 0).toBe(row.visitsTomorrow);
    const calls: Array<{ name: string; args: Record<string, unknown>; facts: Record<string, unknown> }> = [];
    const out = await takeTurn({
      text: 'What are my appointments tomorrow?',
      now,
      state: INITIAL_STATE,
      defaultTimeZone: ZONE,
      callTool: async (name, args) => {
        const result = await runTool(name, args, ctx);
        calls.push({ name, args, facts: result });
        return { name, args, result: JSON.stringify(result), error: null };
      },
    });
    // The roster read first: today and the next 30 days.
    expect(calls[0]?.name).toBe('list_visits');
    expect([calls[0]?.facts.from, calls[0]?.facts.to]).toEqual([row.today, row.rosterTo]);
    const answer = calls.at(-1);
    expect(answer?.name).toBe('list_visits');
    expect([answer?.facts.from, answer?.facts.to]).toEqual([row.tomorrow, row.tomorrow]);
    if (row.visitsTomorrow) {
      expect(out.reply).toContain(`You have ${visits.length} visits tomorrow, ${row.tomorrowText}:`);
      for (const v of visits) expect(out.reply).toContain((v.summary ?? '').split(' — ')[1] as string);
    } else {
      expect(out.reply).toContain(`You have no visits tomorrow, ${row.tomorrowText}.`);
    }
  });

  it('the calendar asks for now → 30 × 24 h, which holds every seeded event not yet over', async () => {
    const { now, seed, maya } = world(row);
    const window = eventsWindow(now);
    expect(window).toEqual({ timeMin: row.utc, timeMax: row.windowEnd });
    const url = new URL(eventsListUrl('https://www.googleapis.com', window));
    expect(url.searchParams.get('timeMin')).toBe(row.utc);
    expect(url.searchParams.get('timeMax')).toBe(row.windowEnd);
    const ahead = seed.events.filter((e) => e.clinicianId === maya.id && Date.parse(e.endsAt) > now.getTime());
    expect(ahead.length).toBeGreaterThan(0);
    for (const e of ahead) expect(Date.parse(e.startsAt), e.startsAt).toBeLessThan(Date.parse(row.windowEnd));
  });

  it('the evening calls: tomorrow’s list, called at 5 pm the day before until 9 pm, due once 5 pm has come', async () => {
    const { now, seed, calendar, maya } = world(row);
    expect(eveningCallTime(row.tomorrow, DEFAULT_CALL_AT, ZONE).toISOString()).toBe(row.callAt);
    expect(callingHoursEnd(new Date(row.callAt), ZONE).toISOString()).toBe(row.callUntil);
    expect(withinCallingHours(now, ZONE)).toBe(row.callingHours);
    expect(withinCallingHours(new Date(row.callAt), ZONE)).toBe(true);

    const { runner, created, logs } = confirmationRunner(now, calendar, maya, seed);
    const plan = await runner.plan(MAYA);
    expect(plan.date).toBe(row.tomorrow);
    expect(plan.timeZone).toBe(ZONE);
    expect(plan.callAt).toBe(row.callAt);
    expect(plan.latestAt).toBe(row.callUntil);
    expect(plan.entries.map((e) => e.eventId)).toEqual(visitsOn(MAYA, row.tomorrow, seed).map((v) => v.id));
    expect(plan.entries.every((e) => e.skip === null)).toBe(true);

    await runner.tick();
    expect(logs).toEqual([]);
    expect(created).toEqual(
      row.callsDue ? [{ date: row.tomorrow, callAt: Date.parse(row.callAt), latestAt: Date.parse(row.callUntil) }] : [],
    );
  });

  it('the Route view starts on the next day with visits', async () => {
    const { now, calendar } = world(row);
    const window = eventsWindow(now);
    const events = await calendar.list(new Date(window.timeMin), new Date(window.timeMax));
    expect(defaultRouteDay(events, localDay(now))).toBe(row.routeDay);
  });
});
