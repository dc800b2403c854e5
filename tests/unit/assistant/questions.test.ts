// Every kind of question in docs/assistant.md, asked of the local assistant (the language stand-in and
// the tools, in process) over the suite's seed (tests/support/seed-calendar.ts) at 7:00 am on its first
// day, Wednesday 28 October 2026: each answer's facts (times, names, counts, orders) are checked against
// the seed computed here independently, on the days the questions name (DAYS), and the cases that must
// ask back do, without calling a write tool.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolName } from '../../../core/assistant/contract.ts';
import { DEFAULT_MOVE_RULE, planDay } from '../../../core/routing/index.ts';
import { type ConversationState, INITIAL_STATE } from '../../../emulators/assistant/conversation.ts';
import type { SeedEvent } from '../../../fixtures/seed.ts';
import { addDays, chicagoDateTime } from '../../../fixtures/time.ts';
import { type MemoryCalendar, memoryCalendar } from '../../support/memory-calendar.ts';
import { repoRoot } from '../../support/run-cli.ts';
import { DAYS, visitsOn as seededVisitsOn, suiteSeed } from '../../support/seed-calendar.ts';
import { standInTurn } from '../../support/stand-in-turn.ts';
import { chicago, resetTestNow, setTestNow } from '../../support/test-clock.ts';

const EMAIL = 'maya.patel@homerounds.test';
/** Today: the seed day, a Wednesday (Maya: 5 visits). */
const TODAY = DAYS.wednesday;
/** Tomorrow, Thursday 29 October (5 visits, and an untitled admin event at 7:00). */
const TOMORROW = DAYS.thursday;
/** "Friday": the coming one, 30 October (5 visits). */
const FRIDAY = DAYS.friday;
/** 7:00 am in Chicago, before the day's first visit. */
const NOW = chicago(TODAY, '07:00');
/** This week, Monday to Sunday: 26 October (before the seed's first day) to 1 November. */
const THIS_WEEK = { from: addDays(TODAY, -2), to: DAYS.sunday } as const;
/** Next week: Monday 2 November (the day after the DST change) to Sunday 8 November. */
const NEXT_WEEK = { from: DAYS.monday, to: addDays(DAYS.monday, 6) } as const;
const daysOf = (week: { from: string; to: string }) => Array.from({ length: 7 }, (_, i) => addDays(week.from, i));
const seed = suiteSeed();
const maya = seed.clinicians.find((c) => c.email === EMAIL);
if (!maya) throw new Error('seed has no Maya');
const mine = seed.events.filter((e) => e.clinicianId === maya.id);

// ─── Independent facts from the seed ─────────────────────────────────────────────────────────────────

