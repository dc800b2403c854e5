// A conversation that remembers: what the last answer was about (its request, day, range, patient and visit), so
// that what a clinician says next can lean on it:
// - a follow-up that names only a part ("what about Thursday?", "and Daisy?", "and the afternoon?") asks the last
//   request again with that part replaced;
// - a correction ("no, I meant Thursday", "no, my 3pm") does the same, and replaces a waiting proposal;
// - "the one after that", "the one before" is the visit next to the one just found;
// - "her", "his", "she" is the patient just named or found, "that day" the day just asked about.
// Where the part could replace two things (a move's visit or its new time), it asks which, rather than guess.
// Context comes from the clinician's words and from facts of the tools' results (ids, dates, times, and names that
// read as names), never from calendar text as instructions.
import type { Language } from '../../core/time/zoned-time.ts';
import { minutesToHhmm } from '../../core/time/zoned-time.ts';
import type { Plan, ToolStep } from './understand.ts';

export type ToolsPlan = Extract<Plan, { kind: 'tools' }>;

export interface FoundVisit {
  id: string;
  date: string;
  start: string;
  patient: string | null;
}

/** What "yes" does now, when no change waits: a read it offered, or the request again with a name it asked about. */
export type Offer = { kind: 'plan'; plan: ToolsPlan } | { kind: 'name'; text: string; said: string; names: string[] };

export interface Context {
  /** The last request answered with tools, to ask again with a part replaced. */
  last: ToolsPlan | null;
  /** The day (or range) the last answer was about. */
  day: string | null;
  range: { from: string; to: string } | null;
  /** The patient last named or found (a roster name). */
  patient: string | null;
  /** The one visit last found. */
  visit: FoundVisit | null;
  /** What the clinician said when it asked back: their answer completes it. */
  asked: string | null;
  offer: Offer | null;
}

export const EMPTY_CONTEXT: Context = {
  last: null,
  day: null,
  range: null,
  patient: null,
  visit: null,
  asked: null,
  offer: null,
};

// ─── Cues ─────────────────────────────────────────────────────────────────────────────────────────────────

export const CORRECTION =
  /^(no|nope|not|sorry|oops|actually|i meant|i mean|rather|make (that|it)|change (that|it) to|perdon|perdona|quise decir|me referia|digo|mejor|en realidad)\b/;
export const CONTINUATION =
  /^(and|what about|how about|also|same (for|on)|then|what of|y|y el|y la|y los|y las|y para|que tal|y que tal|tambien)\b/;
const AFTER_THAT =
  /\b(the one after( that| this| her| him| it)?|after (that|this) one|after that|next one|and then|then who|the following one|la siguiente|el siguiente|despues de (esa|ese|eso)|y despues)\b/;
const BEFORE_THAT =
  /\b(the one before( that| this| her| him| it)?|before that|previous one|la anterior|el anterior|antes de (esa|ese|eso))\b/;
/** Words that point back at the patient just named or found. */
export const PRONOUN =
  /\b(her|hers|his|him|she|he|them|their|they|that patient|this patient|the patient|ella|su|sus)\b/;
/** Words that point back at the day just asked about. */
export const THAT_DAY = /\b(that day|same day|then|ese dia|el mismo dia|that one|the one)\b/;

/** The visit next to the one just found, or null when the words do not ask for it. */
export function sequenceOf(text: string): 'after' | 'before' | null {
  if (AFTER_THAT.test(text)) return 'after';
  if (BEFORE_THAT.test(text)) return 'before';
  return null;
}

// ─── Parts ────────────────────────────────────────────────────────────────────────────────────────────────

export interface Parts {
  day: string | null;
  range: { from: string; to: string } | null;
  /** Minutes of the day. */
  time: number | null;
  patient: string | null;
  position: string | null;
  hours: { after: string; before: string } | null;
  /** "to 5pm", "a las 5": the part is a new time or day (a move's target). */
  target: boolean;
  /** "my 3pm", "mi cita": the part names the visit. */
  mine: boolean;
}

export const hasPart = (p: Parts): boolean =>
  p.day !== null ||
  p.range !== null ||
  p.time !== null ||
  p.patient !== null ||
  p.position !== null ||
  p.hours !== null;

