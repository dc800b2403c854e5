// The tools fed the arguments a language model plausibly passes when a clinician speaks (names as a speech
// recogniser writes them or misspelt, days of the month, words instead of dates, a visit's length said with its day,
// arguments that are not the tool's), over the suite's seed at 7:00 AM on Wednesday 28 October 2026 in Chicago.
// Each answer's facts are checked against the seed, computed here independently; and over every call, no answer
// states another patient's facts or another day's: a name or a day the tools are not sure of is asked back
// (`not_found` with "Did you mean …?", `ambiguous`, `invalid`), with no visit, time, address or phone in it.
// The rows of docs/assistant.md's "What the tools accept" table are these cases (one test each).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../core/assistant/contract.ts';
import type { PatientListPort, ToolContext } from '../../../core/assistant/tool-kit.ts';
import { runTool } from '../../../core/assistant/tools/index.ts';
import type { PatientRecord } from '../../../core/patients/patients.ts';
import type { SeedEvent } from '../../../fixtures/seed.ts';
import { addDays, chicagoDate } from '../../../fixtures/time.ts';
import { type MemoryCalendar, memoryCalendar } from '../../support/memory-calendar.ts';
import { repoRoot } from '../../support/run-cli.ts';
import { DAYS, visitsOn as seededVisitsOn, suiteSeed } from '../../support/seed-calendar.ts';
import { chicago, resetTestNow, setTestNow } from '../../support/test-clock.ts';

const EMAIL = 'maya.patel@homerounds.test';
const TODAY = DAYS.wednesday;
const NOW = chicago(TODAY, '07:00');
const seed = suiteSeed();
const maya = seed.clinicians.find((c) => c.email === EMAIL);
if (!maya) throw new Error('seed has no Maya');
const patients = seed.patients.filter((p) => p.clinicianId === maya.id);
/** Every patient of Maya's, by the name the calendar writes. */
const NAMES = patients.map((p) => p.fullName);

// ─── Independent facts from the seed ─────────────────────────────────────────────────────────────────

const hhmm = (e: SeedEvent) => ('dateTime' in e.start ? e.start.dateTime.slice(11, 16) : '');
const patientOf = (e: SeedEvent) => (e.summary ?? '').split(' — ')[1] ?? '';
const visitsOn = (date: string) => seededVisitsOn(EMAIL, date, seed);
/** A patient's seeded visits from now on, in time order. */
const upcomingOf = (name: string) =>
  seed.events
    .filter((e) => e.clinicianId === maya.id && e.kind === 'visit' && patientOf(e) === name)
    .filter((e) => Date.parse(e.startsAt) >= NOW.getTime())
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
const dayOf = (e: SeedEvent) => chicagoDate(new Date(e.startsAt));

// ─── What no answer may say ──────────────────────────────────────────────────────────────────────────

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MESES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** The seeded patients a sentence names (by full name, or by a surname alone). */
function namesIn(text: string): string[] {
  return NAMES.filter((name) => text.includes(name) || new RegExp(`\\b${name.split(' ').at(-1)}\\b`).test(text));
}

/** The days a sentence names ("Tuesday, November 3", "el martes, 3 de noviembre"), as YYYY-MM-DD (2026). */
function daysIn(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(
    /\b(January|February|March|April|May|June|July|August|September|October|November|December) (\d{1,2})\b/g,
  ))
    found.push(
      `2026-${String(MONTHS.indexOf(m[1] as string) + 1).padStart(2, '0')}-${(m[2] as string).padStart(2, '0')}`,
    );
  for (const m of text.matchAll(/\b(\d{1,2}) de ([a-z]+)\b/g)) {
    const month = MESES.indexOf(m[2] as string);
    if (month >= 0) found.push(`2026-${String(month + 1).padStart(2, '0')}-${(m[1] as string).padStart(2, '0')}`);
  }
  return found;
}

/** Every `date` a result's facts carry, however deep. */
function datesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(datesOf);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'date' && typeof v === 'string' ? [v] : key === 'confirmWith' ? [] : datesOf(v),
  );
}

/** Every patient a result's facts carry, however deep (the calendar's words included). */
function patientsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(patientsOf);
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) =>
    key === 'patient' && typeof v === 'string' ? [v] : key === 'candidates' ? [] : patientsOf(v),
  );
}