const minuteOf = (iso: string) => Number(iso.slice(11, 13)) * 60 + Number(iso.slice(14, 16));
const startOf = (e: SeedEvent) => ('dateTime' in e.start ? e.start.dateTime : e.start.date);
const endOf = (e: SeedEvent) => ('dateTime' in e.end ? e.end.dateTime : e.end.date);
const patientOf = (e: SeedEvent) => (e.summary ?? '').split(' — ')[1] ?? '';
function clock(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h >= 12 ? 'PM' : 'AM'}`;
}
const clock24 = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
const visitsOn = (date: string): SeedEvent[] => seededVisitsOn(EMAIL, date, seed);
function patientsIn(from: string, to: string): { visits: number; patients: number } {
  const visits = mine.filter(
    (e) => e.kind === 'visit' && startOf(e).slice(0, 10) >= from && startOf(e).slice(0, 10) <= to,
  );
  return { visits: visits.length, patients: new Set(visits.map(patientOf)).size };
}
const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(`${date}T12:00:00Z`),
  );

// ─── The assistant under test ────────────────────────────────────────────────────────────────────────

// The clock stands at NOW for the whole file; the tools and the conversation read it from there.
beforeAll(() => setTestNow(NOW, { frozen: true }));
afterAll(() => resetTestNow());

let calendar: MemoryCalendar;
let state: ConversationState;
let canWrite: boolean;
let calls: Array<{ name: ToolName; args: Record<string, unknown> }>;

beforeEach(() => {
  calendar = memoryCalendar(seed, EMAIL);
  state = INITIAL_STATE;
  canWrite = true;
  calls = [];
});

async function ask(text: string): Promise<string> {
  const out = await standInTurn({
    text,
    state,
    calendar,
    userId: maya?.id ?? '',
    canWrite,
    onToolCall: (call) => calls.push(call),
  });
  state = out.state;
  return out.reply;
}

const writesCalled = () => calls.filter((c) => ['book_visit', 'move_visit', 'cancel_visit'].includes(c.name));

// ─── The table ───────────────────────────────────────────────────────────────────────────────────────

describe('docs/assistant.md', () => {
  it('lists every example phrase these tests ask', () => {
    const doc = readFileSync(join(repoRoot, 'docs/assistant.md'), 'utf8');
    for (const phrase of DOC_EXAMPLES) expect(doc, phrase).toContain(phrase);
  });
});

const DOC_EXAMPLES = [
  'What are my appointments tomorrow?',
  '¿Cuáles son mis citas de mañana?',
  'How many patients do I see this week?',
  'How many visits do I have on Friday?',
  'Who is my first patient on Friday?',
  "When does Friday's last visit end?",
  "Who is my next patient and what's their address?",
  'Which day next week is lightest?',
  "What's my busiest day this week?",
  'Is Monday busier than Tuesday?',
  'Which is busier, Thursday or Friday?',
  'How much driving do I have this week?',
  "What's on my plate tomorrow afternoon?",
  'How far will I drive tomorrow?',
  'How long is the drive between my 8:00 and 9:00 visits tomorrow?',
  'Optimize my route for tomorrow',
  "What's the best order for Tuesday's patients?",
  'When am I free Thursday afternoon for 45 minutes?',
  'What do the notes say for my 10:20 tomorrow?',
  "What's Daisy's phone number?",
  'Schedule a home visit with a new patient on Friday at 10 am',
  'Move my 2pm tomorrow to 4pm',
  "Cancel Friday's last visit",
  'Push my 9am tomorrow back 30 minutes',
  '¿Cuántos pacientes veo esta semana?',
  'Mueve mi cita de las 2 de mañana a las 4',
  'Schedule a home visit',
  'Move my visit',
  "What's the weather like?",
  'What dose of insulin should she take?',
  'My patient is not breathing',
];

describe('reading the calendar', () => {
  it("a day's visits: every visit with its real time, patient and address", async () => {
    const reply = await ask('What are my appointments tomorrow?');
    const visits = visitsOn(TOMORROW);
    expect(reply).toContain(`You have ${visits.length} visits tomorrow, ${dayName(TOMORROW)}`);
    for (const [i, v] of visits.entries()) {
      expect(reply).toContain(`${i + 1}. ${clock(minuteOf(startOf(v)))}–${clock(minuteOf(endOf(v)))} ${patientOf(v)}`);
      expect(reply).toContain(v.location as string);
    }
  });

  it('the same in Spanish, answered in Spanish with 24-hour times', async () => {
    const reply = await ask('¿Cuáles son mis citas de mañana?');
    const visits = visitsOn(TOMORROW);
    expect(reply).toContain(`Tienes ${visits.length} visitas mañana`);
    for (const v of visits)
      expect(reply).toContain(`${clock24(minuteOf(startOf(v)))}–${clock24(minuteOf(endOf(v)))} ${patientOf(v)}`);
  });

  it('counts of visits and patients for a week (Monday to Sunday)', async () => {
    const { visits, patients } = patientsIn(THIS_WEEK.from, THIS_WEEK.to);
    expect(await ask('How many patients do I see this week?')).toContain(`${visits} visits with ${patients} patients`);
    expect(await ask('¿Cuántos pacientes veo esta semana?')).toContain(`${visits} visitas con ${patients} pacientes`);
  });

  it('counts for one day', async () => {
    const { visits, patients } = patientsIn(FRIDAY, FRIDAY);
    expect(await ask('How many visits do I have on Friday?')).toContain(`${visits} visits with ${patients} patients`);
  });

  it('the first and the last visit of a day', async () => {
    const friday = visitsOn(FRIDAY);
    const first = friday[0] as SeedEvent;
    const last = friday.at(-1) as SeedEvent;
    const firstReply = await ask('Who is my first patient on Friday?');
    expect(firstReply).toContain(`Your first visit: ${patientOf(first)}`);
    expect(firstReply).toContain(`${clock(minuteOf(startOf(first)))}–${clock(minuteOf(endOf(first)))}`);
    const lastReply = await ask("When does Friday's last visit end?");
    expect(lastReply).toContain(`Your last visit: ${patientOf(last)}`);
    expect(lastReply).toContain(`–${clock(minuteOf(endOf(last)))}`);
  });

  it('the next patient, where and when', async () => {
    const next = visitsOn(TODAY)[0] as SeedEvent;
    const reply = await ask("Who is my next patient and what's their address?");
    expect(reply).toContain(`Your next visit: ${patientOf(next)}`);
    expect(reply).toContain(`Address: “${next.location}”`);
    expect(reply).toContain(clock(minuteOf(startOf(next))));
  });

  it('the lightest and the busiest day of a range', async () => {
    const days = daysOf(NEXT_WEEK).filter((d) => visitsOn(d).length > 0);
    const booked = (d: string) => visitsOn(d).reduce((sum, v) => sum + (v.durationMinutes ?? 0), 0);
    // Fewest visits; between equals, the least booked time.
    const byLoad = [...days].sort(
      (a, b) => visitsOn(a).length - visitsOn(b).length || booked(a) - booked(b) || a.localeCompare(b),
    );
    const lightest = byLoad[0] as string;
    const reply = await ask('Which day next week is lightest?');
    expect(reply).toContain(`Lightest day with visits: ${dayName(lightest)}: ${visitsOn(lightest).length} visits`);
    const week = daysOf(THIS_WEEK).filter((d) => visitsOn(d).length > 0);
    const most = Math.max(...week.map((d) => visitsOn(d).length));
    expect(await ask("What's my busiest day this week?")).toMatch(
      new RegExp(`Busiest: [A-Za-z]+, [A-Za-z]+ \\d+: ${most} visits`),
    );
  });

  it('a comparison of two days', async () => {
    // The coming Monday and Tuesday: 2 and 3 November.
    const mon = visitsOn(DAYS.monday).length;
    const tue = visitsOn(DAYS.tuesday).length;
    const reply = await ask('Is Monday busier than Tuesday?');
    expect(reply).toContain(`${dayName(DAYS.monday)}: ${mon} visits`);
    expect(reply).toContain(`${dayName(DAYS.tuesday)}: ${tue} visits`);
    // Eight visits each: the booked time decides.
    expect([mon, tue]).toEqual([8, 8]);
    const booked = (d: string) => visitsOn(d).reduce((sum, v) => sum + (v.durationMinutes ?? 0), 0);
    expect([booked(DAYS.monday), booked(DAYS.tuesday)]).toEqual([345, 420]);
    expect(reply).toContain(`Same number of visits; ${dayName(DAYS.tuesday)} has 75 more minutes booked.`);
  });

  it('a comparison said with "or"', async () => {
    // Thursday is tomorrow.
    const reply = await ask('Which is busier, Thursday or Friday?');
    expect(reply).toContain(`${dayName(TOMORROW)}: ${visitsOn(TOMORROW).length} visits`);
    expect(reply).toContain(`${dayName(FRIDAY)}: ${visitsOn(FRIDAY).length} visits`);
  });

  it('the driving of a week, day by day and in total', async () => {
    const reply = await ask('How much driving do I have this week?');
    const days = daysOf(THIS_WEEK).filter((d) => visitsOn(d).length >= 2);
    for (const d of days) expect(reply).toMatch(new RegExp(`${dayName(d)}: \\d+ min`));
    const perDay = [...reply.matchAll(/, [A-Z][a-z]+ \d+: (\d+) min/g)].map((m) => Number(m[1]));
    expect(perDay).toHaveLength(days.length);
    expect(reply).toContain(`you drive about ${perDay.reduce((a, b) => a + b, 0)} min in all`);
  });

  it('the visits of a part of the day', async () => {
    const reply = await ask("What's on my plate tomorrow afternoon?");
    for (const v of visitsOn(TOMORROW)) {
      const shown = reply.includes(patientOf(v));
      expect(shown, patientOf(v)).toBe(minuteOf(endOf(v)) > 12 * 60 && minuteOf(startOf(v)) < 17 * 60);
    }
  });

  it('the visit after another one', async () => {
    const [a, b] = visitsOn(TOMORROW) as [SeedEvent, SeedEvent];
    const reply = await ask(`Who do I see after ${patientOf(a)} tomorrow?`);
    expect(reply).toContain(`After ${patientOf(a)}: ${patientOf(b)}`);
  });

  it("a day's driving and one leg between two visits", async () => {
    const reply = await ask('How far will I drive tomorrow?');
    expect(reply).toMatch(/Tomorrow, Thursday, October 29 you drive about \d+ min, about [\d.]+ miles/);
    expect(calls.at(-1)).toEqual({ name: 'drive_time', args: { date: TOMORROW } });
    const [a, b] = visitsOn(TOMORROW) as [SeedEvent, SeedEvent];
    const leg = await ask(
      `How long is the drive between my ${clock24(minuteOf(startOf(a)))} and ${clock24(minuteOf(startOf(b)))} visits tomorrow?`,
    );
    expect(leg).toContain(`Driving from ${patientOf(a)}`);
    expect(leg).toContain(`to ${patientOf(b)}`);
    const gap = minuteOf(startOf(b)) - minuteOf(endOf(a));
    expect(leg).toContain(`${gap} min`);
  });

  it('free time that leaves room for the drives', async () => {
    const thursday = TOMORROW;
    const reply = await ask('When am I free Thursday afternoon for 45 minutes?');
    const first = /you can start (\d{1,2}):(\d{2}) (AM|PM)/.exec(reply);
    expect(first).not.toBeNull();
    const start = ((Number(first?.[1]) % 12) + (first?.[3] === 'PM' ? 12 : 0)) * 60 + Number(first?.[2]);
    expect(start).toBeGreaterThanOrEqual(12 * 60);
    for (const v of visitsOn(thursday)) {
      const overlaps = minuteOf(startOf(v)) < start + 45 && start < minuteOf(endOf(v));
      expect(overlaps, patientOf(v)).toBe(false);
    }
  });

  it("a visit's notes, as plain text (never the description's HTML)", async () => {
    // Maya's third visit of the seed, today at 10:35, carries HTML and a script in its description.
    const withHtml = mine.find((e) => e.description?.includes('<script>')) as SeedEvent;
    expect(startOf(withHtml)).toBe(`${TODAY}T10:35:00-05:00`);
    const reply = await ask('What do the notes say for my 10:35 today?');
    expect(reply).toContain('Notes on the calendar: “Gate code 4411. Dog in the yard.”');
    expect(reply).not.toMatch(/<|script|alert/);
  });

  it("a patient's phone and address from their visits", async () => {
    const visit = visitsOn(TOMORROW)[0] as SeedEvent;
    const first = patientOf(visit).split(' ')[0] as string;
    const patient = seed.patients.find((p) => p.fullName === patientOf(visit));
    const reply = await ask(`What's ${first}'s phone number?`);
    expect(reply).toContain(`phone ${patient?.phone}`);
    expect(reply).toContain(`address “${patient?.address}”`);
  });
});

describe('the route: the same plan as the Route view, with the calendar’s times', () => {
  /** The answer's facts are planDay's for the day's events, as the Route view shows them. */
  async function expectPlanOf(day: string, reply: string): Promise<void> {
    const events = await calendar.list(chicagoDateTime(day, 0).instant, chicagoDateTime(addDays(day, 1), 0).instant);
    // The default rule: today's visits keep their times, later ones may move up to 90 minutes.
    const plan = planDay(events, day, { rule: { rule: DEFAULT_MOVE_RULE, today: TODAY } });
    const report = plan.report;
    if (!report) throw new Error(`no plan for ${day}`);
    const saved = Math.round(report.savedMinutes ?? 0);
    if (saved >= 1) {
      expect(reply).toContain(`you save ${saved} min`);
      expect(reply).toContain(plan.rule as string);
      report.optimized.order.forEach((id, i) => {
        const v = mine.find((e) => e.id === id) as SeedEvent;
        const booked = clock(minuteOf(startOf(v)));
        const stop = report.optimized.stops.find((s) => s.id === id);
        const at = clock(Number(stop?.start.slice(0, 2)) * 60 + Number(stop?.start.slice(3, 5)));
        const said = at === booked ? `(booked ${booked})` : `(${at}, booked ${booked})`;
        expect(reply).toContain(`${i + 1}. ${patientOf(v)} ${said}`);
      });
    } else {
      expect(reply).toContain(`already the best: about ${Math.round(report.travelBeforeMinutes)} min of driving`);
    }
  }

  it('optimises a day: the order and the saving of planDay under the default rule, saying each time that moves', async () => {
    // Tomorrow, Thursday 29 October: five visits (the untitled admin event at 7:00 is not routed).
    await expectPlanOf(TOMORROW, await ask('Optimize my route for tomorrow'));
    // "Tuesday's patients": the coming Tuesday, 3 November (eight visits).
    await expectPlanOf(DAYS.tuesday, await ask("What's the best order for Tuesday's patients?"));
  });
});

describe('changing the calendar', () => {
  it('books after a yes, once, even when the yes is repeated', async () => {
    const proposal = await ask('Schedule a home visit with a new patient on Friday at 10 am');
    expect(proposal).toContain(
      `Shall I book a 60-minute home visit with a new patient on ${dayName(FRIDAY)} at 10:00 AM?`,
    );
    expect(calendar.writes).toEqual([]);
    const waiting = state;
    expect(await ask('yes')).toContain(`Booked: Home visit with a new patient on ${dayName(FRIDAY)} at 10:00 AM`);
    state = waiting; // the same yes again, as a retried request with the same previous chat would send
    expect(await ask('yes')).toContain('That visit is already booked');
    expect(calendar.writes.filter((w) => w.kind === 'insert')).toHaveLength(1);
    const booked = calendar.events.get(calendar.writes[0]?.id as string);
    expect(booked?.start).toBe(chicagoDateTime(FRIDAY, 10 * 60).rfc3339);
  });

  it("moves a visit by its time, saying plainly when the new time breaks the patient's window", async () => {
    const visit =
      visitsOn(TOMORROW).find((v) => v.window && minuteOf(startOf(v)) >= 12 * 60) ??
      (visitsOn(TOMORROW).at(-1) as SeedEvent);
    const from = minuteOf(startOf(visit));
    const to = from + 150;
    const windowEnd = Number(visit.window?.end.slice(0, 2)) * 60 + Number(visit.window?.end.slice(3));
    const reply = await ask(`Move my ${clock24(from)} tomorrow to ${clock24(to)}`);
    expect(reply).toContain(
      `Shall I move ${patientOf(visit)}'s visit tomorrow, ${dayName(TOMORROW)} at ${clock(from)}`,
    );
    expect(reply).toContain(`at ${clock(to)}?`);
    if (to + 30 > windowEnd) expect(reply).toContain(`outside ${patientOf(visit)}'s time window`);
    expect(await ask('yes')).toContain(`Moved: ${patientOf(visit)} is now tomorrow`);
    expect(calendar.events.get(visit.id)?.start).toBe(chicagoDateTime(TOMORROW, to).rfc3339);
  });

  it('the example move "Move my 2pm tomorrow to 4pm" finds the visit nearest 2pm', async () => {
    // Tomorrow's visit nearest 2 pm is the one at 2:15 pm (the others start at 1:20 pm or earlier).
    const near = visitsOn(TOMORROW).filter((v) => Math.abs(minuteOf(startOf(v)) - 14 * 60) <= 30);
    expect(near.map((v) => minuteOf(startOf(v)))).toEqual([14 * 60 + 15]);
    const reply = await ask('Move my 2pm tomorrow to 4pm');
    expect(reply).toContain(`Shall I move ${patientOf(near[0] as SeedEvent)}'s visit`);
    expect(reply).toContain('at 4:00 PM?');
  });

  it('cancels by position; "no" changes nothing', async () => {
    const last = visitsOn(FRIDAY).at(-1) as SeedEvent;
    const reply = await ask("Cancel Friday's last visit");
    expect(reply).toContain(
      `Shall I cancel ${patientOf(last)}'s visit on ${dayName(FRIDAY)} at ${clock(minuteOf(startOf(last)))}?`,
    );
    expect(await ask('no')).toContain("I haven't changed your calendar");
    expect(calendar.writes).toEqual([]);
  });

  it('a new request while a proposal waits is answered as itself, and the proposal is dropped', async () => {
    await ask("Cancel Friday's last visit");
    const first = visitsOn(TOMORROW)[0] as SeedEvent;
    const reply = await ask('cancel my first visit tomorrow');
    expect(reply).toContain(`Shall I cancel ${patientOf(first)}'s visit tomorrow`);
    expect(reply).toContain("I haven't made the earlier change");
    await ask('yes');
    expect(calendar.writes).toEqual([{ kind: 'remove', id: first.id }]);
  });

  it('moves by a relative amount, and says so when no visit starts at the time named', async () => {
    // No visit starts at 9:00 tomorrow (8:15 and 9:45 do).
    expect(visitsOn(TOMORROW).some((v) => minuteOf(startOf(v)) === 9 * 60)).toBe(false);
    expect(await ask('Push my 9am tomorrow back 30 minutes')).toMatch(
      /No visit starts at exactly 9:00 AM|You have no visit at 9:00 AM/,
    );
    const visit = visitsOn(TOMORROW).find((v) => minuteOf(startOf(v)) === 9 * 60 + 45) as SeedEvent;
    const reply = await ask('Push my 9:45 tomorrow back 30 minutes');
    expect(reply).toContain(`Shall I move ${patientOf(visit)}'s visit`);
    expect(reply).toContain(`to tomorrow, ${dayName(TOMORROW)} at 10:15 AM?`);
    expect(writesCalled().filter((c) => c.args.confirm === true)).toEqual([]);
  });

  it('in Spanish too', async () => {
    // The visit at 2:15 pm tomorrow, as in English.
    const near = visitsOn(TOMORROW).find((v) => minuteOf(startOf(v)) === 14 * 60 + 15) as SeedEvent;
    const reply = await ask('Mueve mi cita de las 2 de mañana a las 4');
    expect(reply).toContain(`¿Quieres mover la visita de ${patientOf(near)}`);
  });

  it('without write access it says what it would change and how to allow it, and writes nothing', async () => {
    canWrite = false;
    const last = visitsOn(FRIDAY).at(-1) as SeedEvent;
    const reply = await ask("Cancel Friday's last visit");
    expect(reply).toContain(`I would cancel ${patientOf(last)}'s visit`);
    expect(reply).toContain('press "Allow calendar changes"');
    expect(state.pending).toBeNull();
    expect(calendar.writes).toEqual([]);
  });
});

describe('asking back and saying what it cannot do', () => {
  it('asks who and when for a booking with neither', async () => {
    expect(await ask('Schedule a home visit')).toContain('Who is the visit with?');
    expect(writesCalled()).toEqual([]);
  });

  it('asks which visit to move', async () => {
    expect(await ask('Move my visit')).toContain('Which visit should I move?');
    expect(writesCalled()).toEqual([]);
  });

  it('says what it can do for a question outside the calendar, instead of answering another one', async () => {
    const reply = await ask("What's the weather like?");
    expect(reply).toContain("I'm not sure what you'd like me to do.");
    expect(calls.map((c) => c.name)).toEqual(['list_visits']); // only the roster read
  });

  it('gives no medical advice and sends emergencies to 911', async () => {
    expect(await ask('What dose of insulin should she take?')).toContain("I can't give medical advice");
    expect(await ask('My patient is not breathing')).toContain('call 911');
  });

  it('a therapy session for a nurse: says there is none rather than moving another visit', async () => {
    expect(await ask('Reschedule my therapy session')).toContain('You have no therapy visit on your calendar');
    expect(writesCalled()).toEqual([]);
  });
});
