// Which patients an utterance names, tolerant of what speech recognition and typing do to names: the words that are
// not the stand-in's own vocabulary are matched against the clinician's patients with the tools' matcher
// (core/assistant/patient-match.ts: Double Metaphone keys and edit distance, with how sure it is). A sure match is
// that patient; a near one is asked back ("Did you mean Malvina Gorczany?"), never answered with that patient's
// facts; a word that only might be a name (lower case, a real word, with no cue that a person is meant) is left
// alone.
import { matchName } from '../../core/assistant/patient-match.ts';
import { fold } from '../../core/assistant/when.ts';
import type { Language } from '../../core/time/zoned-time.ts';
import { ENGLISH_VOCABULARY, isRealWord, SPANISH_VOCABULARY } from './vocabulary.ts';

/** Words of the stand-in's sentences that are never a name (with its vocabulary). */
const FUNCTION_WORDS = `a an the my me i i'm im i'd id is are was were be been am pm what whats what's who whos who's whom
when where how why which do does did done see seeing seen with for to at on in of and or but about after before her hers
his him she he they them their theirs it its that this these those one ones next first last second third s can could
would will should shall may might must please tell show give read get got have has had need want like know let time times
day days week weeks weekend month today tomorrow tonight yesterday morning afternoon evening noon midnight minute minutes
hour hours half quarter yes no not also then than there here any anything some someone anyone all every each many much
long far more less most least just only again else other same new old up down back out over off still very really ok okay
hi hello hey thanks thank you your you're we us our visit visits appointment appointments patient patients session
sessions stop stops call calls calling called text message email schedule book move cancel reschedule push bump
postpone shift drop add put plan route order drive driving drove miles address phone number notes note free busy
busier busiest light lighter lightest earliest latest early late earlier later between from until till into by
instead meant mean sorry actually rather oops um uh well so now soon today's tomorrow's friday's monday's tuesday's
wednesday's thursday's saturday's sunday's care wound vitals check review medication skilled nursing evaluation eval
therapy home prefers prefer likes speaks mornings afternoons evenings going go goes come comes left right way
el la los las lo le les un una unos unas mi mis tu tus su sus de del al que y o con para por en es son esta estan
este ese esa eso hay tengo tiene tienes cual cuales cuando donde quien quienes como cuanto cuantos cuantas ver veo
visito despues antes primera primero ultima ultimo proxima proximo siguiente anterior hoy manana tarde noche semana
dia dias hora horas minutos si no tambien otra otro mas menos muy ya pero sobre entre hasta desde ella el`;

const NOT_NAME = new Set([
  ...FUNCTION_WORDS.split(/\s+/).filter(Boolean),
  // The vocabularies hold the days and the months, all but "may".
  ...ENGLISH_VOCABULARY,
  ...SPANISH_VOCABULARY,
  'may',
]);

/**
 * Words that say a person is named next, whatever word follows. Words said as often before a thing as before a
 * person ("with", "for", "a": "time for a 45 minute visit", "a gap") are no cue: a lower-case real word after them
 * is that word, not a patient.
 */
const PERSON_CUES = new Set(['patient', 'mr', 'mrs', 'ms', 'miss', 'dr', 'paciente', 'senora', 'senor', 'sra', 'sr']);

export interface SpokenNames {
  /** Patients certainly meant, in the order said (roster names). */
  sure: string[];
  /** A name said that is nobody certainly, with the patients who come closest: ask "did you mean …?". */
  unsure: { said: string; suggestions: string[] } | null;
  /** The words (folded) the sure and unsure names were heard in. */
  saidWords: string[];
  /** Patients found as written by a first or last name that the whole of what was said does not name. */
  vetoed: string[];
}

interface Word {
  folded: string;
  raw: string;
  index: number;
  possessive: boolean;
}

