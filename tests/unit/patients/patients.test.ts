// The patient list's pure rules (core/patients): one key per person however the calendar writes the name, the
// suggestions the calendar gives (visits only, once per person, not what the list holds under either answer), and
// the checks a change must pass.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import { unlinkedVisits, withPatientRecords } from '../../../core/patients/apply.ts';
import { nameKey, type PatientRecord, patientProblems, suggestPatients } from '../../../core/patients/patients.ts';
import { addressesToLocate, visitsFromCalendar } from '../../../core/routing/calendar-day.ts';
import { toVisit } from '../../../core/visits/visits.ts';

const at = (id: string, title: string, start: string, extra: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id,
  title,
  start: `2026-11-24T${start}:00-06:00`,
  end: `2026-11-24T${start.slice(0, 2)}:45:00-06:00`,
  allDay: false,
  ...extra,
});

describe('nameKey', () => {
  it('folds case, accents, punctuation and "Last, First" order into one key', () => {
    expect(nameKey('OKOYE, GRACE')).toBe('grace okoye');
    expect(nameKey('Grace Okoye')).toBe('grace okoye');
    expect(nameKey('  José  Núñez ')).toBe('jose nunez');
    expect(nameKey("O'Brien, Mary")).toBe('mary obrien');
    expect(nameKey('Mary-Kate Olsen')).toBe('mary kate olsen');
  });
});

describe('suggestPatients', () => {
  const events = [
    at('a', 'RN visit: Okoye, Grace', '09:00', { location: '12 Elm St, Evanston, IL 60201' }),
    at('b', 'Team meeting', '10:00'),
    at('c', 'Grace Okoye f/u', '13:00', { location: '12 Elm St, Evanston, IL 60201' }),
    at('d', 'PT eval - John Wu', '08:00', { description: 'Phone: (312) 555-0142' }),
    { ...at('e', 'Bea Hart SOC', '00:00'), allDay: true, start: '2026-11-24', end: '2026-11-25' },
  ];

  it('suggests each recognised patient once, soonest first, with the address and phone the visits give', () => {
    const suggestions = suggestPatients(events, 'America/Chicago', []);
    expect(suggestions.map((s) => [s.name_key, s.eventIds])).toEqual([
      ['john wu', ['d']],
      ['grace okoye', ['a', 'c']],
    ]);
    expect(suggestions[0]?.phone).toBe('(312) 555-0142');
    expect(suggestions[1]?.address).toBe('12 Elm St, Evanston, IL 60201');
  });

  it('never suggests a name the list holds, as a patient or as "not a patient"', () => {
    expect(suggestPatients(events, 'America/Chicago', [{ name_key: 'grace okoye' }, { name_key: 'john wu' }])).toEqual(
      [],
    );
  });
});

describe('patientProblems', () => {
  it('accepts a whole change and says what to fix in a wrong one', () => {
    expect(patientProblems({ full_name: 'Ida Winter', window_start: '09:00', window_end: '12:00' })).toEqual([]);
    expect(patientProblems({ window_start: '9:00', window_end: '12:00' })).toEqual([]);
    expect(patientProblems({ window_start: '13:00', window_end: '12:00' })).toEqual([
      'The preferred window must end after it starts.',
    ]);
    expect(patientProblems({ window_start: 'noon', window_end: '13:00' })).toEqual([
      'Give the window as times, such as 09:00.',
    ]);
    expect(patientProblems({ notes: 'x'.repeat(2001) })).toEqual(['The notes may have at most 2000 characters.']);
    expect(patientProblems({ full_name: '' })).toEqual(['The name cannot be empty.']);
  });
});

