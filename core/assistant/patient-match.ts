// Which of the clinician's patients a spoken or typed name means. A name reaches the tools as a speech recogniser
// wrote it ("Melvina Gorzani", "Malvina Gore Zany" for Malvina Gorczany), misspelt, shortened to a first or last
// name, with an honorific, or as a name that is nobody on the calendar. A wrong patient's facts are worse than
// "I don't know", so the match says how sure it is:
// - `one` with confidence 1: the name as written (whole, a first or last name, all its words);
// - `one` below 1: every word the clinician said sounds like a word of one patient's name (Double Metaphone keys,
//   the `double-metaphone` package: built for surnames of many origins, with an alternate key for each) and is
//   spelt nearly the same (Levenshtein distance, `fastest-levenshtein`), and no other patient comes close;
// - `many`: several patients match as certainly (two Daisys): ask which;
// - `none`: nobody certainly, with the patients who come closest as `suggestions` ("Did you mean …?"), never chosen
//   for the clinician.
// Names are calendar text (core/assistant/untrusted.ts): the callers say them with spokenName, keep them with
// dataText.
import { doubleMetaphone } from 'double-metaphone';
import { distance } from 'fastest-levenshtein';

export type NameMatch =
  | { kind: 'one'; name: string; confidence: number; exact: boolean }
  | { kind: 'many'; names: string[] }
  | { kind: 'none'; suggestions: string[] };

/** A name's score for what was said, from 0 (nothing alike) to 1 (the same words). */
export interface NameScore {
  name: string;
  score: number;
  /** Every word said sounds like a word of the name and is spelt nearly the same. */
  certain: boolean;
}

/** Below this a fuzzy match is not taken, however alone it is. */
export const CERTAIN_SCORE = 0.8;
/**
 * How close in spelling each word said must be for a fuzzy match to be taken: a word said alone closer (short words
 * sound alike too easily), words said together less (each says the same patient).
 */
export const CERTAIN_WORD_SIMILARITY = { alone: 0.7, together: 0.5 } as const;
/** How far ahead of the next patient a fuzzy match must be to be taken. */
export const CERTAIN_MARGIN = 0.12;
/** Names at least this close are suggested ("Did you mean …?"). */
export const SUGGEST_SCORE = 0.55;
export const MAX_SUGGESTIONS = 3;

// Words said around a name that are not part of it ("Mrs. Osinski", "patient Daisy", "la señora Conn").
const NOT_NAME = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'mister',
  'missus',
  'dr',
  'doctor',
  'sr',
  'sra',
  'srta',
  'senor',
  'senora',
  'senorita',
  'don',
  'dona',
  'patient',
  'pt',
  'paciente',
  'the',
  'my',
  'mi',
  'el',
  'la',
]);

/** A name as comparable words: no accents, case, punctuation, honorifics or possessive ("Daisy's"). */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((w) => w && !NOT_NAME.has(w));
}

const keys = new Map<string, readonly string[]>();
function phoneticKeys(word: string): readonly string[] {
  let found = keys.get(word);
  if (!found) {
    found = [...new Set(doubleMetaphone(word))].filter(Boolean);
    if (keys.size > 5000) keys.clear();
    keys.set(word, found);
  }
  return found;
}

const similarity = (a: string, b: string): number =>
  a === b ? 1 : 1 - distance(a, b) / Math.max(a.length, b.length, 1);

interface WordScore {
  score: number;
  spelling: number;
  soundsAlike: boolean;
}

/** Two words: half spelling, half sound (the closest of their phonetic keys). */
function wordScore(said: string, written: string): WordScore {
  if (said === written) return { score: 1, spelling: 1, soundsAlike: true };
  const spelling = similarity(said, written);
  let sound = 0;
  for (const a of phoneticKeys(said)) for (const b of phoneticKeys(written)) sound = Math.max(sound, similarity(a, b));
  return { score: (spelling + sound) / 2, spelling, soundsAlike: sound === 1 };
}

/**
 * The words said, also with neighbours run together: a recogniser splits a name it does not know ("Gore Zany") or
 * runs two together ("Malvinagorczany").
 */
function readings(words: readonly string[]): string[][] {
  if (words.length <= 1 || words.length > 5) return [[...words]];
  const out: string[][] = [];
  for (let mask = 0; mask < 1 << (words.length - 1); mask++) {
    const reading: string[] = [words[0] as string];
    for (let i = 1; i < words.length; i++) {
      if (mask & (1 << (i - 1))) reading[reading.length - 1] += words[i] as string;
      else reading.push(words[i] as string);
    }
    out.push(reading);
  }
  return out;
}

