// Is this calendar event a patient visit, and whose? Calendars are written by clinicians on their phones and by
// agency EMR syncs, never in one format: "OT eval - Rosa Delgado", "Ida Winter ROC", "SN: Wrona, Tomasz", a name with
// the address in `location`. The title is normalised (abbreviation spellings, emoji), cut into segments at its
// separators, and each word classed by the home-health vocabulary (vocabulary.ts); what remains and looks like a
// person is the patient. Every decision carries its reasons, in words a clinician can check and correct.
// Pure: text in, decision out; the event's text is untrusted and only ever read, never obeyed.
import { addressInDescription, looksLikeHomeAddress } from './address.ts';
import { bestName, descriptionName, type NameRun } from './names.ts';
import { ADDRESS_IN_TITLE, classify, isCaseless, segmentsOf, type Word } from './words.ts';

/** Context words that, with a name, say the event is a patient's visit. */
const PATIENT_CONTEXT = new Set(['pt', 'patient', 'client', 'home']);

export interface EventText {
  title: string;
  location?: string | null;
  description?: string | null;
  allDay: boolean;
}

export interface Recognition {
  visit: boolean;
  /** The patient as the event names them ("Rosa Delgado", "Mrs. Lund", "R.K."), or null. */
  patient: string | null;
  /** The discipline the event names (RN, PT, OT, ST, HHA, MSW, …), or null. */
  discipline: string | null;
  /** The visit type the event names (SOC, ROC, Recert, Eval, Follow-up, …), or null. */
  visitType: string | null;
  /** Where: the event's location, else an "Address:" line of its description, or null. */
  address: string | null;
  /** Why, in the clinician's words: each fact the decision rests on. */
  reasons: string[];
}

/** Decides whether an event is a patient visit and names the patient, with the reasons. */
export function recogniseEvent(event: EventText): Recognition {
  const location = event.location?.trim() || null;
  const description = event.description ?? '';
  const titleAddress = event.title.match(ADDRESS_IN_TITLE)?.[0]?.trim() ?? null;
  const address = location ?? titleAddress ?? addressInDescription(description);
  const home = address !== null && looksLikeHomeAddress(address);
  const base = { patient: null, discipline: null, visitType: null, address };
  if (event.allDay) return { ...base, visit: false, reasons: ['an all-day event is not a visit at a time'] };

  const pieces = segmentsOf(event.title);
  const caseless = isCaseless(pieces.join(' '));
  const segments = pieces.map((segment) => classify(segment, caseless));
  const words = segments.flat();
  const discipline = words.find((w) => w.kind === 'discipline')?.meaning ?? null;
  const visitType = words.find((w) => w.kind === 'type')?.meaning ?? null;
  const headBlocker = segments[0]?.find((w) => w.kind === 'nonVisit');
  const cancelled = words.find((w) => w.kind === 'cancel');
  const blocker = words.find((w) => w.kind === 'nonVisit');
  const titleName = bestName(segments, caseless);
  const found = patientOf(titleName ?? householdName(location), description);
  const patient = found?.name ?? null;
  const visitWord = discipline ?? visitType;
  const facts = factsOf({ discipline, visitType, found, words, home, address });
  const visit = (reasons: string[]): Recognition => ({ ...base, patient, discipline, visitType, visit: true, reasons });
  const notVisit = (reasons: string[]): Recognition => ({ ...base, visit: false, reasons });

  // Cancelled, moved away, held, tentative or by video: no drive, wherever the word stands.
  if (cancelled) return notVisit([`“${cancelled.text}”: not a visit in person at this time`]);
  // A meal, meeting, call, time off or errand leading the title is what the event is, whoever it mentions.
  if (headBlocker) return notVisit([`“${headBlocker.text}” marks it as not a visit`]);
  // A visit word, with what follows it only a remark ("(call first)", "see notes").
  if (visitWord) return visit(patient ? facts : [...facts, 'no patient named']);
  if (blocker) return notVisit([`“${blocker.text}” marks it as not a visit`]);
  // A title that is only a person's name (and a time or code) at a home address: a visit there ("Wrona 2:15");
  // so is a name standing alone in its own segment of the title ("Splint check – Wrona").
  if (titleName && home && (onlyNamed(words) || wholeSegmentName(segments))) return visit(facts);
  // A name in the title with the visit said in the description ("Wrona - at son's house" + "ROC visit").
  if (titleName && found && describesVisit(description)) return visit([...facts, 'the description names the visit']);
  // "New pt Tran", "home: Tran": the words say a patient is named.
  if (patient && words.some((w) => w.kind === 'context' && PATIENT_CONTEXT.has(w.text.toLowerCase()))) {
    return visit(facts);
  }
  return notVisit([
    patient ? 'it names a person but no visit and no home address' : 'it names no patient and no visit',
  ]);
}

