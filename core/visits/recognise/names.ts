// The person a title (or the description) names: the best run of name-like words in one segment — "Rosa
// Delgado", "Delgado, Rosa" (turned to "Rosa Delgado"), "Mrs. Lund", "R. Kai", "R.K.", "van der Meer" — written back
// in the case people write names in when the text was all capitals or all lower case. A name after "referred by",
// "daughter" and the like is someone else's.
import { OTHER_PERSON_CUES, PATIENT_CUES } from './vocabulary.ts';
import { classify, isCaseless, segmentsOf, type Word } from './words.ts';

export interface NameRun {
  /** The name as the product shows it. */
  name: string;
  /** The words it came from, as written. */
  source: string;
  /** How many name words (not counting an honorific). */
  words: number;
  honorific: boolean;
  /** The surname as shown (the last name word), to match a fuller form elsewhere. */
  surname: string;
  /** How it was read, for the reasons (" (Last, First)", " (from the description)"). */
  how: string;
}

const MAX_NAME_WORDS = 4;

interface Candidate {
  run: Word[];
  /** The two words before the run (nearest first). */
  before: [Word | undefined, Word | undefined];
  /** The run is all its segment says, but for times and codes ("… – Szymanski"). */
  whole: boolean;
}

/** The most name-like run of words in the segments, or null. */
export function bestName(segments: readonly (readonly Word[])[], caseless: boolean): NameRun | null {
  let best: { candidate: Candidate; score: number } | null = null;
  for (const [index, segment] of segments.entries()) {
    // "(parent: Samira)": a cue ends the segment before the name.
    const lead = segments[index - 1]?.at(-1);
    for (const candidate of runsOf(segment, caseless, lead)) {
      const score = scoreOf(candidate);
      if (score > 0 && (!best || score > best.score)) best = { candidate, score };
    }
  }
  return best ? toNameRun(best.candidate.run, caseless, '') : null;
}

/**
 * The patient the description names: after "Patient:", "Pt:", "Client:" (or Name, Resident) anywhere in it, else
 * — when `unlabelled` — the best name of its first line ("OT eval for Rosa Delgado, referred by …").
 */
export function descriptionName(description: string, unlabelled: boolean): NameRun | null {
  const text = description.replace(/<[^>]*>/g, '\n');
  const labelled = /\b(?:patient(?:\s+name)?|pt(?:\s+name)?|client|child|name|member|resident)\s*[:#]\s*([^\n]+)/i.exec(
    text,
  );
  const source = labelled?.[1] ?? (unlabelled ? text.split('\n').find((line) => line.trim()) : undefined);
  if (!source) return null;
  const caseless = isCaseless(source);
  const segments = segmentsOf(source).map((segment) => classify(segment, caseless));
  const found = labelled ? bestName(segments.slice(0, 1), caseless) : bestName(segments, caseless);
  return found ? { ...found, how: ' (from the description)' } : null;
}

function startsUpper(text: string): boolean {
  return /^\p{Lu}/u.test(text);
}

/** Runs of words that can belong to a name, in one segment, with the word before each. */
function runsOf(segment: readonly Word[], caseless: boolean, lead?: Word): Candidate[] {
  const runs: Candidate[] = [];
  const spoken = segment.filter((w) => w.kind !== 'code').length;
  let run: Word[] = [];
  let start = 0;
  const close = (index: number) => {
    if (run.length) {
      const before: Candidate['before'] = start === 0 ? [lead, undefined] : [segment[start - 1], segment[start - 2]];
      runs.push({ run, before, whole: run.length === spoken });
    }
    run = [];
    start = index + 1;
  };
  for (const [index, word] of segment.entries()) {
    const next = segment[index + 1];
    const fits =
      (word.kind === 'honorific' && run.length === 0 && next !== undefined) ||
      (word.kind === 'name' && (caseless || startsUpper(word.text))) ||
      word.kind === 'initial' ||
      (word.kind === 'particle' &&
        next !== undefined &&
        (run.length > 0 || startsUpper(word.text) || (next.kind === 'name' && startsUpper(next.text)))) ||
      (word.kind === 'suffix' && run.length > 0);
    if (!fits) {
      close(index);
      continue;
    }
    run.push(word);
    // "Delgado, Rosa": the comma closes nothing; a second comma, or a sentence's end, ends the name.
    if ((word.comma && run.filter((w) => w.comma).length > 1) || word.stop) close(index);
  }
  close(segment.length);
  return runs;
}

