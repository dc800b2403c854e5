// Which patient a name means (core/assistant/patient-match.ts), over the seeded clinician's patients: a name
// written as on the calendar is certain; a name as a speech recogniser or a hurried typist writes it is taken only
// when it sounds like one patient's name and is spelt nearly the same, with a confidence below 1; anything less is
// nobody, with the closest names to suggest ("Did you mean …?"); two patients matching as surely are both asked about.
import { describe, expect, it } from 'vitest';
import { matchName, nameWords } from '../../../core/assistant/patient-match.ts';
import { suiteSeed } from '../../support/seed-calendar.ts';

const seed = suiteSeed();
const maya = seed.clinicians.find((c) => c.email === 'maya.patel@homerounds.test');
/** Maya Patel's sixteen patients, as the seed names them (Malvina Gorczany, Daisy Osinski, Gaetano Kris, …). */
const NAMES = seed.patients.filter((p) => p.clinicianId === maya?.id).map((p) => p.fullName);

describe('names written as on the calendar', () => {
  it('has the seeded patients these cases name', () => {
    expect(NAMES).toEqual(
      expect.arrayContaining(['Malvina Gorczany', 'Daisy Osinski', 'Gaetano Kris', 'Nellie Watsica', 'Clair Koepp']),
    );
  });

  it.each([
    ['Malvina Gorczany', 'Malvina Gorczany'],
    ['malvina gorczany', 'Malvina Gorczany'],
    ['Gorczany, Malvina', 'Malvina Gorczany'],
    ['Daisy', 'Daisy Osinski'],
    ["Daisy's", 'Daisy Osinski'],
    ['Mrs. Osinski', 'Daisy Osinski'],
    ['la señora Osinski', 'Daisy Osinski'],
    ['Kris', 'Gaetano Kris'],
  ])('%s is %s, certainly', (said, name) => {
    expect(matchName(said, NAMES)).toEqual({ kind: 'one', name, confidence: 1, exact: true });
  });

  it('asks which one when a first name is two patients’', () => {
    expect(matchName('Daisy', [...NAMES, 'Daisy Lane'])).toEqual({
      kind: 'many',
      names: ['Daisy Osinski', 'Daisy Lane'],
    });
  });
});

describe('names as speech recognition and typing write them', () => {
  it.each([
    ['Melvina Gorzani', 'Malvina Gorczany'],
    ['Malvina Gore Zany', 'Malvina Gorczany'],
    ['Malvina Gorchany', 'Malvina Gorczany'],
    ['malvinagorczany', 'Malvina Gorczany'],
    ['Gorzani', 'Malvina Gorczany'],
    ['Daisy Osinsky', 'Daisy Osinski'],
    ['Nelly Watsika', 'Nellie Watsica'],
    ['Miriam Winthizer', 'Myriam Wintheiser'],
    ['Claire Koepp', 'Clair Koepp'],
    ['Javante Walker', 'Javonte Walker'],
    ['Burdett Stam', 'Burdette Stamm'],
    ['Stanton Bergstrum', 'Stanton Bergstrom'],
  ])('%s is taken to be %s, with a confidence below 1', (said, name) => {
    const match = matchName(said, NAMES);
    expect(match).toMatchObject({ kind: 'one', name, exact: false });
    const { confidence } = match as { confidence: number };
    expect(confidence).toBeGreaterThanOrEqual(0.8);
    expect(confidence).toBeLessThanOrEqual(1);
  });

  it.each([
    ['Daisy Olsen', ['Daisy Osinski']],
    ['Era Green', ['Era Greenfelder']],
    ['Myriam Winter', ['Myriam Wintheiser']],
    ['Chris', ['Gaetano Kris']],
    ['Lauren Cole', ['Laurel Cole']],
  ])('%s is nobody certainly: it suggests %j and takes no one', (said, suggestions) => {
    expect(matchName(said, NAMES)).toEqual({ kind: 'none', suggestions });
  });

  it.each(['Rosa Delgado', 'John Smith', 'Dora', 'patient'])('%s is nobody, and nothing is suggested', (said) => {
    expect(matchName(said, NAMES)).toEqual({ kind: 'none', suggestions: [] });
  });

  it('never takes a name that sounds like two patients: both are suggested', () => {
    // "Ann Cole" is as far from Laurel Cole as from Ann Kohl; neither is taken.
    const match = matchName('Anne Cole', ['Laurel Cole', 'Ann Kohl']);
    expect(match.kind).not.toBe('one');
  });

  it('keeps names apart that fold to the same words (one person however the calendar spells them)', () => {
    expect(matchName('Osinski', ['Daisy Osinski', 'OSINSKI, DAISY', 'Daisy  Osinski'])).toMatchObject({
      kind: 'one',
      name: 'Daisy Osinski',
    });
  });
});

describe('name words', () => {
  it('drops accents, case, punctuation, honorifics and the possessive', () => {
    expect(nameWords("Dr. José O'Neil-Núñez's")).toEqual(['jose', 'oneil', 'nunez']);
    expect(nameWords('Sra. María de la Cruz')).toEqual(['maria', 'de', 'cruz']);
  });
});
