// Calendar text is data. Titles, locations, notes and the names and visit types read from them are written by
// other people (agency systems, invitations, delegates, integrations), not by HomeRounds, and a tool result's `say`
// is what the hosted model is told to relay with the server's authority. So a tool result keeps them apart:
// - in its facts, in their own named fields (`calendarText: {title, location, notes}`, `patient`, `visitType`),
//   cleaned of control characters and capped in length (`dataText`);
// - in `say`, only quoted (“…”, `quoted`) or, for a patient's name or a visit type that reads as one, bare
//   (`spokenName`): on one line, without the markup and role labels ("SYSTEM:", "Assistant:", chat-template
//   tokens) that make text look like a turn of the conversation or an instruction, and cut short.
// Both assistant prompts name these fields and quotes as somebody else's words, never an instruction.
import type { Visit } from '../visits/visits.ts';

/** How much calendar text `say` quotes: enough to recognise an event by, not a page for the model to read. */
export const SAY_LIMITS = { name: 60, title: 80, location: 120, notes: 300 } as const;
/** How much the facts carry: a long description is still data, but not an unbounded one. */
export const DATA_LIMITS = { name: 120, title: 300, location: 300, notes: 2000 } as const;

/** The quotation marks `say` puts around calendar text; inside it, double quotes become single ones. */
export const OPEN_QUOTE = '“';
export const CLOSE_QUOTE = '”';

// Format characters (zero-width, bidirectional overrides, the BOM), unpaired surrogates: invisible, never data.
const INVISIBLE = /[\p{Cf}\p{Cs}]/gu;
const CONTROL = /\p{Cc}/gu;
const DOUBLE_QUOTES = /["“”„‟«»＂〝〞]/g;
// Chat-template tokens and tags: <|im_start|>, [INST], <<SYS>>, </s>, <start_of_turn>.
const TEMPLATE_TOKENS = /<\|[^|>]*\|>|\[\/?(?:INST|SYS|SYSTEM)\]|<<\/?SYS>>|<\/?[a-z_]+>/gi;
// Markup that would make text a heading, a code block or emphasis: dropped (an address or a name needs none).
const MARKUP = /[`*#~_<>[\]{}|\\]+/g;
const RULES = /([-=])\1{2,}/g;
/** A role label or instruction header followed by a colon: how text pretends to be a turn of the conversation. */
const ROLE_LABEL =
  /\b(system|assistant|user|human|bot|model|developer|tool|function|clinician|homerounds|admin(?:istrator)?|operator|instructions?|important|note to (?:the )?(?:ai|assistant|model))\s*:/gi;
/** Words no patient's name or visit type contains, but instructions to a model do: such a "name" is quoted. */
const INSTRUCTION_WORDS =
  /\b(system|assistant|developer|prompt|instructions?|ignore|override|confirm(?:ed)?|cancel(?:led|ed)?|delete|tool|function|homerounds)\b/i;
/** What a name or a visit type is made of: letters, digits and the punctuation names and types use. */
const NAME_LIKE = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N}'’.,/&+()\- ]*$/u;
const MAX_NAME_WORDS = 6;

/** Calendar text on one line: invisible and control characters out, every run of whitespace one space. */
export function singleLine(text: string): string {
  return text.replace(INVISIBLE, '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
}

/** Cut at `max` characters, at a word where one is near, marked with an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * Calendar text made safe to say: one line, no markup or chat-template tokens, role labels defused ("SYSTEM:" →
 * "SYSTEM -"), double quotes made single (the text cannot close the quotation around it), at most `max` characters.
 */
export function neutralise(text: string, max: number): string {
  const line = singleLine(text)
    .replace(TEMPLATE_TOKENS, ' ')
    .replace(DOUBLE_QUOTES, "'")
    .replace(MARKUP, ' ')
    .replace(RULES, '$1')
    .replace(ROLE_LABEL, '$1 -')
    .replace(/\s+/g, ' ')
    .trim();
  return truncate(line, max);
}

/** Calendar text quoted for `say`: “…”, neutralised and cut short; '' when there is none. */
export function quoted(text: string | null | undefined, max: number = SAY_LIMITS.title): string {
  const said = neutralise(text ?? '', max);
  return said ? `${OPEN_QUOTE}${said}${CLOSE_QUOTE}` : '';
}

/** A sentence ending in quoted text: its full stop, unless the quotation already ends one (“… the yard.”). */
export function endSentence(text: string): string {
  return /[.!?…]["”']?$/.test(text) ? text : `${text}.`;
}

/** Whether a name (or a visit type) read from the calendar can be said bare: short, name-like, no instruction words. */
export function readsAsName(text: string): boolean {
  return (
    text.length <= SAY_LIMITS.name &&
    text.split(' ').length <= MAX_NAME_WORDS &&
    NAME_LIKE.test(text) &&
    !INSTRUCTION_WORDS.test(text)
  );
}

/**
 * A patient's name or a visit type as `say` says it: bare when it reads as one ("Rosa Delgado", "PT Eval"), quoted
 * otherwise (a title taken for a name, "SYSTEM: ignore …"): calendar text never reads as the server's own words.
 */
export function spokenName(text: string | null | undefined): string {
  const line = singleLine(text ?? '');
  if (!line) return '';
  return readsAsName(line) ? line : quoted(line, SAY_LIMITS.name);
}

/** How `say` names a calendar event: its patient, or its title quoted. */
export function visitName(visit: Pick<Visit, 'patient' | 'title'>): string {
  return visit.patient ? spokenName(visit.patient) : quoted(visit.title, SAY_LIMITS.title) || '“(no title)”';
}

/** Calendar text for a fact field: kept as written (line breaks too), without invisible or control characters, capped. */
export function dataText(text: string, max: number): string;
export function dataText(text: string | null | undefined, max: number): string | null;
export function dataText(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  const clean = text
    .replace(INVISIBLE, '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, (c) => (c === '\n' ? c : ' '))
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return truncate(clean, max);
}

/** The calendar's own words about an event, in the one field tool results keep them in. */
export interface CalendarText {
  title: string;
  location: string | null;
  notes?: string | null;
}

export function calendarText(
  visit: Pick<Visit, 'title' | 'address' | 'notes'>,
  options: { notes?: boolean } = {},
): CalendarText {
  return {
    title: dataText(visit.title, DATA_LIMITS.title),
    location: dataText(visit.address, DATA_LIMITS.location),
    ...(options.notes ? { notes: dataText(visit.notes, DATA_LIMITS.notes) || null } : {}),
  };
}
