// A title cut into segments (at its separators) of classed words: discipline, visit type, non-visit marker, code,
// honorific, name-like, or filler. Abbreviations are spelled one way first ("f/u" → "followup", "re-eval" →
// "reeval"), so the vocabulary needs one entry per word.
import {
  CANCEL_WORDS,
  DISCIPLINES,
  HONORIFICS,
  NAME_PARTICLES,
  NAME_SUFFIXES,
  NON_VISIT_WORDS,
  NOT_NAMES,
  VISIT_CONTEXT,
  VISIT_TYPES,
} from './vocabulary.ts';

export type WordKind =
  | 'cancel'
  | 'discipline'
  | 'type'
  | 'context'
  | 'nonVisit'
  | 'code'
  | 'honorific'
  | 'particle'
  | 'suffix'
  | 'initial'
  | 'name'
  | 'filler';

export interface Word {
  kind: WordKind;
  /** As written (trimmed of surrounding punctuation). */
  text: string;
  /** The vocabulary's name for it (discipline, visit type, honorific), or the text. */
  meaning: string;
  /** Written with a trailing comma: "Delgado," in "Delgado, Rosa". */
  comma: boolean;
  /** Ends a sentence ("Delgado." in "Patient: Rosa Delgado. Son Marco …"): a name stops there. */
  stop: boolean;
}

