// The local assistant's brain over a fake calendar of the seed: intents, dates, no medical advice,
// emergencies, the booking confirmation flow, reschedule, route and travel time.
import { describe, expect, it } from 'vitest';
import { mapProviderEvent } from '../../../core/calendar/map-events.ts';
import { estimateMinutes } from '../../../core/routing/index.ts';
import {
  type BrainInput,
  type ConversationState,
  detectIntent,
  EMERGENCY_TEXT,
  findSlot,
  formatClock,
  INITIAL_STATE,
  MEDICAL_TEXT,
  NOT_UNDERSTOOD_TEXT,
  parseDay,
  parseDuration,
  parseTimes,
  patientName,
  respond,
  SIGN_IN_TEXT,
} from '../../../emulators/assistant/brain.ts';
import { addDays, chicagoDate, chicagoDateTime, weekday } from '../../../fixtures/time.ts';
import { fakeCalendar } from './fake-calendar.ts';

const TODAY = '2026-12-07'; // a Monday
const NOW = chicagoDateTime(TODAY, 7 * 60).instant;
const JORDAN = 'jordan.kim@homerounds.test'; // PT: therapy sessions on the calendar
const MAYA = 'maya.patel@homerounds.test'; // RN

async function ask(
  text: string,
  calendar: BrainInput['calendar'],
  state: ConversationState = INITIAL_STATE,
): ReturnType<typeof respond> {
  return respond({ text, now: NOW, calendar, state });
}

describe('intents', () => {
  it.each([
    ['What are my appointments tomorrow?', 'appointments'],
    ["What's on my calendar Friday?", 'appointments'],
    ['Who am I seeing today', 'appointments'],
    ['Schedule a home visit with a new patient on Friday at 10 am.', 'book'],
    ['Book an appointment with Jane Doe next Tuesday', 'book'],
    ['Schedule a medication review visit tomorrow at 2 pm', 'book'],
    ['Reschedule my therapy session to Thursday afternoon.', 'reschedule'],
    ['Can you move my PT session to Friday?', 'reschedule'],
    ['Optimize my route for tomorrow.', 'route'],
    ["Optimise tomorrow's route", 'route'],
    ['What is the best order for Tuesday’s patients?', 'route'],
    ['Add travel time between my 9 am and 11 am visits.', 'travel'],
    ['How long is the drive between Ann Lee and Bob Ray?', 'travel'],
    ['hello', 'greeting'],
    ['what can you do?', 'help'],
    ['Tell me a joke about penguins', 'unknown'],
  ])('%s → %s', (text, intent) => {
    expect(detectIntent(text)).toBe(intent);
  });

  it('yes and no only mean something while a write waits for confirmation', () => {
    expect(detectIntent('yes', true)).toBe('confirm');
    expect(detectIntent('Yes please, book it', true)).toBe('confirm');
    expect(detectIntent('no thanks', true)).toBe('decline');
    expect(detectIntent('yes', false)).toBe('unknown');
  });

  it('medication, dose and symptom questions are medical; emergencies come first', () => {
    for (const text of [
      'How much insulin should I give Mrs. Lee?',
      'What dose of metformin is safe?',
      'Is dizziness a side effect of lisinopril?',
      'What are the symptoms of sepsis?',
      'Should the patient stop taking her pills?',
    ]) {
      expect(detectIntent(text)).toBe('medical');
    }
    expect(detectIntent('My patient has chest pain and took too many pills')).toBe('emergency');
    expect(detectIntent('She is not breathing')).toBe('emergency');
    expect(detectIntent('call 911')).toBe('emergency');
  });
});

describe('dates and times', () => {
  it('parses relative days, weekday names and calendar dates in Chicago', () => {
    expect(weekday(TODAY)).toBe(1);
    expect(parseDay('appointments today', TODAY)).toBe(TODAY);
    expect(parseDay('What are my appointments tomorrow?', TODAY)).toBe('2026-12-08');
    expect(parseDay('the day after tomorrow', TODAY)).toBe('2026-12-09');
    expect(parseDay('on Friday at 10 am', TODAY)).toBe('2026-12-11');
    expect(parseDay('Tuesday’s patients', TODAY)).toBe('2026-12-08');
    expect(parseDay('next monday', TODAY)).toBe('2026-12-14');
    expect(parseDay('on December 15th', TODAY)).toBe('2026-12-15');
    expect(parseDay('on Jan 3', TODAY)).toBe('2027-01-03');
    expect(parseDay('on 12/20', TODAY)).toBe('2026-12-20');
    expect(parseDay('no date here', TODAY)).toBeNull();
  });

  it('parses clock times and durations', () => {
    expect(parseTimes('at 10 am')).toEqual([600]);
    expect(parseTimes('between my 9 am and 11 am visits')).toEqual([540, 660]);
    expect(parseTimes('at 2:30 pm')).toEqual([870]);
    expect(parseTimes('at 14:00')).toEqual([840]);
    expect(parseTimes('at 3')).toEqual([900]);
    expect(parseTimes('at noon')).toEqual([720]);
    expect(parseTimes('12 am')).toEqual([0]);
    expect(parseDuration('for 30 minutes')).toBe(30);
    expect(parseDuration('for an hour')).toBe(60);
    expect(parseDuration('1.5 hours')).toBe(90);
    expect(parseDuration('soon')).toBeNull();
  });
});

