// The kinds of question of docs/assistant.md that lean on the conversation or on how people speak and type: names
// as a speech recogniser writes them, follow-ups and corrections, the answer to a question asked back, refusals
// that name a patient, emergencies in Spanish, shorthand and typos. Asked of the local assistant (the stand-in and
// the tools, in process) over the suite's seed at 7:00 am on Wednesday 28 October 2026, turn after turn with the
// state each turn hands the next; every fact is checked against the seed computed here, and every refusal against
// the facts it must not give (another patient's, another day's, the named patient's details).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ToolName } from '../../../core/assistant/contract.ts';
import { type ConversationState, INITIAL_STATE } from '../../../emulators/assistant/conversation.ts';
import type { SeedEvent } from '../../../fixtures/seed.ts';
import { chicagoDateTime } from '../../../fixtures/time.ts';
import { type MemoryCalendar, memoryCalendar } from '../../support/memory-calendar.ts';
import { repoRoot } from '../../support/run-cli.ts';
import { DAYS, visitsOn as seededVisitsOn, suiteSeed } from '../../support/seed-calendar.ts';
import { standInTurn } from '../../support/stand-in-turn.ts';
import { chicago, resetTestNow, setTestNow } from '../../support/test-clock.ts';

const EMAIL = 'maya.patel@homerounds.test';
const TODAY = DAYS.wednesday;
/** Tomorrow, Thursday 29 October: five visits. */
const TOMORROW = DAYS.thursday;
/** The coming Friday, 30 October: five visits. */
const FRIDAY = DAYS.friday;
const NOW = chicago(TODAY, '07:00');
const seed = suiteSeed();
const maya = seed.clinicians.find((c) => c.email === EMAIL);
if (!maya) throw new Error('seed has no Maya');

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
const patientNamed = (name: string) => {
  const patient = seed.patients.find((p) => p.fullName === name);
  if (!patient) throw new Error(`no patient ${name}`);
  return patient;
};
/** Every seeded visit of a patient from today on, in time order. */
const visitsOf = (name: string) =>
  seed.events
    .filter((e) => e.clinicianId === maya.id && e.kind === 'visit' && patientOf(e) === name)
    .filter((e) => startOf(e).slice(0, 10) >= TODAY)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
/** The patients Maya sees in the next 31 days (the stand-in's roster). */
const roster = [...new Set(seed.events.filter((e) => e.clinicianId === maya.id && e.kind === 'visit').map(patientOf))];
const phones = roster.map((name) => patientNamed(name).phone).filter((p): p is string => Boolean(p));
const addresses = roster.map((name) => patientNamed(name).address);

// ─── The assistant under test ────────────────────────────────────────────────────────────────────────

beforeAll(() => setTestNow(NOW, { frozen: true }));
afterAll(() => resetTestNow());

let calendar: MemoryCalendar;
let state: ConversationState;
let calls: Array<{ name: ToolName; args: Record<string, unknown> }>;

beforeEach(() => {
  calendar = memoryCalendar(seed, EMAIL);
  state = INITIAL_STATE;
  calls = [];
});

/** One turn, with the state the last turn handed on; `calls` holds this turn's tool calls (the roster read left out). */
async function ask(text: string): Promise<string> {
  calls = [];
  const out = await standInTurn({
    text,
    state,
    calendar,
    userId: maya?.id ?? '',
    canWrite: true,
    // The roster read (every turn's list of the next 30 days) left out.
    onToolCall: (call) => {
      if (!(call.name === 'list_visits' && call.args.from === 'today')) calls.push(call);
    },
  });
  state = out.state;
  return out.reply;
}

/** No phone or address of any patient: a refusal or a question back states no patient's facts. */
function expectNoPatientFacts(reply: string): void {
  for (const phone of phones) expect(reply).not.toContain(phone);
  for (const address of addresses) expect(reply).not.toContain(address);
}