const CLOCK = /\b\d{1,2}:\d{2}\b/;
const PHONE = /\(\d{3}\) \d{3}-\d{4}/;

interface Case {
  /** What the clinician said (docs/assistant.md's example when `row` is set). */
  said: string;
  tool: string;
  args: Record<string, unknown>;
  status: ToolResult['status'];
  /** The only patients the answer may name or carry. */
  patients: string[];
  /** The only days the answer may name or carry. */
  days: string[];
  /** The kind of question, for docs/assistant.md's table. */
  row?: string;
  check?(result: ToolResult & Record<string, unknown>): void;
}

// ─── The calls ───────────────────────────────────────────────────────────────────────────────────────

const malvinaNext = upcomingOf('Malvina Gorczany')[0] as SeedEvent;
const malvinaOnThe3rd = visitsOn('2026-11-03').find((e) => patientOf(e) === 'Malvina Gorczany') as SeedEvent;
const daisy = patients.find((p) => p.fullName === 'Daisy Osinski');
const daisyNext = upcomingOf('Daisy Osinski')[0] as SeedEvent;
const todays = visitsOn(TODAY);
const afterDaisy = todays[todays.findIndex((e) => patientOf(e) === 'Daisy Osinski') + 1] as SeedEvent;
const THE_3RD = '2026-11-03';
const WEEK_OF_THE_14TH = Array.from({ length: 7 }, (_, i) => addDays('2026-11-09', i));
const DAY_AFTER_TOMORROW = DAYS.friday;
const firstOfFriday = visitsOn(DAY_AFTER_TOMORROW)[0] as SeedEvent;