/** Words a follow-up may hold besides its parts ("no, I meant …", "what about …", "and …"). */
const FILLER = new Set(
  `a an the my me i im i'm is it its it's that this one ones on at for with in of to and or about what whats how no nope
not sorry oops actually meant mean rather instead then also please make change just only ok okay oh um uh well so
visit visits appointment appointments patient patients day days week weeks then same y el la los las lo que tal de a
mi mis con para en no perdon perdona quise decir digo mejor realidad tambien cita citas visita visitas dia dias
am pm morning afternoon evening manana tarde noche por hour hours minutes hrs mins`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Whether the utterance is only parts and filler ("no, I meant Thursday", "what about Daisy?"): `partWords` are the
 * words the parts were read from (dates, times, names).
 */
export function onlyParts(text: string, partWords: ReadonlySet<string>): boolean {
  const words = text.split(' ').filter(Boolean);
  return words.every((w) => FILLER.has(w) || partWords.has(w) || /^\d/.test(w));
}

// ─── Asking again with a part replaced ────────────────────────────────────────────────────────────────────

const t = (lang: Language, en: string, es: string) => (lang === 'es' ? es : en);

type Replaced = { plan: ToolsPlan } | { ask: string };

function withArgs(step: ToolStep, change: (args: Record<string, unknown>) => void): ToolStep {
  const args = { ...step.args };
  change(args);
  return { tool: step.tool, args };
}

function setDay(step: ToolStep, day: string): ToolStep | null {
  switch (step.tool) {
    case 'list_visits':
    case 'drive_time':
      if (step.args.fromVisitId) return null;
      return withArgs(step, (a) => {
        delete a.from;
        delete a.to;
        a.date = day;
      });
    case 'summarize_days':
      if (step.args.dates) return null;
      return withArgs(step, (a) => {
        a.from = day;
        a.to = day;
      });
    case 'find_visit':
    case 'optimize_route':
    case 'find_free_slots':
    case 'confirmation_status':
    case 'book_visit':
      return withArgs(step, (a) => {
        a.date = day;
      });
    default:
      return null;
  }
}

function setRange(step: ToolStep, range: { from: string; to: string }): ToolStep | null {
  if (!['list_visits', 'summarize_days', 'drive_time'].includes(step.tool) || step.args.dates) return null;
  return withArgs(step, (a) => {
    delete a.date;
    a.from = range.from;
    a.to = range.to;
  });
}

function setPatient(step: ToolStep, patient: string): ToolStep | null {
  if (typeof step.args.after === 'string' && step.tool === 'find_visit')
    return withArgs(step, (a) => {
      a.after = patient;
    });
  if (typeof step.args.before === 'string' && step.tool === 'find_visit')
    return withArgs(step, (a) => {
      a.before = patient;
    });
  if ('patient' in step.args || ['list_visits', 'patient_details', 'find_free_slots'].includes(step.tool))
    return withArgs(step, (a) => {
      a.patient = patient;
    });
  return null;
}

/**
 * The last request with the part the clinician now says in place of its own, or what to ask when it is not clear
 * which part of it they mean.
 */
export function replacePart(last: ToolsPlan, parts: Parts, lang: Language): Replaced {
  const unclear = {
    ask: t(
      lang,
      'I’m not sure which part of your last question that changes. Could you ask it again in full?',
      'No estoy seguro de qué parte de tu última pregunta cambia. ¿Me la puedes repetir entera?',
    ),
  };
  const steps = [...last.steps, ...(last.second ? [last.second] : [])];
  const followUp = last.followUp;
  // A move names a visit (the lookup) and where it goes (the follow-up): a day or time could be either.
  if (followUp?.tool === 'move_visit' && (parts.day !== null || parts.time !== null)) {
    const lookup = steps[0] as ToolStep;
    const kind = parts.time !== null ? 'time' : 'date';
    const value = parts.time !== null ? minutesToHhmm(parts.time) : (parts.day as string);
    const inLookup = lookup.args[kind] !== undefined;
    const inTarget = followUp.args[kind] !== undefined;
    const toTarget = parts.target || (!parts.mine && inTarget && !inLookup);
    const toLookup = parts.mine || (!parts.target && inLookup && !inTarget);
    if (toTarget === toLookup) {
      return {
        ask: t(
          lang,
          `Do you mean the visit ${kind === 'time' ? 'at' : 'on'} that ${kind === 'time' ? 'time' : 'day'}, or moving it to that ${kind === 'time' ? 'time' : 'day'}? Say for example "my 3pm" or "to 3pm".`,
          `¿Te refieres a la visita de ${kind === 'time' ? 'esa hora' : 'ese día'}, o a moverla a ${kind === 'time' ? 'esa hora' : 'ese día'}? Di por ejemplo "mi cita de las 3" o "a las 3".`,
        ),
      };
    }
    const args = { ...followUp.args };
    if (toTarget) {
      args[kind] = value;
      delete args.askWhen;
    }
    const first = toLookup
      ? withArgs(lookup, (a) => {
          a[kind] = value;
        })
      : lookup;
    return { plan: { ...last, steps: [first, ...last.steps.slice(1)], followUp: { ...followUp, args } } };
  }
  let changed = steps;
  if (parts.range) {
    const next = changed.map((s) => setRange(s, parts.range as { from: string; to: string }));
    if (next.some((s) => s === null)) return unclear;
    changed = next as ToolStep[];
  } else if (parts.day) {
    const next = changed.map((s) => setDay(s, parts.day as string));
    if (next.some((s) => s === null)) return unclear;
    changed = next as ToolStep[];
  }
  if (parts.time !== null) {
    const time = minutesToHhmm(parts.time);
    if (!changed.some((s) => s.tool === 'find_visit' || s.tool === 'book_visit')) return unclear;
    changed = changed.map((s) =>
      s.tool === 'find_visit' || s.tool === 'book_visit'
        ? withArgs(s, (a) => {
            a.time = time;
          })
        : s,
    );
  }
  if (parts.patient) {
    const next = changed.map((s) => setPatient(s, parts.patient as string));
    // A drive between two patients: the correction names one of them; unclear which.
    if (next.some((s) => s === null) || last.second) return unclear;
    changed = next as ToolStep[];
  }
  if (parts.hours) {
    if (!changed.every((s) => s.tool === 'list_visits' || s.tool === 'find_free_slots')) return unclear;
    changed = changed.map((s) => withArgs(s, (a) => Object.assign(a, parts.hours)));
  }
  if (parts.position) {
    // "the second one" after a day's list: that visit of the day.
    const [only] = changed;
    if (changed.length !== 1 || !only || !['list_visits', 'find_visit'].includes(only.tool)) return unclear;
    const date = typeof only.args.date === 'string' ? only.args.date : undefined;
    const language = only.args.language;
    changed = [
      {
        tool: 'find_visit',
        args: { ...(date ? { date } : {}), position: parts.position, ...(language ? { language } : {}) },
      },
    ];
    return { plan: { kind: 'tools', intent: 'find', steps: changed } };
  }
  const [first, second] = last.second ? [changed.slice(0, -1), changed.at(-1)] : [changed, undefined];
  return { plan: { ...last, steps: first, ...(second ? { second } : {}) } };
}