const toolNames = () => calls.map((c) => c.name);

describe('docs/assistant.md', () => {
  it('lists the example phrases these tests ask', () => {
    const doc = readFileSync(join(repoRoot, 'docs/assistant.md'), 'utf8');
    for (const phrase of [
      'When do I see Melvina Gorzany?',
      "What's Laura Cole's phone number?",
      'and the one after that?',
      '¿y el siguiente?',
      'and her address?',
      'what about Friday?',
      'no, I meant Friday',
      'no, I meant Thursday',
      'no, I meant 5pm',
      'with Daisy Osinski on Friday at 11am',
      "Should I hold Daisy Osinski's Lasix before her visit?",
      "Text Daisy Osinski that I'm running late",
      "Bill Medicare for Daisy's visit today",
      'Se cayó y no respira',
      "who's my next pt tmrw?",
      'when is my f/u appt w/ Daisy Osinski',
      'any apointments on Fridy?',
      'how many visits next wedensday?',
      'whos last on friday',
      'how packed is the 29th',
      '¿qué tan ocupada estoy el 30?',
      'any room thursday for an hour and a half visit',
      'could i squeeze in a half hour visit on the 30th',
      '¿a quién tengo el viernes?',
      "what's my lineup for the 30th",
      'how long does it take to get from my second visit to my third on friday',
    ])
      expect(doc, phrase).toContain(phrase);
  });
});

// ─── Names as they are heard ─────────────────────────────────────────────────────────────────────────

describe('names as a speech recogniser writes them', () => {
  it('a name misheard but certainly one patient answers with that patient, named in the answer', async () => {
    const reply = await ask('When do I see Melvina Gorzany?');
    expect(calls).toEqual([{ name: 'list_visits', args: expect.objectContaining({ patient: 'Malvina Gorczany' }) }]);
    const visits = visitsOf('Malvina Gorczany').filter((v) => startOf(v).slice(0, 10) <= '2026-11-27');
    expect(reply).toContain(`You have ${visits.length} visits with Malvina Gorczany`);
    expect(reply).toContain(`Friday, October 30: ${clock(minuteOf(startOf(visits[0] as SeedEvent)))}`);
    // Typed with the spelling slips of a hurried phone: the same patient.
    expect(await ask("What's Dasy Osinsky's phone number?")).toContain(`phone ${patientNamed('Daisy Osinski').phone}`);
  });

  it('a name that is nobody certainly is asked back with the closest patient, and answered after "yes"', async () => {
    // Laurel Cole is a patient; "Laura Cole" is not: her last name alone must not answer for her.
    const question = await ask("What's Laura Cole's phone number?");
    expect(question).toBe("I don't have a patient called “Laura Cole”. Did you mean Laurel Cole?");
    expect(toolNames()).toEqual([]);
    expectNoPatientFacts(question);
    const answer = await ask('yes');
    expect(calls).toEqual([{ name: 'patient_details', args: { patient: 'Laurel Cole' } }]);
    expect(answer).toContain(`phone ${patientNamed('Laurel Cole').phone}`);
    // Two patients come close: a "yes" asks which; the name said then answers.
    expect(await ask('Who is Marvin?')).toBe(
      "I don't have a patient called “Marvin”. Did you mean Malvina Gorczany or Morgan Labadie?",
    );
    expect(await ask('yes')).toBe('Which one: Malvina Gorczany or Morgan Labadie?');
    expect(toolNames()).toEqual([]);
    expect(await ask('Morgan Labadie')).toContain(`phone ${patientNamed('Morgan Labadie').phone}`);
    // "No" asks for the name rather than guessing another.
    await ask('Who is Nelly Watson?');
    expect(await ask('no')).toContain('Which patient did you mean?');
    expect(toolNames()).toEqual([]);
  });
});

// ─── A conversation that remembers ───────────────────────────────────────────────────────────────────