/** How well the words said fit one name: each said word to a different word of the name (or the name run together). */
function fitOf(said: readonly string[], name: readonly string[]): { score: number; certain: boolean } {
  const targets = name.length > 1 ? [name, [name.join('')]] : [name];
  let best = { score: 0, certain: false };
  for (const reading of readings(said)) {
    for (const written of targets) {
      if (reading.length > written.length) continue;
      // Greedy on the best pairs first: names have two or three words.
      const pairs = reading
        .flatMap((s, i) => written.map((w, j) => ({ i, j, ...wordScore(s, w) })))
        .sort((a, b) => b.score - a.score);
      const usedSaid = new Set<number>();
      const usedWritten = new Set<number>();
      let total = 0;
      let weight = 0;
      let certain = true;
      const least = reading.length > 1 ? CERTAIN_WORD_SIMILARITY.together : CERTAIN_WORD_SIMILARITY.alone;
      for (const pair of pairs) {
        if (usedSaid.has(pair.i) || usedWritten.has(pair.j)) continue;
        usedSaid.add(pair.i);
        usedWritten.add(pair.j);
        const length = (reading[pair.i] as string).length;
        total += pair.score * length;
        weight += length;
        if (!pair.soundsAlike || pair.spelling < least) certain = false;
      }
      const score = weight ? total / weight : 0;
      if (score > best.score || (score === best.score && certain && !best.certain)) best = { score, certain };
    }
  }
  return best;
}

/** Every name's score for what was said, best first. */
export function scoreNames(query: string, names: readonly string[]): NameScore[] {
  const said = nameWords(query);
  if (!said.length) return [];
  return uniqueNames(names)
    .map((name) => {
      const { score, certain } = fitOf(said, nameWords(name));
      return { name, score, certain: certain && score >= CERTAIN_SCORE };
    })
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name));
}

/** Who a name is, whatever its order, case or accents: "OSINSKI, DAISY" and "Daisy Osinski" are one person. */
export function personKey(name: string | null | undefined): string {
  return nameWords(name ?? '')
    .sort()
    .join(' ');
}

/** One spelling per person: names with the same words are one name (the first given). */
function uniqueNames(names: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = personKey(name);
    if (key && !seen.has(key)) seen.set(key, name);
  }
  return [...seen.values()];
}

/** The names that hold what was said as written: the whole name, a run of its words, or every word said. */
function writtenMatches(said: readonly string[], names: readonly string[]): string[] {
  const q = said.join(' ');
  const folded = names.map((name) => ({ name, words: nameWords(name) }));
  const whole = folded.filter((n) => n.words.join(' ') === q);
  if (whole.length) return whole.map((n) => n.name);
  const run = folded.filter((n) => ` ${n.words.join(' ')} `.includes(` ${q} `));
  if (run.length) return run.map((n) => n.name);
  const words = said.filter((w) => w.length >= 3);
  if (words.length < said.length || !words.length) return [];
  return folded.filter((n) => words.every((w) => n.words.includes(w))).map((n) => n.name);
}

/**
 * Which of `names` the clinician means by `query`. `one` is certain enough to state that patient's facts
 * (`exact` when written as on the calendar); `many` and `none` ask back, `none` with the closest names.
 */
export function matchName(query: string, names: readonly string[]): NameMatch {
  const said = nameWords(query);
  const unique = uniqueNames(names);
  if (!said.length || !unique.length) return { kind: 'none', suggestions: [] };
  const written = writtenMatches(said, unique);
  if (written.length === 1) return { kind: 'one', name: written[0] as string, confidence: 1, exact: true };
  if (written.length > 1) return { kind: 'many', names: written };
  const scores = scoreNames(query, unique);
  const [best, second] = scores;
  if (best?.certain && (!second || best.score - second.score >= CERTAIN_MARGIN)) {
    return { kind: 'one', name: best.name, confidence: Math.round(best.score * 100) / 100, exact: false };
  }
  const floor = Math.max(SUGGEST_SCORE, (best?.score ?? 0) - 0.15);
  return {
    kind: 'none',
    suggestions: scores
      .filter((s) => s.score >= floor)
      .slice(0, MAX_SUGGESTIONS)
      .map((s) => s.name),
  };
}
