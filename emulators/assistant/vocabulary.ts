// The words the local assistant understands, and how it reads them when they are not spelt as it knows them:
// home-health shorthand ("pt", "f/u", "tmrw", "appt") and typos ("wedensday", "apointment", "tomorow") are read as
// the vocabulary word they are closest to, never by a list of misspellings:
// - the trade's own abbreviations, which no spelling rule finds ("pt" is the patient unless a visit word follows:
//   "PT eval" is physical therapy), are a lexicon, as in core/visits/recognise/vocabulary.ts;
// - a shortened word ("tmrw", "appt", "thurs", "resched") is the one vocabulary word it abbreviates (its first letter,
//   then its letters in order; a prefix first);
// - a misspelt word is the one vocabulary word within one edit (two from eight letters on), a swap of two
//   neighbouring letters counting as one (Levenshtein distance, `fastest-levenshtein`);
// - a real word is never "corrected" ("cancer" is not "cancel", "more" is not "move"): a word found in the
//   language's word list (`an-array-of-english-words`, `an-array-of-spanish-words`, loaded only when a correction
//   is in question) stays as said, and so does any word of a patient's name.
import { createRequire } from 'node:module';
import { distance } from 'fastest-levenshtein';
import { fold } from '../../core/assistant/when.ts';
import type { Language } from '../../core/time/zoned-time.ts';

/** The stand-in's English words: what its cues are made of (understand.ts, intents.ts). */
export const ENGLISH_VOCABULARY = [
  // days and times
  'today',
  'tomorrow',
  'tonight',
  'yesterday',
  'morning',
  'mornings',
  'afternoon',
  'afternoons',
  'evening',
  'evenings',
  'week',
  'weekend',
  'month',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'january',
  'february',
  'march',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'minutes',
  'hours',
  // visits
  'appointment',
  'appointments',
  'visit',
  'visits',
  'patient',
  'patients',
  'session',
  'sessions',
  'evaluation',
  'follow-up',
  'therapy',
  'therapist',
  'nursing',
  'calendar',
  'schedule',
  'reschedule',
  'cancel',
  'postpone',
  'optimize',
  'route',
  'order',
  'address',
  'phone',
  'number',
  'notes',
  'instructions',
  'driving',
  'distance',
  'available',
  'availability',
  'openings',
  'opening',
  'gap',
  'gaps',
  'slot',
  'slots',
  'room',
  'space',
  'squeeze',
  'busy',
  'packed',
  'plan',
  'lineup',
  'busiest',
  'busier',
  'lightest',
  'lighter',
  'quietest',
  'first',
  'second',
  'third',
  'last',
  'next',
  'previous',
  'earliest',
  'latest',
  'confirmed',
  'confirmation',
  'confirmations',
  'between',
  'after',
  'before',
  'where',
  'which',
  'please',
  'prefers',
  'travel',
  // what it refuses, and why
  'emergency',
  'ambulance',
  'breathing',
  'unconscious',
  'unresponsive',
  'bleeding',
  'seizure',
  'medication',
  'medications',
  'prescription',
  'billing',
  'invoice',
  'message',
] as const;

/** The stand-in's Spanish words, without accents (the text is read folded). */
export const SPANISH_VOCABULARY = [
  'hoy',
  'manana',
  'tarde',
  'noche',
  'semana',
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
  'cita',
  'citas',
  'visita',
  'visitas',
  'paciente',
  'pacientes',
  'sesion',
  'calendario',
  'agenda',
  'cancela',
  'cancelar',
  'mueve',
  'reprograma',
  'ruta',
  'direccion',
  'telefono',
  'notas',
  'primera',
  'primero',
  'ultima',
  'ultimo',
  'proxima',
  'proximo',
  'siguiente',
  'anterior',
  'cuantas',
  'cuantos',
  'cuando',
  'donde',
  'quien',
  'libre',
  'hueco',
  'huecos',
  'espacio',
  'conduzco',
  'distancia',
  'minutos',
  'horas',
  'emergencia',
  'ambulancia',
  'respira',
  'inconsciente',
  'medicamento',
  'mensaje',
] as const;

/** Spanish words written with their accents again, where chrono-node reads only the accented form. */
const ACCENTED: Record<string, string> = {
  manana: 'mañana',
  miercoles: 'miércoles',
  sabado: 'sábado',
  proxima: 'próxima',
  proximo: 'próximo',
  ultima: 'última',
  ultimo: 'último',
};

/**
 * The trade's abbreviations that no spelling rule finds. "pt" is the patient in "my next pt", physical therapy in
 * "PT eval" (a visit word after it): that reading is `visitWordAfter`.
 */
const SHORTHAND: Record<string, { word: string; visitWordAfter?: string }> = {
  pt: { word: 'patient', visitWordAfter: 'PT' },
  pts: { word: 'patients' },
  'f/u': { word: 'follow-up' },
  'f/up': { word: 'follow-up' },
  'w/': { word: 'with' },
  'w/o': { word: 'without' },
};
const VISIT_WORD_AFTER =
  /^\s*(eval\w*|visit|visits|session|sessions|appointment|appointments|appt|appts|treatment|re-?eval|f\/u|follow-?up)\b/i;

/** Abbreviations that stay as they are (honorifics, addresses): no vocabulary word is meant by them. */
const KEPT = new Set(
  'mr mrs ms mx dr jr sr sra srta st rd ave apt blvd hwy ln ct pl ste dept min max am pm ok hr'.split(' '),
);