describe('follow-ups lean on the last answer', () => {
  it('"and the one after that?" is the next visit of that day; "and her address?" that patient\'s', async () => {
    const [first, second, third] = visitsOn(FRIDAY) as [SeedEvent, SeedEvent, SeedEvent];
    expect(await ask('Who is my first patient on Friday?')).toContain(`Your first visit: ${patientOf(first)}`);
    const next = await ask('and the one after that?');
    expect(next).toContain(`Visit: ${patientOf(second)}`);
    expect(next).toContain(`${clock(minuteOf(startOf(second)))}–${clock(minuteOf(endOf(second)))}`);
    expect(next).not.toContain(patientOf(first));
    const address = await ask('and her address?');
    expect(calls).toEqual([{ name: 'patient_details', args: { patient: patientOf(second) } }]);
    expect(address).toContain(`address “${patientNamed(patientOf(second)).address}”`);
    // The visit found is still the one the next follow-up starts from.
    expect(await ask('the one after that')).toContain(`Visit: ${patientOf(third)}`);
  });

  it('the same in Spanish: "¿y el siguiente?"', async () => {
    const [first, second] = visitsOn(FRIDAY) as [SeedEvent, SeedEvent];
    expect(await ask('¿Quién es mi primer paciente el viernes?')).toContain(`Tu primera visita: ${patientOf(first)}`);
    const next = await ask('¿y el siguiente?');
    expect(next).toContain(`Visita: ${patientOf(second)}`);
    expect(next).toContain(clock24(minuteOf(startOf(second))));
  });

  it('"what about Friday?" asks the last question again for Friday', async () => {
    await ask('What are my appointments tomorrow?');
    const reply = await ask('what about Friday?');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: FRIDAY } }]);
    expect(reply).toContain(`You have ${visitsOn(FRIDAY).length} visits on Friday, October 30`);
    for (const v of visitsOn(FRIDAY)) expect(reply).toContain(patientOf(v));
    // Tomorrow's patients who are not also Friday's are not in it.
    const fridays = new Set(visitsOn(FRIDAY).map(patientOf));
    for (const v of visitsOn(TOMORROW).filter((v) => !fridays.has(patientOf(v)))) {
      expect(reply).not.toContain(patientOf(v));
    }
    // A part of the day, then a range: the same question narrowed, then widened.
    const morning = await ask('and the morning?');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: FRIDAY, after: '08:00', before: '12:00' } }]);
    const mornings = visitsOn(FRIDAY).filter((v) => minuteOf(startOf(v)) < 12 * 60);
    expect(morning).toContain(`You have ${mornings.length} visits on Friday, October 30 between 8:00 AM and 12:00 PM`);
  });

  it('a free-time question follows with its length and hours kept', async () => {
    await ask('When am I free Thursday afternoon for 45 minutes?');
    await ask('what about Friday?');
    expect(calls).toEqual([
      {
        name: 'find_free_slots',
        args: { date: FRIDAY, durationMinutes: 45, after: '12:00', before: '17:00' },
      },
    ]);
  });
});