describe('answers that need no calendar', () => {
  it('declines medical advice and points emergencies to 911', async () => {
    const calendar = fakeCalendar(MAYA, TODAY);
    expect((await ask('What dose of insulin should she take?', calendar)).reply).toBe(MEDICAL_TEXT);
    const emergency = await ask('My patient collapsed and is unresponsive', calendar);
    expect(emergency.reply).toBe(EMERGENCY_TEXT);
    expect(emergency.reply).toContain('911');
    expect(calendar.inserted).toEqual([]);
  });

  it('says plainly when it does not understand, and what it can do', async () => {
    const answer = await ask('Sing me a song', fakeCalendar(MAYA, TODAY));
    expect(answer.reply).toBe(NOT_UNDERSTOOD_TEXT);
    expect(answer.reply).toMatch(/I can help with/);
  });

  it('asks a caller who is not signed in to sign in', async () => {
    expect((await ask('What are my appointments tomorrow?', null)).reply).toBe(SIGN_IN_TEXT);
  });
});

describe("tomorrow's appointments", () => {
  it('lists times, patient names and addresses from the calendar', async () => {
    const calendar = fakeCalendar(MAYA, TODAY);
    const tomorrow = addDays(TODAY, 1);
    const expected = calendar.events
      .filter((e) => !e.allDay && chicagoDate(new Date(e.start)) === tomorrow && e.location)
      .sort((a, b) => a.start.localeCompare(b.start));
    expect(expected.length).toBeGreaterThan(2);
    const { reply } = await ask('What are my appointments tomorrow?', calendar);
    expect(reply).toMatch(/^You have \d+ appointments tomorrow, Tuesday, December 8:/);
    for (const event of expected) {
      expect(reply).toContain(patientName(event));
      expect(reply).toContain(event.location as string);
      expect(reply).toContain(formatClock(event.start));
    }
  });

  it('answers a free day plainly', async () => {
    const calendar = fakeCalendar(MAYA, TODAY);
    const { reply } = await ask('What is on my calendar on Sunday?', calendar);
    expect(reply).toBe('You have no appointments on Sunday, December 13.');
  });
});

describe('scheduling a home visit', () => {
  it('proposes a slot that fits travel, books only after yes, and the booking is on the calendar', async () => {
    const calendar = fakeCalendar(JORDAN, TODAY);
    const first = await ask('Schedule a home visit with a new patient on Friday at 10 am.', calendar);
    expect(first.intent).toBe('book');
    expect(first.reply).toMatch(/Shall I book a 60-minute home visit with a new patient on Friday, December 11 at /);
    expect(first.reply).toMatch(/Say yes to confirm\.$/);
    expect(first.state.pending?.kind).toBe('book');
    expect(calendar.inserted).toEqual([]);

    const done = await ask('yes', calendar, first.state);
    expect(done.reply).toMatch(/^Done: Home visit — New patient booked on Friday, December 11 at .*Refresh/);
    expect(done.state.pending).toBeNull();
    expect(calendar.inserted).toHaveLength(1);
    const booked = calendar.inserted[0];
    expect(booked?.summary).toBe('Home visit — New patient');
    // Nothing else on Friday overlaps it, and the visits around it leave the assumed drive.
    const start = Date.parse(booked?.start ?? '');
    const end = Date.parse(booked?.end ?? '');
    expect(end - start).toBe(60 * 60_000);
    for (const other of calendar.events.filter((e) => !e.allDay && e.title !== booked?.summary)) {
      const s = Date.parse(other.start);
      const e = Date.parse(other.end);
      expect(e <= start || s >= end).toBe(true);
    }
  });

  it('keeps the requested time when it is free and books an existing patient with the address', async () => {
    const calendar = fakeCalendar(JORDAN, TODAY);
    const patient = calendar.seed.patients.find((p) => p.clinicianId === calendar.clinician.id);
    const saturday = '2026-12-12';
    const answer = await ask(`Book a visit with ${patient?.fullName} on Saturday at 10 am`, calendar);
    expect(answer.reply).toContain(
      `Shall I book a 45-minute home visit with ${patient?.fullName} at ${patient?.address} on Saturday, December 12 at 10:00 AM?`,
    );
    const done = await ask('sure', calendar, answer.state);
    expect(done.intent).toBe('confirm');
    const booked = calendar.inserted[0];
    expect(booked?.start).toBe(chicagoDateTime(saturday, 600).rfc3339);
    expect(booked?.location).toBe(patient?.address);
    expect(booked?.properties).toMatchObject({ lat: String(patient?.lat), homeroundsPatientId: patient?.id });
  });

  it('writes nothing when the clinician says no', async () => {
    const calendar = fakeCalendar(JORDAN, TODAY);
    const first = await ask('Schedule a home visit with a new patient on Friday at 10 am.', calendar);
    const declined = await ask('no', calendar, first.state);
    expect(declined.intent).toBe('decline');
    expect(declined.state.pending).toBeNull();
    expect(calendar.inserted).toEqual([]);
  });

  it('findSlot moves a visit past a neighbour when the drive does not fit', () => {
    const at = (minute: number) => chicagoDateTime('2026-12-12', minute).rfc3339;
    const neighbour = mapProviderEvent({
      id: 'n1',
      summary: 'PT follow-up — Ann Lee',
      start: { dateTime: at(540) },
      end: { dateTime: at(600) },
      extendedProperties: { private: { lat: '41.90', lng: '-87.70' } },
    });
    const far = { lat: 41.99, lon: -87.65 };
    const drive = Math.ceil(estimateMinutes({ lat: 41.9, lon: -87.7 }, far));
    const slot = findSlot({
      events: [neighbour],
      duration: 45,
      coords: far,
      preferred: 600,
      range: { start: 480, end: 1080 },
    });
    expect(slot?.start).toBeGreaterThanOrEqual(600 + drive);
    expect(slot?.before?.travel).toBe(drive);
  });
});