describe('withPatientRecords: the planner reads the list', () => {
  const record = (name: string, extra: Partial<PatientRecord> = {}): PatientRecord => ({
    id: `id-${nameKey(name)}`,
    name_key: nameKey(name),
    status: 'patient',
    full_name: name,
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
  const DAY = '2026-11-24';
  const events = [
    at('a', 'SN f/u: WINTER, IDA', '09:00', { location: '4400 N Broadway, Chicago, IL 60640' }),
    at('b', 'Bea Hart SOC', '11:00'),
    at('c', 'PT eval - Rosa Delgado', '13:00', { location: '1815 W Cortland St, Chicago, IL 60622' }),
  ];

  it('gives a listed patient’s visit the window and the place the clinician confirmed', () => {
    const records = [
      record('Ida Winter', { window_start: '08:30', window_end: '11:00' }),
      record('Bea Hart', { address: '12 Elm St, Evanston, IL 60201', lat: 42.05, lng: -87.68 }),
    ];
    const listed = withPatientRecords(events, records);
    const located = new Map([
      ['4400 N Broadway, Chicago, IL 60640', { lat: 41.96, lon: -87.66, approximate: false, formatted: null }],
    ]);
    const { visits, skipped } = visitsFromCalendar(listed, DAY, located);
    const ida = visits.find((v) => v.id === 'a');
    expect(ida?.window).toEqual({ earliest: '08:30', latest: '10:15' });
    const bea = visits.find((v) => v.id === 'b');
    expect([bea?.lat, bea?.lon, bea?.address]).toEqual([42.05, -87.68, '12 Elm St, Evanston, IL 60201']);
    // Rosa is not on the list: planned only once her address is located; nothing was made up for her.
    expect(skipped.map((s) => s.id)).toEqual(['c']);
    // The calendar's own events are untouched (copies).
    expect(events[0]?.properties).toBeUndefined();
  });

  it('a name the clinician marked “not a patient” is not a visit anywhere, and says why', () => {
    const listed = withPatientRecords(events, [record('Rosa Delgado', { status: 'not_patient' })]);
    const { skipped } = visitsFromCalendar(listed, DAY);
    expect(skipped.find((s) => s.id === 'c')?.reason).toBe('not a visit: you marked this name as not a patient');
    expect(addressesToLocate(listed, DAY)).not.toContain('1815 W Cortland St, Chicago, IL 60622');
    const visit = toVisit(listed[2] as CalendarEvent, 'America/Chicago');
    expect(visit.patient).toBeNull();
    expect(visit.reasons).toEqual(['you marked this name as not a patient']);
  });

  it('finds a linked event’s record by its homeroundsPatientId whatever its title now says', () => {
    const renamed = at('r', 'Call office re: supplies', '15:00', {
      properties: { homeroundsPatientId: 'id-ida winter' },
    });
    const [listed] = withPatientRecords(
      [renamed],
      [record('Ida Winter', { window_start: '14:00', window_end: '17:00' })],
    );
    expect(listed?.properties).toMatchObject({
      windowStart: '14:00',
      windowEnd: '17:00',
      homeroundsPatientRecord: 'id-ida winter',
    });
  });

  it('plans a visit at the address the clinician confirmed on the list, over a wrong one on the calendar', () => {
    const wrong = at('w', 'SN f/u: WINTER, IDA', '09:00', { location: '4400 Broadway' });
    const [listed] = withPatientRecords(
      [wrong],
      [record('Ida Winter', { address: '4400 N Broadway, Chicago, IL 60640' })],
    );
    expect(addressesToLocate([listed as CalendarEvent], DAY)).toEqual(['4400 N Broadway, Chicago, IL 60640']);
    expect(wrong.location).toBe('4400 Broadway');
  });

  it('drops the coordinates an event carried for another address, and uses the list’s exact place', () => {
    const placed = at('p', 'SN f/u: WINTER, IDA', '09:00', {
      location: '4400 Broadway',
      properties: { lat: '40.0', lng: '-80.0' },
    });
    const corrected = { address: '4400 N Broadway, Chicago, IL 60640' };
    const [relocated] = withPatientRecords([placed], [record('Ida Winter', corrected)]);
    expect(relocated?.properties?.lat).toBeUndefined();
    expect(addressesToLocate([relocated as CalendarEvent], DAY)).toEqual([corrected.address]);
    const [exact] = withPatientRecords([placed], [record('Ida Winter', { ...corrected, lat: 41.96, lng: -87.66 })]);
    expect([exact?.properties?.lat, exact?.properties?.lng]).toEqual(['41.96', '-87.66']);
    // Only approximately located on the list: located again by the planner (which labels it approximate).
    const [rough] = withPatientRecords(
      [placed],
      [record('Ida Winter', { ...corrected, lat: 41.97, lng: -87.65, location_approximate: true })],
    );
    expect(rough?.properties?.lat).toBeUndefined();
    // The same address as the event's: the event's own coordinates stay.
    const [same] = withPatientRecords([placed], [record('Ida Winter', { address: '4400 Broadway' })]);
    expect(same?.properties?.lat).toBe('40.0');
  });

  it('finds the listed patients’ events that carry no link yet, grouped by patient', () => {
    const records = [record('Ida Winter'), record('Bea Hart'), record('Rosa Delgado', { status: 'not_patient' })];
    const more = [
      ...events,
      at('d', 'Ida Winter ROC', '15:00', { properties: { homeroundsPatientId: 'id-ida winter' } }),
      at('e', 'Ida Winter recert', '16:00'),
      { ...at('f', 'Bea Hart — vacation', '00:00'), allDay: true },
      at('g', 'Lunch', '12:00'),
    ];
    expect(unlinkedVisits(more, records)).toEqual([
      { patientId: 'id-ida winter', eventIds: ['a', 'e'] },
      { patientId: 'id-bea hart', eventIds: ['b'] },
    ]);
    expect(unlinkedVisits(more, records, 1)[0]?.eventIds).toEqual(['a']);
    expect(unlinkedVisits(more, [])).toEqual([]);
  });
});