describe('corrections replace the part they correct and ask again', () => {
  it('"no, I meant Friday" after a day\'s visits', async () => {
    await ask('What are my appointments tomorrow?');
    const reply = await ask('no, I meant Friday');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: FRIDAY } }]);
    expect(reply).toContain(`You have ${visitsOn(FRIDAY).length} visits on Friday, October 30`);
  });

  it('a correction of a waiting proposal replaces it: only the corrected visit is cancelled', async () => {
    const fridayLast = visitsOn(FRIDAY).at(-1) as SeedEvent;
    const thursdayLast = visitsOn(TOMORROW).at(-1) as SeedEvent;
    expect(await ask("Cancel Friday's last visit")).toContain(`Shall I cancel ${patientOf(fridayLast)}'s visit`);
    const corrected = await ask('no, I meant Thursday');
    expect(corrected).toContain(
      `Shall I cancel ${patientOf(thursdayLast)}'s visit tomorrow, Thursday, October 29 at ${clock(minuteOf(startOf(thursdayLast)))}?`,
    );
    expect(corrected).not.toContain("I haven't made the earlier change");
    expect(calendar.writes).toEqual([]);
    await ask('yes');
    expect(calendar.writes).toEqual([{ kind: 'remove', id: thursdayLast.id }]);
  });

  it('a correction that could change either the visit or its new time asks which, and keeps the proposal', async () => {
    const moved = visitsOn(TOMORROW).find((v) => minuteOf(startOf(v)) === 14 * 60 + 15) as SeedEvent;
    await ask('Move my 2:15 pm tomorrow to 4pm');
    expect(await ask('no, I meant 5pm')).toContain('Do you mean the visit at that time, or moving it to that time?');
    expect(state.pending).not.toBeNull();
    expect(await ask('to 4:30pm')).toContain(`Shall I move ${patientOf(moved)}'s visit`);
    await ask('yes');
    expect(calendar.events.get(moved.id)?.start).toBe(chicagoDateTime(TOMORROW, 16 * 60 + 30).rfc3339);
  });

  it('the answer to a question asked back completes the request', async () => {
    expect(await ask('Schedule a home visit')).toContain('Who is the visit with?');
    const proposal = await ask('with Daisy Osinski on Friday at 11am');
    expect(calls).toEqual([{ name: 'book_visit', args: { date: FRIDAY, patient: 'Daisy Osinski', time: '11:00' } }]);
    expect(proposal).toMatch(
      /^Shall I book a \d+-minute home visit with Daisy Osinski .* on Friday, October 30 at 11:00 AM\?/,
    );
    expect(calendar.writes).toEqual([]);
  });
});

// ─── Intents before entities ─────────────────────────────────────────────────────────────────────────