const VOCABULARY = new Set<string>([...ENGLISH_VOCABULARY, ...SPANISH_VOCABULARY]);
const EN = new Set<string>(ENGLISH_VOCABULARY);

// ─── The word lists (real words are never corrected) ─────────────────────────────────────────────────────

const require = createRequire(import.meta.url);
let english: readonly string[] | null = null;
let spanish: readonly string[] | null = null;

/** Whether a sorted list holds a word (the lists are sorted; a set of them would cost a second to build). */
function holds(list: readonly string[], word: string): boolean {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const at = list[mid] as string;
    if (at === word) return true;
    if (at < word) low = mid + 1;
    else high = mid - 1;
  }
  return false;
}

/** Whether a word is a real English (or, for a Spanish utterance, Spanish) word. The lists load on first use. */
export function isRealWord(word: string, language: Language): boolean {
  english ??= require('an-array-of-english-words') as string[];
  if (holds(english, word)) return true;
  if (language !== 'es') return false;
  // The Spanish list is written without accents but keeps ñ.
  spanish ??= require('an-array-of-spanish-words') as string[];
  const plain = word
    .normalize('NFD')
    .replace(/(?!\u0303)\p{Diacritic}/gu, '')
    .normalize('NFC');
  return holds(spanish, plain) || holds(spanish, fold(word));
}

// ─── The reading ──────────────────────────────────────────────────────────────────────────────────────────

/** Two words' distance, a swap of neighbouring letters counting as one edit. */
export function editDistance(a: string, b: string): number {
  const d = distance(a, b);
  if (d !== 2 || a.length !== b.length) return d;
  const differ = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
  const [i, j] = differ;
  return differ.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i] ? 1 : d;
}

/** The edits a word of this length may be off by. */
const allowedEdits = (length: number): number => (length >= 8 ? 2 : length >= 4 ? 1 : 0);

const lemma = (word: string): string => word.replace(/s$/, '');

/** The one vocabulary word (singular and plural counting as one) among candidates, or null. */
function single(candidates: readonly string[]): string | null {
  if (!candidates.length) return null;
  const lemmas = new Set(candidates.map(lemma));
  if (lemmas.size !== 1) return null;
  return [...candidates].sort((a, b) => a.length - b.length)[0] ?? null;
}

function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const c of long) if (c === short[at]) at++;
  return at === short.length;
}

/**
 * The vocabulary word a shortened word stands for, or null: its beginning ("thurs", "resched") or its consonants
 * in order with at most one vowel ("tmrw", "appt", "hrs").
 */
function expanded(word: string, vocabulary: readonly string[]): string | null {
  if (word.length < 3 || word.length > 7 || !/^[a-z]+$/.test(word)) return null;
  const longer = vocabulary.filter((v) => v.length > word.length + 1 && v[0] === word[0]);
  const prefixed = longer.filter((v) => v.startsWith(word));
  if (prefixed.length) return single(prefixed);
  if ((word.match(/[aeiou]/g) ?? []).length > 1) return null;
  return single(longer.filter((v) => isSubsequence(word, v)));
}

/** The vocabulary word a misspelt word is closest to, when it is the only one that close, or null. */
function nearest(word: string, vocabulary: readonly string[]): string | null {
  const allowed = allowedEdits(word.length);
  if (!allowed) return null;
  let best = allowed + 1;
  let found: string[] = [];
  for (const v of vocabulary) {
    if (Math.abs(v.length - word.length) > allowed) continue;
    const d = editDistance(word, v);
    if (d < best) {
      best = d;
      found = [v];
    } else if (d === best) found.push(v);
  }
  return best <= allowed ? single(found) : null;
}

export interface Reading {
  /** What was said with shorthand and misspellings written as the vocabulary's words. */
  text: string;
  /** Each word read differently: what was said → the word it was taken for. */
  corrections: Array<{ said: string; word: string }>;
}

/**
 * The utterance with shorthand and misspelt words read as the vocabulary's words. `keep` holds words never to
 * change (the words of the patients' names). Case is kept ("Wedensday" → "Wednesday").
 */
export function readWords(raw: string, language: Language, keep: ReadonlySet<string> = new Set()): Reading {
  const corrections: Reading['corrections'] = [];
  const vocabulary = language === 'es' ? [...VOCABULARY] : [...EN];
  const text = raw.replace(/[\p{L}\p{N}][\p{L}\p{N}'’/-]*/gu, (token, offset: number, whole: string) => {
    const said = token.replace(/['’]s$/i, '');
    const suffix = token.slice(said.length);
    const word = said.toLowerCase();
    const shorthand = SHORTHAND[word];
    if (shorthand) {
      const after = whole.slice(offset + token.length);
      const reading =
        shorthand.visitWordAfter && VISIT_WORD_AFTER.test(after) ? shorthand.visitWordAfter : shorthand.word;
      if (reading !== said) corrections.push({ said, word: reading });
      return reading + suffix;
    }
    const folded = fold(word);
    if (!/^[a-z]+$/.test(folded) || VOCABULARY.has(folded) || KEPT.has(folded) || keep.has(folded)) return token;
    const candidate = expanded(folded, vocabulary) ?? nearest(folded, vocabulary);
    if (!candidate || isRealWord(word, language)) return token;
    const spelled = ACCENTED[candidate] ?? candidate;
    const cased = /^\p{Lu}/u.test(said) ? spelled[0]?.toUpperCase() + spelled.slice(1) : spelled;
    corrections.push({ said, word: spelled });
    return cased + suffix;
  });
  return { text, corrections };
}
