// The local assistant's intents before entities (emulators/assistant/intents.ts) and its reading of shorthand and
// typos (vocabulary.ts), by kind: every scheduling question of docs/assistant.md's table, and more said the way
// clinicians say them, is none of emergency, clinical question or errand; each kind of refusal is recognised
// whatever patient, medicine or wording it holds; a real word is never "corrected".
import { describe, expect, it } from 'vitest';
import { fold } from '../../../core/assistant/when.ts';
import { emergencyIn, isClinical, outsideRequest } from '../../../emulators/assistant/intents.ts';
import { languageOf } from '../../../emulators/assistant/understand.ts';
import { editDistance, readWords } from '../../../emulators/assistant/vocabulary.ts';

/** As understand.ts reads an utterance before its intents. */
const folded = (text: string) =>
  fold(text.replace(/[’‘]/g, "'"))
    .replace(/[¿?¡!.,;:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const SCHEDULING = [
  'What are my appointments tomorrow?',
  '¿Cuáles son mis citas de mañana?',
  'How many patients do I see this week?',
  'Who is my first patient on Friday?',
  "When does Friday's last visit end?",
  "Who is my next patient and what's their address?",
  'Which day next week is lightest?',
  'Is Monday busier than Tuesday?',
  'How much driving do I have this week?',
  "What's on my plate tomorrow afternoon?",
  'Who do I see after Daisy Osinski tomorrow?',
  'How long is the drive between my 8:00 and 9:00 visits tomorrow?',
  'Optimize my route for tomorrow',
  'When am I free Thursday afternoon for 45 minutes?',
  'What do the notes say for my 10:20 tomorrow?',
  "What's Daisy's phone number?",
  'Daisy Lane prefers mornings',
  "Bea's new number is 312 555 0142",
  'No robocalls for Ida',
  'Schedule a home visit with a new patient on Friday at 10 am',
  'Move my 2pm tomorrow to 4pm',
  'Push my 9am tomorrow back 30 minutes',
  "Cancel Friday's last visit",
  'Call off my 3pm',
  'Who confirmed for tomorrow?',
  'Who asked to cancel tomorrow?',
  'Who didn’t answer the calls tonight?',
  'When is my medication review with Burdette Stamm?',
  'Book an INR check for Ida on Monday',
  'Schedule wound care for Meta Conn on Thursday',
  'Should I start my day with Daisy?',
  'Should I push back my 2pm?',
  'Can I take a break between my 11 and 1?',
  'Does Daisy have a visit this week?',
  'Can Daisy take the 3pm slot on Friday?',
  'Is it ok to move her visit to Thursday?',
  'What’s the best order for Tuesday’s patients?',
  'Mueve mi cita de las 2 de mañana a las 4',
  '¿Cómo se llama mi próximo paciente?',
  'Tell me about my day',
  'Tell me when I am free on Friday',
  'What phone number does Daisy have?',
];

describe('scheduling questions are none of the refusals', () => {
  it.each(SCHEDULING)('%s', (text) => {
    const t = folded(text);
    expect(emergencyIn(t)).toBeNull();
    expect(isClinical(t)).toBe(false);
    expect(outsideRequest(t)).toBeNull();
  });
});

describe('each kind of refusal, whoever and whatever it names', () => {
  it('emergencies, in the language they were said in', () => {
    for (const text of [
      'My patient is not breathing',
      'She fell and hit her head',
      'Daisy collapsed in the kitchen',
      'He is having chest pains',
      "I think she's having a stroke, her face is drooping",
      'Mr. Wu is unresponsive',
    ])
      expect(emergencyIn(folded(text)), text).toBe('en');
    for (const text of [
      'Se cayó y no respira',
      'Mi paciente no reacciona',
      'Le duele el pecho, creo que es un infarto',
      'Se desmayó en el baño',
      'Está sangrando mucho',
      'Tiene convulsiones',
    ])
      expect(emergencyIn(folded(text)), text).toBe('es');
    // Spanish answered in Spanish even without the words when.ts counts.
    expect(languageOf('se cayó y no respira')).toBe('es');
  });

  it('clinical questions: decisions about care, medicines, vital signs and symptoms', () => {
    for (const text of [
      'Should I hold her Lasix?',
      "Should I hold Daisy's metoprolol before the visit?",
      'Can Meta Conn take Tylenol with her warfarin?',
      'Is it safe to give him his insulin if his sugar is 60?',
      'What dose of insulin should she take?',
      'Her blood pressure is 180 over 100, is that bad?',
      "Daisy's wound looks infected",
      'Should we increase his oxygen?',
      '¿Debo suspenderle el Lasix?',
      '¿Le doy la pastilla antes de comer?',
      'Tiene fiebre, ¿qué hago?',
    ])
      expect(isClinical(folded(text)), text).toBe(true);
  });

  it('errands the product does not run: messages, calls, reminders, billing, notes, supplies, directions', () => {
    const cases: Array<[string, string]> = [
      ["Text her that I'm running late", 'message'],
      ['Send Daisy a message that I will be there at 10', 'message'],
      ['Let Meta Conn know I am on my way', 'message'],
      ['Email my supervisor my schedule', 'message'],
      ['Call Daisy Osinski', 'call'],
      ['Can you call the patient for me?', 'call'],
      ['Remind me to pick up gauze', 'reminder'],
      ['Bill Medicare for today’s visits', 'billing'],
      ['Submit my timesheet', 'billing'],
      ['Write up my visit note for Daisy', 'notes'],
      ['Order more dressings for Meta Conn', 'supplies'],
      ['Navigate to my next patient', 'directions'],
      ['Mándale un mensaje a Daisy', 'message'],
      ['Llama a Daisy por favor', 'call'],
    ];
    for (const [text, kind] of cases) expect(outsideRequest(folded(text)), text).toBe(kind);
  });
});

describe('shorthand and typos are read as the vocabulary says, real words stay', () => {
  it('reads shorthand and misspellings as the words they stand for', () => {
    const read = (text: string) => readWords(text, languageOf(text)).text;
    expect(read("who's my next pt tmrw?")).toBe("who's my next patient tomorrow?");
    expect(read('PT eval for Daisy on wedensday')).toBe('PT evaluation for Daisy on wednesday');
    expect(read('any apointments tomorow?')).toBe('any appointments tomorrow?');
    expect(read('f/u w/ Daisy on Thrusday')).toBe('follow-up with Daisy on Thursday');
    expect(read('appt on thurs, resched my 2pm')).toBe('appointment on thursday, reschedule my 2pm');
    expect(read('adress of my next patinet')).toBe('address of my next patient');
    expect(read('cuales son mis cittas del biernes')).toBe('cuales son mis citas del viernes');
  });

  it('never changes a real word, a name on the roster, or an honorific', () => {
    const read = (text: string, keep: string[] = []) => readWords(text, languageOf(text), new Set(keep)).text;
    for (const text of ['my patient has cancer', 'is there more than one', 'Bea prefers mornings', 'tengo una manada'])
      expect(read(text)).toBe(text);
    expect(read('When is my visit with Mrs. Alvarez?')).toBe('When is my visit with Mrs. Alvarez?');
    expect(read('see Stamm on friday', ['stamm'])).toBe('see Stamm on friday');
  });

  it('counts a swap of two neighbouring letters as one edit', () => {
    expect(editDistance('thrusday', 'thursday')).toBe(1);
    expect(editDistance('patinet', 'patient')).toBe(1);
    expect(editDistance('visit', 'visits')).toBe(1);
    expect(editDistance('move', 'more')).toBe(1);
  });
});