describe('a refusal is right even when a patient is named', () => {
  it('a clinical question about a named patient: no medical advice, and none of her details', async () => {
    for (const text of [
      "Should I hold Daisy Osinski's Lasix before her visit?",
      'Can Meta Conn take Tylenol with her warfarin?',
      "Daisy's blood pressure is 180 over 100, is that ok?",
      '¿Debo suspenderle el Lasix a Daisy?',
    ]) {
      const reply = await ask(text);
      expect(reply, text).toMatch(/I can't give medical advice|No puedo dar consejo médico/);
      expect(toolNames(), text).toEqual([]);
      expectNoPatientFacts(reply);
    }
  });

  it('a text or a call for a patient: said plainly it cannot, with the phone number offered, given on "yes"', async () => {
    const text = await ask("Text Daisy Osinski that I'm running late");
    expect(text).toContain("I can't send texts, emails or messages.");
    expect(text).toContain("I can tell you Daisy Osinski's phone number");
    expect(toolNames()).toEqual([]);
    expectNoPatientFacts(text);
    expect(await ask('yes')).toContain(`phone ${patientNamed('Daisy Osinski').phone}`);
    const call = await ask('Call Meta Conn and tell her I will be there at 10');
    expect(call).toContain("I can't make phone calls for you.");
    expect(toolNames()).toEqual([]);
    expectNoPatientFacts(call);
  });

  it('billing, notes and directions: what it cannot do, and what it can instead', async () => {
    expect(await ask("Bill Medicare for Daisy's visit today")).toContain("I can't help with billing");
    expect(await ask('Write up my visit note for Meta Conn')).toContain("I can't write, sign or complete visit notes");
    expect(await ask('Give me turn-by-turn directions to my next patient')).toContain(
      "I can't give turn-by-turn directions",
    );
    expect(toolNames()).toEqual([]);
  });

  it('an emergency in Spanish or English gets 911 in its own language, even naming a patient', async () => {
    for (const text of ['Se cayó y no respira', 'Mi paciente no reacciona', 'Daisy se desmayó en la cocina']) {
      const reply = await ask(text);
      expect(reply, text).toContain('llama al 911 ahora mismo');
      expect(toolNames(), text).toEqual([]);
    }
    for (const text of ['Daisy fell and hit her head', 'My patient is short of breath and turning blue']) {
      expect(await ask(text), text).toContain('call 911');
    }
  });
});

// ─── Shorthand and typos ─────────────────────────────────────────────────────────────────────────────

describe('home-health shorthand and typos are read as the words they stand for', () => {
  it('"pt", "tmrw", "f/u", "appt": the next patient tomorrow, a follow-up with a patient', async () => {
    const first = visitsOn(TOMORROW)[0] as SeedEvent;
    const reply = await ask("who's my next pt tmrw?");
    expect(calls).toEqual([{ name: 'find_visit', args: { date: TOMORROW, position: 'next' } }]);
    expect(reply).toContain(`Your next visit: ${patientOf(first)}`);
    await ask('when is my f/u appt w/ Daisy Osinski');
    expect(calls).toEqual([{ name: 'list_visits', args: expect.objectContaining({ patient: 'Daisy Osinski' }) }]);
  });

  it('misspelt days and words: "apointments on Fridy", "wedensday", "adress"', async () => {
    const reply = await ask('any apointments on Fridy?');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: FRIDAY } }]);
    expect(reply).toContain(`You have ${visitsOn(FRIDAY).length} visits on Friday, October 30`);
    await ask('how many visits next wedensday?');
    expect(calls).toEqual([{ name: 'summarize_days', args: { from: DAYS.nextWednesday, to: DAYS.nextWednesday } }]);
    const second = visitsOn(FRIDAY)[1] as SeedEvent;
    expect(await ask("what's the adress of my 2nd patient on friday")).toContain(`Address: “${second.location}”`);
  });

  it('a real word is never taken for a vocabulary word it resembles', async () => {
    // "cancer" is not "cancel"; "more" is not "move".
    await ask('my patient has cancer, is there more than one visit with her tomorrow?');
    expect(toolNames()).not.toContain('cancel_visit');
    expect(toolNames()).not.toContain('move_visit');
    expect(calendar.writes).toEqual([]);
  });
});

// ─── Kinds of question said the ways people type and talk ───────────────────────────────────────────────

/** The first start a free-slot answer offers, in minutes, checked to leave the day's visits alone. */
function expectFreeStart(reply: string, date: string, minutes: number): void {
  const first = /you can start (\d{1,2}):(\d{2}) (AM|PM)/.exec(reply);
  expect(first, reply).not.toBeNull();
  const start = ((Number(first?.[1]) % 12) + (first?.[3] === 'PM' ? 12 : 0)) * 60 + Number(first?.[2]);
  for (const v of visitsOn(date)) {
    const overlaps = minuteOf(startOf(v)) < start + minutes && start < minuteOf(endOf(v));
    expect(overlaps, patientOf(v)).toBe(false);
  }
}