function wordsOf(raw: string): Word[] {
  return [...raw.matchAll(/[\p{L}][\p{L}'’-]*/gu)].map((m) => {
    const token = m[0];
    const possessive = /['’]s$/i.test(token);
    const bare = possessive ? token.slice(0, -2) : token.replace(/['’]$/, '');
    return { folded: fold(bare).replace(/['’]/g, ''), raw: bare, index: m.index ?? 0, possessive };
  });
}

/** Runs of words that are not the stand-in's own, each a possible name. */
function candidateRuns(words: Word[], known: ReadonlySet<string>): Word[][] {
  const runs: Word[][] = [];
  let run: Word[] = [];
  for (const word of words) {
    const free = word.folded.length >= 2 && !NOT_NAME.has(word.folded) && !known.has(word.folded);
    if (free) {
      run.push(word);
      if (word.possessive) {
        runs.push(run);
        run = [];
      }
    } else {
      if (run.length) runs.push(run);
      run = [];
    }
  }
  if (run.length) runs.push(run);
  return runs.filter((r) => r.length <= 4 && r.some((w) => w.folded.length >= 3));
}

/**
 * Whether the words were meant as a name: written as one (a capital after the first word), said after a person's
 * title, possessive, or not a real word. "Is there a gap on Friday": "gap" is a word, not a patient.
 */
function meantAsName(run: Word[], words: Word[], language: Language): boolean {
  const first = run[0] as Word;
  const at = words.indexOf(first);
  const before = at > 0 ? (words[at - 1] as Word).folded : '';
  if (run.some((w) => /^\p{Lu}/u.test(w.raw) && words.indexOf(w) > 0)) return true;
  if (PERSON_CUES.has(before)) return true;
  if (run.some((w) => w.possessive)) return true;
  const notAWord = run.some((w) => w.folded.length >= 3 && !isRealWord(w.raw.toLowerCase(), language));
  return notAWord;
}

/**
 * The patients the words name beyond those found as written (`exact`: whole names, or a first or last name said
 * alone): sure ones, and the first name said that is nobody certainly, with its suggestions. A first or last name
 * found as written but said with another name beside it ("Laura Cole" for Laurel Cole, "Javon Walker") is not
 * taken as written: the whole of what was said decides (`vetoed`).
 */
export function spokenNames(
  raw: string,
  roster: readonly string[],
  exact: readonly string[],
  language: Language,
): SpokenNames {
  const out: SpokenNames = { sure: [], unsure: null, saidWords: [], vetoed: [] };
  if (!roster.length) return out;
  const words = wordsOf(raw);
  const exactWords = new Map<string, string>();
  for (const name of exact) for (const w of fold(name).split(/[^a-z]+/)) if (w) exactWords.set(w, name);
  for (const run of candidateRuns(words, new Set())) {
    const said = run.map((w) => w.raw).join(' ');
    const holds = [
      ...new Set(run.flatMap((w) => (exactWords.has(w.folded) ? [exactWords.get(w.folded) as string] : []))),
    ];
    if (holds.length) {
      // Found as written: kept unless the rest of the run is another name said with it.
      const others = run.filter((w) => !exactWords.has(w.folded));
      const asWritten = holds.every((name) =>
        others.every((w) =>
          fold(name)
            .split(/[^a-z]+/)
            .includes(w.folded),
        ),
      );
      if (asWritten || !others.some((w) => /^\p{Lu}/u.test(w.raw))) continue;
      const match = matchName(said, roster);
      if (match.kind === 'one' && holds.includes(match.name)) continue;
      out.vetoed.push(...holds);
      out.saidWords.push(...run.map((w) => w.folded));
      if (match.kind === 'one') out.sure.push(match.name);
      else out.unsure ??= { said, suggestions: match.kind === 'many' ? match.names : match.suggestions };
      continue;
    }
    const match = matchName(said, roster);
    if (match.kind === 'one' && match.exact) {
      out.sure.push(match.name);
      out.saidWords.push(...run.map((w) => w.folded));
      continue;
    }
    if (match.kind === 'none' && !match.suggestions.length) continue;
    if (!meantAsName(run, words, language)) continue;
    out.saidWords.push(...run.map((w) => w.folded));
    if (match.kind === 'one') out.sure.push(match.name);
    else if (match.kind === 'many') out.unsure ??= { said, suggestions: match.names };
    else out.unsure ??= { said, suggestions: match.suggestions };
  }
  return out;
}