const CASES: Case[] = [
  {
    row: 'a name as speech recognition writes it',
    said: "When is Melvina Gorzani's next visit?",
    tool: 'find_visit',
    args: { patient: 'Melvina Gorzani' },
    status: 'answer',
    patients: ['Malvina Gorczany'],
    days: [dayOf(malvinaNext)],
    check: (r) => {
      expect(r.say).toMatch(/^I took “Melvina Gorzani” to be Malvina Gorczany\. Visit: Malvina Gorczany/);
      expect(r.visit).toMatchObject({
        patient: 'Malvina Gorczany',
        date: dayOf(malvinaNext),
        start: hhmm(malvinaNext),
      });
      expect(r.patientMatch).toMatchObject({ asked: 'Melvina Gorzani', patient: 'Malvina Gorczany', exact: false });
    },
  },
  {
    said: 'Malvina Gore Zany on the 3rd',
    tool: 'find_visit',
    args: { patient: 'Malvina Gore Zany', date: 'the 3rd' },
    status: 'answer',
    patients: ['Malvina Gorczany'],
    days: [THE_3RD],
    check: (r) => expect(r.visit).toMatchObject({ date: THE_3RD, start: hhmm(malvinaOnThe3rd) }),
  },
  {
    said: "Daisy Osinsky's phone number",
    tool: 'patient_details',
    args: { patient: 'Daisy Osinsky' },
    status: 'answer',
    patients: ['Daisy Osinski'],
    // Her visits in the roster (a month back, a month ahead), and no one else's.
    days: seed.events
      .filter((e) => e.clinicianId === maya.id && patientOf(e) === 'Daisy Osinski')
      .map(dayOf)
      .filter((d) => d >= addDays(TODAY, -30) && d <= addDays(TODAY, 30)),
    check: (r) => {
      expect(r.phone).toBe(daisy?.phone);
      expect(r.next).toMatchObject({ date: dayOf(daisyNext), start: hhmm(daisyNext) });
    },
  },
  {
    row: 'a name that is nobody certainly (*asks back*)',
    said: "What's Daisy Olsen's address?",
    tool: 'patient_details',
    args: { patient: 'Daisy Olsen' },
    status: 'not_found',
    patients: ['Daisy Osinski'],
    days: [],
    check: (r) => {
      expect(r.say).toMatch(/^I don't see a patient called “Daisy Olsen” .*\. Did you mean Daisy Osinski\?$/);
      expect(r.candidates).toEqual(['Daisy Osinski']);
    },
  },
  {
    said: '¿Cuál es la dirección de Daisy Olsen?',
    tool: 'patient_details',
    args: { patient: 'Daisy Olsen', language: 'es' },
    status: 'not_found',
    patients: ['Daisy Osinski'],
    days: [],
    check: (r) => expect(r.say).toMatch(/¿Te refieres a Daisy Osinski\?$/),
  },
  {
    row: 'a name on no calendar (*says so*)',
    said: 'When do I see Rosa Delgado?',
    tool: 'find_visit',
    args: { patient: 'Rosa Delgado' },
    status: 'not_found',
    patients: [],
    days: [],
    check: (r) => expect(r.candidates).toEqual([]),
  },
  {
    said: 'Gaetano Chris on Friday (he has no visit that day)',
    tool: 'find_visit',
    args: { patient: 'Gaetano Chris', date: 'Friday' },
    status: 'not_found',
    patients: ['Gaetano Kris'],
    days: [DAYS.friday],
    check: (r) => expect(r.say).toContain('Gaetano Kris has no visit on your calendar on Friday, October 30.'),
  },
  {
    row: 'the visit after a patient, the name misheard',
    said: 'Where do I go after Daisy Osinsky today?',
    tool: 'find_visit',
    args: { after: 'Daisy Osinsky', date: 'today' },
    status: 'answer',
    patients: ['Daisy Osinski', patientOf(afterDaisy)],
    days: [TODAY],
    check: (r) => expect(r.visit).toMatchObject({ patient: patientOf(afterDaisy), start: hhmm(afterDaisy) }),
  },
  {
    said: 'Where do I go after Daisy Olsen?',
    tool: 'find_visit',
    args: { after: 'Daisy Olsen', date: 'today' },
    status: 'not_found',
    patients: ['Daisy Osinski'],
    days: [],
  },
  {
    row: 'a day of the month',
    said: "What's on the 3rd?",
    tool: 'list_visits',
    args: { date: 'the 3rd' },
    status: 'answer',
    patients: visitsOn(THE_3RD).map(patientOf),
    days: [THE_3RD],
    check: (r) => {
      expect(r.say).toContain(`You have ${visitsOn(THE_3RD).length} visits on Tuesday, November 3:`);
      expect((r.visits as Array<{ start: string; patient: string }>).map((v) => [v.start, v.patient])).toEqual(
        visitsOn(THE_3RD).map((e) => [hhmm(e), patientOf(e)]),
      );
    },
  },
  {
    row: '… in Spanish',
    said: '¿Qué tengo el 3?',
    tool: 'list_visits',
    args: { date: 'el 3', language: 'es' },
    status: 'answer',
    patients: visitsOn(THE_3RD).map(patientOf),
    days: [THE_3RD],
    check: (r) => expect(r.say).toContain(`Tienes ${visitsOn(THE_3RD).length} visitas el martes, 3 de noviembre`),
  },
  {
    row: 'the week of a day',
    said: 'How many visits do I have the week of the 14th?',
    tool: 'summarize_days',
    args: { date: 'the week of the 14th' },
    status: 'answer',
    patients: NAMES,
    days: WEEK_OF_THE_14TH,
    check: (r) => {
      const visits = WEEK_OF_THE_14TH.flatMap(visitsOn);
      expect(r.say).toContain(
        `From Monday, November 9 to Sunday, November 15: ${visits.length} visits with ${new Set(visits.map(patientOf)).size} patients.`,
      );
    },
  },
  {
    row: 'the day after tomorrow',
    said: 'Who is first the day after tomorrow?',
    tool: 'find_visit',
    args: { date: 'the day after tomorrow', position: 'first' },
    status: 'answer',
    patients: [patientOf(firstOfFriday)],
    days: [DAY_AFTER_TOMORROW],
    check: (r) => expect(r.visit).toMatchObject({ patient: patientOf(firstOfFriday), start: hhmm(firstOfFriday) }),
  },
  {
    said: '¿Quién es la primera pasado mañana?',
    tool: 'find_visit',
    args: { date: 'pasado mañana', position: 'primera', language: 'es' },
    status: 'answer',
    patients: [patientOf(firstOfFriday)],
    days: [DAY_AFTER_TOMORROW],
  },
  {
    row: 'a length, not a time',
    said: 'Find me a 45 min visit on Thursday',
    tool: 'find_free_slots',
    args: { date: 'Thursday', durationMinutes: '45 min' },
    status: 'answer',
    patients: [],
    days: [DAYS.thursday],
    check: (r) => {
      expect(r).toMatchObject({ date: DAYS.thursday, durationMinutes: 45 });
      expect(r.say).toMatch(/^For a 45-minute visit tomorrow, Thursday, October 29, you can start /);
    },
  },
  {
    said: 'a 45 min visit on Thursday (the whole phrase passed as the day)',
    tool: 'find_free_slots',
    args: { date: 'a 45 min visit on Thursday', durationMinutes: 45 },
    status: 'answer',
    patients: [],
    days: [DAYS.thursday],
  },
  {
    said: 'Book Melvina Gorzani for 45 minutes Monday at 4',
    tool: 'book_visit',
    args: { patient: 'Melvina Gorzani', date: 'Monday', time: '4pm', durationMinutes: '45 minutes' },
    status: 'proposal',
    // The proposal says what the time breaks: that day's visits around it.
    patients: ['Malvina Gorczany', ...visitsOn(DAYS.monday).map(patientOf)],
    days: [DAYS.monday],
    check: (r) => {
      expect(r.say).toMatch(/^I took “Melvina Gorzani” to be Malvina Gorczany\. Shall I book a 45-minute /);
      expect(r.confirmWith).toMatchObject({
        patient: 'Malvina Gorczany',
        date: DAYS.monday,
        time: '16:00',
        durationMinutes: 45,
      });
    },
  },
  {
    row: 'what cannot be read (*asks back*)',
    said: 'What do I have on the 3th of Smarch?',
    tool: 'list_visits',
    args: { date: 'the 3th of Smarch' },
    status: 'invalid',
    patients: [],
    days: [],
    check: (r) => expect(r.say).toMatch(/^I couldn't read “the 3th of Smarch” as a day/),
  },
  {
    said: 'first visit next week (a week passed as one day)',
    tool: 'find_visit',
    args: { date: 'next week', position: 'first' },
    status: 'invalid',
    patients: [],
    days: [DAYS.monday, addDays(DAYS.monday, 6)],
  },
  {
    said: 'Thursday or Friday (two days passed as one)',
    tool: 'optimize_route',
    args: { date: 'Thursday or Friday' },
    status: 'invalid',
    patients: [],
    days: [DAYS.thursday, DAYS.friday],
  },
  {
    said: 'my 45 minute visit tomorrow (a length passed as the time)',
    tool: 'find_visit',
    args: { date: 'tomorrow', time: '45 minutes' },
    status: 'invalid',
    patients: [],
    days: [],
  },
  {
    said: "Daisy's visits (an argument list_visits does not take)",
    tool: 'list_visits',
    args: { patientName: 'Daisy', date: 'tomorrow' },
    status: 'invalid',
    patients: [],
    days: [],
  },
];

// ─── Running them ────────────────────────────────────────────────────────────────────────────────────

beforeAll(() => setTestNow(NOW, { frozen: true }));
afterAll(() => resetTestNow());

let calendar: MemoryCalendar;
let ctx: ToolContext;
beforeEach(() => {
  calendar = memoryCalendar(seed, EMAIL);
  ctx = {
    calendar,
    userId: maya.id,
    timeZone: 'America/Chicago',
    now: NOW,
    language: 'en',
    canWrite: async () => true,
  };
});

const ASKS_BACK = new Set(['not_found', 'ambiguous', 'invalid']);

describe.each(CASES.map((c) => [c.said, c] as const))('%s', (_said, c) => {
  it(`${c.tool} ${JSON.stringify(c.args)} → ${c.status}, with only that patient's and that day's facts`, async () => {
    const r = (await runTool(c.tool, c.args, ctx)) as ToolResult & Record<string, unknown>;
    expect(r.status, r.say).toBe(c.status);
    // No other patient, in what is said or in the facts.
    for (const name of namesIn(r.say)) expect(c.patients, `${name} in “${r.say}”`).toContain(name);
    for (const name of patientsOf(r)) expect(c.patients, `${name} in the facts`).toContain(name);
    // No other day.
    for (const date of [...daysIn(r.say), ...datesOf(r)]) expect(c.days, `${date} in “${r.say}”`).toContain(date);
    if (ASKS_BACK.has(c.status)) {
      // Asking back states no visit: no time, address or phone, no visit in the facts.
      expect(r.say).not.toMatch(CLOCK);
      expect(r.say).not.toMatch(PHONE);
      expect(r.say).not.toMatch(/Address|Dirección|Chicago, IL/);
      expect(r.visit ?? null).toBeNull();
      expect((r.visits as unknown[] | undefined) ?? []).toEqual([]);
    }
    c.check?.(r);
    expect(calendar.writes).toEqual([]);
  });
});

describe('the patient list', () => {
  const record = (fullName: string, extra: Partial<PatientRecord> = {}): PatientRecord => ({
    id: `rec-${fullName.toLowerCase().replace(/\W+/g, '-')}`,
    name_key: fullName.toLowerCase(),
    status: 'patient',
    full_name: fullName,
    address: null,
    lat: null,
    lng: null,
    phone: null,
    window_start: null,
    window_end: null,
    language: null,
    notes: null,
    automated_calls_consent: false,
    ...extra,
  });
  const withList = (records: PatientRecord[]): ToolContext => {
    const port: PatientListPort = {
      list: async () => records,
      add: async (r) => ({ ...r, id: 'new' }),
      update: async (id, changes) => ({ ...(records.find((r) => r.id === id) as PatientRecord), ...changes }),
    };
    return { ...ctx, patients: port };
  };

  it('matches a listed patient with no visit, and says only what the list holds', async () => {
    const r = await runTool(
      'patient_details',
      { patient: 'Rosalind Okafor' },
      withList([record('Rosalind Okafor', { phone: '(312) 555-0199', address: '10 W Elm St, Chicago, IL 60610' })]),
    );
    expect(r).toMatchObject({ status: 'answer', patient: 'Rosalind Okafor', phone: '(312) 555-0199', visits: [] });
    expect(r.say).toBe(
      'Rosalind Okafor: address “10 W Elm St, Chicago, IL 60610”; phone (312) 555-0199; on your patient list, with no visit on your calendar in the last or next 30 days.',
    );
  });

  it('asks which one when a name fits a listed patient and a calendar patient as surely', async () => {
    const r = await runTool('find_visit', { patient: 'Daisy' }, withList([record('Daisy Lane')]));
    expect(r).toMatchObject({ status: 'ambiguous', candidates: ['Daisy Osinski', 'Daisy Lane'] });
    expect(r.say).not.toMatch(CLOCK);
  });

  it('takes the one of two Daisys who is on the day asked', async () => {
    const r = await runTool('find_visit', { after: 'Daisy', date: 'today' }, withList([record('Daisy Lane')]));
    expect(r).toMatchObject({ status: 'answer', visit: { patient: patientOf(afterDaisy), start: hhmm(afterDaisy) } });
    expect(r.say).toMatch(/^After Daisy Osinski: /);
  });

  it('keeps what the clinician says for the patient a misheard name is, naming them in the proposal', async () => {
    const r = await runTool('update_patient', { patient: 'Melvina Gorzani', speaks: 'Polish' }, withList([]));
    expect(r).toMatchObject({
      status: 'proposal',
      patient: 'Malvina Gorczany',
      changes: { language: 'Polish' },
      confirmWith: { patient: 'Malvina Gorczany', speaks: 'Polish', confirm: true },
    });
    expect(r.say).toBe(
      "I took “Melvina Gorzani” to be Malvina Gorczany. I'll keep this on your patient list (adding them to it): Malvina Gorczany: speaks Polish. Shall I?",
    );
  });

  it('never changes a patient a name only resembles', async () => {
    const r = await runTool('update_patient', { patient: 'Daisy Olsen', window: 'morning' }, withList([]));
    expect(r).toMatchObject({ status: 'not_found', candidates: ['Daisy Osinski'] });
    expect(r).not.toHaveProperty('confirmWith');
  });
});

describe('docs/assistant.md', () => {
  it('lists each kind these cases answer, with its example, in "What the tools accept"', () => {
    const doc = readFileSync(join(repoRoot, 'docs/assistant.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## What the tools accept'));
    expect(section.length).toBeGreaterThan(100);
    for (const c of CASES.filter((x) => x.row)) {
      expect(section, c.row).toContain(`| ${c.row} | ${c.said} |`);
    }
  });
});