describe('kinds of question said the ways people type and talk', () => {
  it('"whos" and "whats" typed without the apostrophe: a position in a day, a day\'s visits', async () => {
    const last = visitsOn(FRIDAY).at(-1) as SeedEvent;
    const reply = await ask('whos last on friday');
    expect(calls).toEqual([{ name: 'find_visit', args: { date: FRIDAY, position: 'last' } }]);
    expect(reply).toContain(`Your last visit: ${patientOf(last)}`);
    expect(reply).toContain(`${clock(minuteOf(startOf(last)))}–${clock(minuteOf(endOf(last)))}`);
    const day = await ask('whats on for thursday');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: TOMORROW } }]);
    for (const v of visitsOn(TOMORROW)) expect(day).toContain(patientOf(v));
  });

  it('how full a day is, the day said as a day of the month ("the 29th", "el 30")', async () => {
    const reply = await ask('how packed is the 29th');
    expect(calls).toEqual([{ name: 'summarize_days', args: { from: TOMORROW, to: TOMORROW } }]);
    expect(reply).toContain(`${visitsOn(TOMORROW).length} visits`);
    const es = await ask('¿qué tan ocupada estoy el 30?');
    expect(calls).toEqual([{ name: 'summarize_days', args: { from: FRIDAY, to: FRIDAY, language: 'es' } }]);
    expect(es).toContain(`${visitsOn(FRIDAY).length} visitas`);
  });

  it('free time of a length ("room", "squeeze in"): free slots, an everyday word never taken for a patient', async () => {
    const room = await ask('any room thursday for an hour and a half visit');
    expect(calls).toEqual([{ name: 'find_free_slots', args: { date: TOMORROW, durationMinutes: 90 } }]);
    expect(room).not.toContain('Did you mean');
    expectNoPatientFacts(room);
    expectFreeStart(room, TOMORROW, 90);
    const squeeze = await ask('could i squeeze in a half hour visit on the 30th');
    expect(calls).toEqual([{ name: 'find_free_slots', args: { date: FRIDAY, durationMinutes: 30 } }]);
    expectFreeStart(squeeze, FRIDAY, 30);
    expect(calendar.writes).toEqual([]);
  });

  it('Spanish asks the same kinds: whom I see, whether I have anything, how many, my next visit', async () => {
    const whom = await ask('¿a quién tengo el viernes?');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: FRIDAY, language: 'es' } }]);
    expect(whom).toContain(`Tienes ${visitsOn(FRIDAY).length} visitas el viernes`);
    for (const v of visitsOn(FRIDAY)) expect(whom).toContain(patientOf(v));
    await ask('¿tengo algo el jueves?');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: TOMORROW, language: 'es' } }]);
    const count = await ask('¿cuántas citas tengo mañana?');
    expect(calls).toEqual([{ name: 'summarize_days', args: { from: TOMORROW, to: TOMORROW, language: 'es' } }]);
    expect(count).toContain(`${visitsOn(TOMORROW).length} visitas`);
    const next = visitsOn(TODAY)[0] as SeedEvent;
    expect(await ask('¿cuál es mi próxima visita?')).toContain(`Tu próxima visita: ${patientOf(next)}`);
  });

  it('a day\'s plan by a planning word ("lineup", "itinerary") is that day\'s visits', async () => {
    const reply = await ask("what's my lineup for the 30th");
    expect(calls).toEqual([{ name: 'list_visits', args: { date: FRIDAY } }]);
    for (const v of visitsOn(FRIDAY)) {
      expect(reply).toContain(`${clock(minuteOf(startOf(v)))}–${clock(minuteOf(endOf(v)))} ${patientOf(v)}`);
    }
    await ask('whats the itinerary on thursday');
    expect(calls).toEqual([{ name: 'list_visits', args: { date: TOMORROW } }]);
  });

  it('the drive between two visits said by their places in the day: those two, not the whole day', async () => {
    const [, second, third] = visitsOn(FRIDAY) as [SeedEvent, SeedEvent, SeedEvent];
    const reply = await ask('how long does it take to get from my second visit to my third on friday');
    expect(toolNames()).toEqual(['find_visit', 'find_visit', 'drive_time']);
    expect(calls[0]?.args).toEqual({ date: FRIDAY, position: '2' });
    expect(calls[1]?.args).toEqual({ date: FRIDAY, position: '3' });
    expect(calls[2]?.args).toEqual({ fromVisitId: expect.any(String), toVisitId: expect.any(String) });
    expect(reply).toContain(`Driving from ${patientOf(second)}`);
    expect(reply).toContain(`to ${patientOf(third)}`);
    const gap = minuteOf(startOf(third)) - minuteOf(endOf(second));
    expect(reply).toContain(`${gap} min`);
  });
});