/** A street address written into a title ("… at 9 Birch Rd"). */
export const ADDRESS_IN_TITLE =
  /\b\d{1,6}\s+(?:[\p{L}.'’]+\s+){1,3}(?:st|street|ave|avenue|rd|road|blvd|dr|drive|ln|lane|ct|court|way|pl|place|ter|cir|pkwy|hwy)\b\.?(?:\s+(?:apt|unit|ste|#)\.?\s*\w+)?/giu;

const SPELLINGS: ReadonlyArray<[RegExp, string]> = [
  [/\p{Extended_Pictographic}|\uFE0F/gu, ' '],
  // A street address written into the title is the place, not a name ("Notary at 9 Birch Rd").
  [ADDRESS_IN_TITLE, ' '],
  // A nickname between given name and surname ('Margaret "Peggy" Lund', 'Robert (Bob) Kai') is dropped.
  [/(\p{L}{2,})\s+["“'‘(]\s*\p{L}+\s*["”'’)]\s+(?=\p{Lu})/gu, '$1 '],
  // "Mrs. Lund (Margaret)": the given name in brackets after a title and surname.
  [/\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+(\p{Lu}[\p{L}'’-]+)\s*\((\p{Lu}\p{Ll}[\p{L}'’-]*)\)/gu, '$2 $1'],
  [/\bmedical social (?:work(?:er)?|services?)\b|\bsocial work(?:er)?\b/gi, ' msw '],
  [/\bphysical therap(?:y|ist)\b/gi, ' pt '],
  [/\boccupational therap(?:y|ist)\b/gi, ' ot '],
  [/\bspeech(?:[\s-]+language)?(?:[\s-]+therap(?:y|ist)|[\s-]+patholog(?:y|ist))\b/gi, ' st '],
  [/\bhome health aide\b/gi, ' hha '],
  [/\bf\s*\/\s*u(?:p)?\b|\bfollow[\s-]*up\b|\bfolow[\s-]*up\b|\bfollowup\b|\bf\/up\b/gi, ' followup '],
  [/\bre[\s-]?eval(?:uation)?s?\b/gi, ' reeval '],
  [/\bre[\s-]?cert(?:ification)?\b/gi, ' recert '],
  [/\bd\s*\/\s*c\b/gi, ' dc '],
  [/\bw\s*\/\s*/gi, ' with '],
  [/\bwound[\s-]+care\b/gi, ' woundcare '],
  [/\bin[\s-]service\b/gi, ' inservice '],
  [/\bon[\s-]call\b/gi, ' oncall '],
  [/\bpick[\s-]?up\b/gi, ' pickup '],
  [/\bdrop[\s-]?off\b/gi, ' dropoff '],
  [/\bcheck[\s-]in\b/gi, ' checkin '],
  [/\bout of (?:the )?office\b/gi, ' ooo '],
  [/\bone[\s-]on[\s-]one\b|\b1\s*:\s*1\b|\b1on1\b/gi, ' oneonone '],
  [/\bskilled nursing\b/gi, ' sn '],
  [/\bpersonal care\b/gi, ' bath '],
  [/\bstart of care\b/gi, ' soc '],
  [/\bresumption of care\b/gi, ' roc '],
  [/\bpt\s*\/\s*inr\b/gi, ' inr '],
  [/\b(\d{2})[\s-]?day\b/gi, ' day$1 '],
];

/** The title's segments, split at separators that people and EMRs put between its parts. */
export function segmentsOf(title: string): string[] {
  // Markup in a title is someone's mistake or an attack, never part of a name.
  let text = title.normalize('NFKC').replace(/<[^>]*>/g, ' ');
  for (const [pattern, replacement] of SPELLINGS) text = text.replace(pattern, replacement);
  return text
    .split(/\s[-–—]+\s|[–—|:;()[\]{}<>•·~*=+/\\"“”]|\s-+|-+\s|^-+|-+$|\s@\s/)
    .map((segment) => segment.trim())
    .filter(Boolean);
}

const TIME = /^\d{1,2}(?::\d{2})?(?:am|pm|a|p)?$/i;
const DATE = /^\d{1,4}[/.-]\d{1,2}(?:[/.-]\d{1,4})?$/;
const CODE = /^(?:#?\d[\w-]*|mrn|id|acct|episode|ep|visit#|#)$/i;
const INITIALS = /^(?:\p{Lu}\.){1,3}\p{Lu}?\.?$|^\p{Lu}$/u;
const NAME_WORD = /^\p{L}[\p{L}'’.-]*$/u;

/** Classes every word of a segment. */
export function classify(segment: string, caseless = isCaseless(segment)): Word[] {
  const raw = segment.split(/\s+/).filter(Boolean).flatMap(splitVocabularyPairs);
  const words: Word[] = [];
  for (const [index, token] of raw.entries()) {
    const comma = /,$/.test(token);
    const text = token.replace(/^[,.'’!?]+|[,!?]+$/g, '');
    if (!text) continue;
    const lower = text.toLowerCase().replace(/\.$/, '');
    const previous = words.at(-1);
    const next = raw[index + 1];
    let word = wordOf(text, lower, previous, next);
    // "Winter, Ida", "Story, Glen": a capitalised word before a comma and a given name is a surname.
    const lastFirst = comma && /^\p{Lu}/u.test(text) && next !== undefined && /^\p{Lu}\p{L}/u.test(next);
    if (lastFirst && (word.kind === 'nonVisit' || word.kind === 'filler' || word.kind === 'context')) {
      word = { kind: 'name', meaning: text };
    }
    // In a title with capitals, a short all-capitals word is an abbreviation (TKA, DON), not a name.
    // (A segment with a comma is a "LAST, FIRST" name written in capitals.)
    if (!caseless && !segment.includes(',') && word.kind === 'name' && /^\p{Lu}{2,4}$/u.test(text)) {
      word = { kind: 'filler', meaning: text };
    }
    const stop = /\.$/.test(token) && (word.kind === 'name' || word.kind === 'filler');
    words.push({ ...word, text: stop ? text.replace(/\.$/, '') : text, comma, stop });
  }
  return words;
}

/** Text in one case (a phone's lower case, an EMR's capitals) gives no capital letters to go by. */
export function isCaseless(text: string): boolean {
  return text === text.toLowerCase() || text === text.toUpperCase();
}

/** "RN-SOC", "PT/OT": two vocabulary words joined are two words. */
function splitVocabularyPairs(token: string): string[] {
  const parts = token.split(/[-/]/);
  if (parts.length < 2) return [token];
  const known = parts.every((part) => {
    const lower = part.toLowerCase().replace(/[.,]/g, '');
    return lower in DISCIPLINES || lower in VISIT_TYPES;
  });
  return known ? parts : [token];
}

function wordOf(
  text: string,
  lower: string,
  previous: Word | undefined,
  next: string | undefined,
): Pick<Word, 'kind' | 'meaning'> {
  if (TIME.test(lower) || CODE.test(lower) || DATE.test(lower)) return { kind: 'code', meaning: text };
  if (CANCEL_WORDS.has(lower)) return { kind: 'cancel', meaning: text };
  const dayType = /^day(\d{2})$/.exec(lower);
  if (dayType) return { kind: 'type', meaning: `${dayType[1]}-day` };
  // "St." before a capitalised word is Saint ("St. John"), not speech therapy.
  if (lower === 'st' && text.endsWith('.') && next && /^\p{Lu}/u.test(next)) return { kind: 'particle', meaning: text };
  // "new pt" is a new patient, not physical therapy.
  if (lower === 'pt' && previous?.text.toLowerCase() === 'new') return { kind: 'context', meaning: text };
  if (lower in DISCIPLINES) return { kind: 'discipline', meaning: DISCIPLINES[lower] as string };
  if (lower in VISIT_TYPES) return { kind: 'type', meaning: VISIT_TYPES[lower] as string };
  if (NON_VISIT_WORDS.has(lower)) return { kind: 'nonVisit', meaning: text };
  if (VISIT_CONTEXT.has(lower)) return { kind: 'context', meaning: text };
  if (NAME_SUFFIXES.has(lower) && previous?.kind === 'name') return { kind: 'suffix', meaning: text };
  if (lower in HONORIFICS && next !== undefined) return { kind: 'honorific', meaning: HONORIFICS[lower] as string };
  if (INITIALS.test(text)) return { kind: 'initial', meaning: text };
  if (NAME_PARTICLES.has(lower)) return { kind: 'particle', meaning: text };
  if (NOT_NAMES.has(lower) || !NAME_WORD.test(text)) return { kind: 'filler', meaning: text };
  return { kind: 'name', meaning: text };
}