function scoreOf({ run, before, whole }: Candidate): number {
  const names = run.filter((w) => w.kind === 'name').length;
  const initials = run.filter((w) => w.kind === 'initial').length;
  const honorific = run[0]?.kind === 'honorific' ? run[0].meaning : null;
  if (names + initials === 0 || names + initials > MAX_NAME_WORDS) return 0;
  // A lone initial is no name; "J.W." (initials only) is one when nothing better is written.
  if (names === 0 && !/\./.test(run.map((w) => w.text).join(''))) return 0;
  const cue = cueOf(before[0]);
  // "referred by Dr. Quill", "son Marco", "with PTA Dana": someone other than the patient.
  if (OTHER_PERSON_CUES.has(cue)) return 0;
  if (before[0]?.kind === 'discipline' && cueOf(before[1]) === 'with') return 0;
  const lastFirst = run.some((w, i) => w.comma && i < run.length - 1);
  return (
    names * 2 +
    initials +
    (honorific && honorific !== 'Dr.' ? 2 : 0) +
    (honorific === 'Dr.' ? -1 : 0) +
    (lastFirst ? 2 : 0) +
    (whole ? 2 : 0) +
    (PATIENT_CUES.has(cue) ? 2 : 0)
  );
}

function cueOf(word: Word | undefined): string {
  return word?.text.toLowerCase().replace(/\.$/, '') ?? '';
}

function toNameRun(run: readonly Word[], caseless: boolean, how: string): NameRun {
  const titled = run[0]?.kind === 'honorific' ? (run[0] as Word) : null;
  const body = titled ? run.slice(1) : [...run];
  const commaAt = body.findIndex((w) => w.comma);
  const lastFirst = commaAt >= 0 && commaAt < body.length - 1;
  // "Fenwick Jr., Otis": the suffix stays at the end.
  const surnamePart = lastFirst ? body.slice(0, commaAt + 1) : [];
  const suffixes = surnamePart.filter((w) => w.kind === 'suffix');
  const ordered = lastFirst
    ? [...body.slice(commaAt + 1), ...surnamePart.filter((w) => w.kind !== 'suffix'), ...suffixes]
    : body;
  const shown = ordered.map((w) => tidy(w, caseless));
  const nameWords = body.filter((w) => w.kind === 'name' || w.kind === 'initial').length;
  // A title goes when the given name is known ("Dr. Maeve Corrigan" → "Maeve Corrigan").
  const keepTitle = titled !== null && nameWords < 2;
  const surnameWord = [...ordered].reverse().find((w) => w.kind === 'name');
  return {
    name: [...(keepTitle ? [titled.meaning] : []), ...shown].join(' '),
    source: run.map((w) => `${w.text}${w.comma ? ',' : ''}`).join(' '),
    words: nameWords,
    honorific: keepTitle,
    surname: surnameWord ? tidy(surnameWord, caseless) : '',
    how: lastFirst ? ' (Last, First)' : how,
  };
}

/** A name word as people write it: "DELGADO" and "delgado" → "Delgado", "o'brien" → "O'Brien", initials as written. */
function tidy(word: Word, caseless: boolean): string {
  if (word.kind === 'initial') return word.text;
  if (word.kind === 'suffix') return /^(?:jr|sr)$/i.test(word.text) ? `${word.text}.` : word.text;
  const oneCase = word.text === word.text.toUpperCase() || word.text === word.text.toLowerCase();
  if (!caseless && !oneCase) return word.text;
  if (word.kind === 'particle' && !caseless) return word.text;
  return word.text
    .toLowerCase()
    .replace(/(^|[-'’])(\p{L})/gu, (_, mark: string, letter: string) => mark + letter.toUpperCase());
}