describe('rescheduling a therapy session', () => {
  it('finds the next therapy session, proposes a time on the day asked and patches it after yes', async () => {
    const calendar = fakeCalendar(JORDAN, TODAY);
    const next = calendar.events
      .filter((e) => !e.allDay && Date.parse(e.start) > NOW.getTime() && /PT|Gait|Fall-risk/.test(e.title))
      .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))[0];
    const first = await ask('Reschedule my therapy session to Thursday afternoon.', calendar);
    expect(first.reply).toContain(`Your next session is ${next?.title}`);
    expect(first.reply).toMatch(/Shall I move it to Thursday, December 10 at (12|1|2|3|4):\d\d PM\?/);
    expect(calendar.moved).toEqual([]);
    const done = await ask('yes', calendar, first.state);
    expect(done.reply).toMatch(/^Done: .* moved to Thursday, December 10/);
    expect(calendar.moved).toHaveLength(1);
    expect(calendar.moved[0]?.id).toBe(next?.id);
    expect(calendar.moved[0]?.start.startsWith('2026-12-10T1')).toBe(true);
  });

  it('says so when there is no therapy session', async () => {
    const calendar = fakeCalendar(MAYA, TODAY);
    const { reply } = await ask('Reschedule my therapy session to Thursday afternoon.', calendar);
    expect(reply).toBe("I couldn't find an upcoming therapy session on your calendar.");
  });
});

describe('route and travel time', () => {
  it("optimises tomorrow's route: the order, and the saving or that the calendar order is best", async () => {
    const calendar = fakeCalendar(MAYA, TODAY);
    const { reply, intent } = await ask("Optimise tomorrow's route", calendar);
    expect(intent).toBe('route');
    expect(reply).toMatch(/(Best order for|Your calendar order for|Reordering) tomorrow, Tuesday, December 8/);
    expect(reply).toMatch(/you save \d+ min \(\d+%\)|already the best|save less than a minute/);
    expect(reply).toMatch(/^1\. .+ at \d{1,2}:\d\d (AM|PM)$/m);
  });

  it("orders Tuesday's patients", async () => {
    const calendar = fakeCalendar(JORDAN, TODAY);
    const { reply } = await ask('What is the best order for Tuesday’s patients?', calendar);
    expect(reply).toMatch(/December 8/);
    expect(reply).toMatch(/\n2\. /);
  });

  it('estimates the drive between two visits and offers a travel block after yes', async () => {
    const calendar = fakeCalendar(JORDAN, TODAY);
    const first = await ask('Add travel time between my 9 am and 11 am visits.', calendar);
    expect(first.intent).toBe('travel');
    expect(first.reply).toMatch(/^Driving from .+ to .+ takes about \d+ min today, Monday, December 7\./);
    expect(first.reply).toMatch(/Say yes to confirm\.$/);
    await ask('yes', calendar, first.state);
    expect(calendar.inserted[0]?.summary).toMatch(/^Travel time: .+ → .+$/);
  });

  it('estimates the drive between two named patients', async () => {
    const calendar = fakeCalendar(JORDAN, TODAY);
    const tomorrow = addDays(TODAY, 1);
    const visits = calendar.events
      .filter((e) => !e.allDay && chicagoDate(new Date(e.start)) === tomorrow && e.properties?.lat)
      .sort((a, b) => a.start.localeCompare(b.start));
    const [a, b] = [visits[0], visits[2]];
    const { reply } = await ask(
      `How long is the drive between ${patientName(b as never)} and ${patientName(a as never)} tomorrow?`,
      calendar,
    );
    const minutes = Math.ceil(
      estimateMinutes(
        { lat: Number(a?.properties?.lat), lon: Number(a?.properties?.lng) },
        { lat: Number(b?.properties?.lat), lon: Number(b?.properties?.lng) },
      ),
    );
    expect(reply).toContain(`Driving from ${patientName(a as never)}`);
    expect(reply).toContain(`takes about ${minutes} min tomorrow`);
  });
});