/** One segment of the title is only a name (two words, or a surname with a title). */
function wholeSegmentName(segments: readonly (readonly Word[])[]): boolean {
  return segments.some(
    (segment) =>
      segment.length > 0 &&
      segment.every((w) => NAME_KINDS.has(w.kind)) &&
      segment.filter((w) => w.kind === 'name').length >= 1 &&
      (segment.filter((w) => w.kind === 'name').length >= 2 || segment.some((w) => w.kind === 'honorific')),
  );
}

/** "Harmon residence, 12 …", "The Okafor home": the household a location names. */
function householdName(location: string | null): NameRun | null {
  const match = /^(?:the\s+)?(\p{Lu}[\p{L}'’-]+)\s+(?:residence|home|house|household|family)\b/u.exec(location ?? '');
  const surname = match?.[1];
  if (!surname) return null;
  return { name: surname, source: match[0], words: 1, honorific: false, surname, how: ' (from the location)' };
}

/** Every word of the title belongs to a name, a time or a code. */
function onlyNamed(words: readonly Word[]): boolean {
  return words.every((w) => NAME_KINDS.has(w.kind));
}

const NAME_KINDS = new Set<Word['kind']>(['name', 'initial', 'particle', 'honorific', 'suffix', 'code']);

/** The description's first lines name a discipline or visit type, and no non-visit leads them. */
function describesVisit(description: string): boolean {
  const first = description.replace(/<[^>]*>/g, '\n').slice(0, 300);
  const words = segmentsOf(first).flatMap((segment) => classify(segment));
  const lead = words.findIndex((w) => w.kind === 'discipline' || w.kind === 'type');
  const blocker = words.findIndex((w) => w.kind === 'nonVisit');
  return lead >= 0 && (blocker < 0 || blocker > lead);
}

/**
 * The title's name, made fuller by the description when the title gives only a surname or initials that the
 * description's name ends with ("RN - Wrona" + "Patient: Tomasz Wrona"); the description's name when the title
 * has none.
 */
function patientOf(title: NameRun | null, description: string): NameRun | null {
  const described = descriptionName(description, true);
  if (!title) return descriptionName(description, true);
  const partial = title.words < 2 || /\./.test(title.source);
  const fuller =
    described !== null &&
    described.words >= 2 &&
    (sameWord(described.surname, title.surname) ||
      described.name.toLowerCase().split(' ').includes(title.surname.toLowerCase()));
  if (partial && fuller) return described;
  return title;
}

function sameWord(a: string, b: string): boolean {
  return a.length > 0 && a.toLowerCase() === b.toLowerCase();
}

function factsOf(input: {
  discipline: string | null;
  visitType: string | null;
  found: NameRun | null;
  words: readonly Word[];
  home: boolean;
  address: string | null;
}): string[] {
  const reasons: string[] = [];
  const visitWords = input.words.filter((w) => w.kind === 'discipline' || w.kind === 'type');
  if (visitWords.length > 0) {
    reasons.push(`${visitWords.map((w) => `“${w.text}”`).join(', ')}: home-health visit words`);
  }
  if (input.found) reasons.push(`“${input.found.source}” reads as the patient's name${input.found.how}`);
  if (input.home) reasons.push('the address reads as a home address');
  else if (input.address) reasons.push('the location does not read as a home address');
  return reasons;
}
