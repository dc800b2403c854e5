// The patient list's pure rules (core/patients): one key per person however the calendar writes the name, the
// suggestions the calendar gives (visits only, once per person, not what the list holds under either answer), and
// the checks a change must pass.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import { nameKey, patientProblems, suggestPatients } from '../../../core/patients/patients.ts';

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
