// The local platform's stand-in for the hosted assistant's language model: it reads what the clinician
// said (English or Spanish) into the same tool calls the hosted model makes, or into a question back
// when a part that matters (the day, the time, the patient, the action) is missing. It never guesses a
// different question: what it does not recognise gets "I'm not sure what you'd like" and the list of
// what it can do. Pure: the roster (the clinician's patients' names) and the conversation so far (follow-up.ts)
// are given to it.
// Intents before entities (intents.ts): an emergency, a clinical question or a request outside the product gets its
// answer whoever it names. Shorthand and typos are read as the vocabulary's words first (vocabulary.ts), and names as
// a speech recogniser writes them are matched to the patients with how sure the match is (names.ts).
import type { ToolName } from '../../core/assistant/contract.ts';
import {
  type DateRange,
  detectLanguage,
  fold,
  type Moment,
  parseDuration,
  parseMoments,
  parseRange,
  weekdayNamed,
} from '../../core/assistant/when.ts';
import { addDays, type Language, minutesToHhmm, zonedDate } from '../../core/time/zoned-time.ts';
import {
  CONTINUATION,
  CORRECTION,
  type Context,
  EMPTY_CONTEXT,
  type FoundVisit,
  hasPart,
  onlyParts,
  type Parts,
  PRONOUN,
  replacePart,
  sequenceOf,
  THAT_DAY,
  type ToolsPlan,
} from './follow-up.ts';
import { emergencyIn, isClinical, leansSpanish, outsideRequest, outsideText } from './intents.ts';
import { spokenNames } from './names.ts';
import { readWords } from './vocabulary.ts';

export type Intent =
  | 'emergency'
  | 'medical'
  | 'confirm'
  | 'decline'
  | 'greeting'
  | 'thanks'
  | 'help'
  | 'count'
  | 'extreme'
  | 'compare'
  | 'drive'
  | 'route'
  | 'free'
  | 'book'
  | 'move'
  | 'cancel'
  | 'details'
  | 'find'
  | 'list'
  | 'travel-block'
  | 'confirmations'
  | 'patient-update'
  | 'outside'
  | 'did-you-mean'
  | 'unknown';

export interface ToolStep {
  tool: ToolName;
  args: Record<string, unknown>;
}

/** What the turn leaves for the next one to lean on (follow-up.ts), besides what the tools' results say. */
export type Remember = Partial<Pick<Context, 'asked' | 'offer' | 'patient' | 'day' | 'range'>>;

/** What to do with an utterance. `followUp` runs after `steps` with the visit they found (move, cancel, a leg). */
export type Plan = (
  | {
      kind: 'reply';
      intent: Intent;
      text: string;
      /** A question about a correction of the waiting proposal: the proposal keeps waiting. */
      keepsPending?: boolean;
    }
  | { kind: 'confirm' }
  | { kind: 'decline' }
  | {
      kind: 'tools';
      intent: Intent;
      steps: ToolStep[];
      followUp?: { tool: ToolName; args: Record<string, unknown>; visitKey: 'visitId' | 'fromVisitId' };
      /** For a drive between two visits: the second visit's lookup. */
      second?: ToolStep;
      /** Said after the last result. */
      suffix?: string;
      /** A correction of the last request (a waiting proposal it replaces is not "dropped"). */
      corrects?: boolean;
    }
) & { language?: Language; remember?: Remember };

export interface UnderstandInput {
  text: string;
  now: Date;
  timeZone: string;
  /** Whether a proposal waits for a yes. */
  pending: boolean;
  /** The clinician's patients (full names), from their calendar. */
  roster: readonly string[];
  /** What the conversation is about so far. */
  context?: Context;
  /** The clinician's visits of the next days in time order (ids, dates, start times, patients): "the one after that". */
  visits?: readonly FoundVisit[];
}

// ─── Texts ────────────────────────────────────────────────────────────────────────────────────────────

const t = (lang: Language, en: string, es: string) => (lang === 'es' ? es : en);

export const CAPABILITIES_EN =
  'I can tell you your visits for a day or a week, how many visits or patients you have, your first, next or last visit with its address and notes, the lightest or busiest day, how long and how far you drive, the best order for a day, free times, and I can book, move or cancel visits once you confirm.';
export const CAPABILITIES_ES =
  'Puedo decirte tus visitas de un día o una semana, cuántas visitas o pacientes tienes, tu primera, próxima o última visita con su dirección y notas, el día más ligero u ocupado, cuánto conduces, el mejor orden de un día y tus huecos libres, y puedo reservar, mover o cancelar visitas cuando lo confirmes.';
export const MEDICAL_TEXT =
  "I can't give medical advice: I'm an administrative scheduling assistant. Please check the care plan, the prescriber or the patient's physician for questions about medications, doses or symptoms. I can help with your visits, route and calendar.";
export const MEDICAL_TEXT_ES =
  'No puedo dar consejo médico: soy un asistente administrativo de agenda. Consulta el plan de cuidados o al médico del paciente. Puedo ayudarte con tus visitas, tu ruta y tu calendario.';
export /** Questions about the evening confirmation calls (what the patients said), not about changing a visit. */
const CONFIRMATIONS =
  /\b(confirm(ed|ations?)( calls?)?|confirmation calls?|who (has |have )?(said yes|answered|picked up|did ?n t answer|didn t pick up|asked to (cancel|move|reschedule|change)|wants? (to )?(cancel|move|reschedule|another (time|day)))|(did|has|have) (everyone|everybody|all|anyone) (confirm|answer)|opted out|evening calls|calls? (tonight|last night|this evening)|confirmaron|confirmado|confirmaciones|llamadas de confirmacion|quien(es)? (confirmo|confirmaron|contesto|contestaron|no contesto))\b/;

const EMERGENCY_TEXT =
  'If this is an emergency, call 911 (emergency services) right now. I am a scheduling assistant and cannot help in an emergency.';
export const EMERGENCY_TEXT_ES =
  'Si es una emergencia, llama al 911 ahora mismo. Soy un asistente de agenda y no puedo ayudar en una emergencia.';

export function notUnderstood(lang: Language): string {
  return t(
    lang,
    `I'm not sure what you'd like me to do. ${CAPABILITIES_EN}`,
    `No estoy seguro de qué quieres que haga. ${CAPABILITIES_ES}`,
  );
}

// ─── Cues ─────────────────────────────────────────────────────────────────────────────────────────────

const YES =
  /^(yes|yeah|yep|yup|sure|ok|okay|confirm(ed)?|please do|do it|go ahead|book it|sounds good|that works|correct|absolutely|please|yes please|si|claro|vale|de acuerdo|confirmo|hazlo|adelante|por favor)\b/;
const NO =
  /^(no|nope|nah|cancel|cancel that|don'?t|do not|stop|never ?mind|not now|forget it|no gracias|dejalo|olvidalo|mejor no)\b/;
const GREETING =
  /^(hi|hello|hey|good (morning|afternoon|evening)|hola|buenos dias|buenas( tardes| noches)?)\b[\s!.,]*$/;
const THANKS = /^(thanks?|thank you|great|perfect|gracias|perfecto|genial)\b[\s!.,]*$/;
const HELP = /\b(help|what can you do|how do(es)? (this|it|you) work|ayuda|que puedes hacer)\b/;

const COUNT = /\b(how many|number of|count|cuant[oa]s)\b/;
const LIGHT =
  /\b(lightest|least busy|quietest|emptiest|fewest|slowest|lighter|easiest|mas (ligero|tranquilo|libre|facil)|menos (ocupado|cargado|visitas))\b/;
const BUSY =
  /\b(busiest|heaviest|most (visits|patients|busy)|fullest|busier|mas (ocupado|cargado|visitas|pacientes))\b/;
const COMPARE =
  /\b(busier than|lighter than|compare|comparison|versus|vs|more (visits|patients) than|fewer (visits|patients) than|compara\w*|que el|o el)\b/;
const DRIVE =
  /\b(drive|driving|drives|commute|mileage|miles|kilometers?|km|distance|travel(ling|ing)? time|how far|conduc\w*|conduz\w*|manej\w*|kilometros|distancia|trayecto)\b/;
const TRAVEL_BLOCK = /\b(add|block|put|reserve|insert|anade|agrega|bloquea)\b.*\b(travel|drive|driving|trayecto)\b/;
const ROUTE =
  /\b(optimi[sz]\w*|best order|best route|most efficient|shortest route|plan my route|route|reorder|order (for|of)|ruta|orden|optimiza\w*)\b/;
const FREE =
  /\b(free|openings?|open(ing)? slots?|slots?|availability|available|gaps?|room|space|(?<!what )time (for|to (fit|see|squeeze|add))|when can i (fit|see|squeeze)|fit (in|a)|squeeze|hueco|huecos|libre|disponible|espacio|tiempo para)\b/;
/** How full a day is ("how busy am I on the 30th", "what's my load Friday"): its count and hours (summarize_days). */
const LOAD =
  /\b(how (busy|packed|full|booked|heavy|loaded|slammed|hectic|crazy)|(my|the) (load|workload|caseload)|que tan (ocupad[oa]|llen[oa]|cargad[oa])|cuanto trabajo)\b/;
const BOOK_VERB =
  /\b(book|schedule|add|set up|arrange|put in|fit in|squeeze in|fit \w+( \w+)? in|squeeze \w+( \w+)? in|make an? appointment|(i )?(need|want|would like|d like) (a|an|another|to (book|schedule|add|see))|agenda|agendar|agendame|reserva|reservar|programa|programar|anade|agrega|pon)\b/;
const BOOK_OBJECT =
  /\b(visit|appointment|session|home visit|new patient|evaluation|eval|follow-?up|visita|cita|sesion|paciente nuevo)\b/;
const MOVE =
  /\b(move|moving|reschedul\w*|push( it)?( back)?|postpone|shift|bump|change (the time|it|my)|mueve|mover|muevelo|cambia|cambiar|reprograma\w*|aplaza\w*|pasa|pasar)\b/;
const CANCEL = /\b(cancel|call off|delete|remove|drop|scrap|cancela\w*|anula\w*|elimina\w*|borra\w*|quita\w*)\b/;
const NOTES = /\b(notes?|gate code|instructions?|description|notas?|instrucciones|codigo)\b/;
const DETAILS = /\b(address|phone|number|where does|where is|lives?|call|contact|direccion|telefono|donde vive)\b/;
const POSITION_WORDS: Array<[RegExp, string]> = [
  [/\b(next|upcoming|proxim[oa]|siguiente)\b/, 'next'],
  [/\b(first|earliest|primer[oa]?|start my day|begin my day|(what time|when) do i (start|begin)|empiezo)\b/, 'first'],
  [/\b(last|final|latest|ultim[oa]|finish|done for the day|wrap up|end my day|termino|acabo)\b/, 'last'],
  [/\b(previous|before this|anterior)\b/, 'previous'],
  [/\b(second|2nd|segund[oa])\b/, '2'],
  [/\b(third|3rd|tercer[oa]?)\b/, '3'],
];
const VISIT_WORD = /\b(visits?|appointments?|patients?|stops?|sessions?|citas?|visitas?|pacientes?)\b/;
const LIST =
  /\b(appointments?|visits?|schedule|agenda|calendar|who am i seeing|who do i see|what('s| is| do i have) on|what do i have|do i have (anything|anyone|anybody)|am i seeing anyone|my day|(day|week|schedule|calendar) look like|show me|give me|read me|tell me about|what'?s happening|on my plate|anything (on|for)|am i (busy|working)|patients|citas?|visitas?|pacientes|que tengo|tengo algo)\b/;
/** A day's plan asked by a planning word ("what's the plan for the 2nd", "my lineup Friday"); a care plan is not it. */
const DAY_PLAN = /\b(?<!care )(plan|lineup|line up|rundown|itinerary|game plan|plan del dia|planning)\b/;
/** "Who am I seeing", "who's on", "a quién veo", "quiénes me tocan": the day's patients, by the question word. */
const WHO_SEEN =
  /\b(who|whom|quien|quienes)('s| is| are)?( (else|all))?( (am|do|did|have|will|is|are) i| i)? (see|seeing|visit|visiting|have|got|on|veo|visito|tengo|atiendo|me toca\w*|toca\w*|hay)\b/;
const THERAPY = /\b(therapy|therapist|terapia)\b/;

/** Words that say a position, as a follow-up's part ("and the last one?"). */
const POSITION_TERMS = [
  'first',
  'last',
  'second',
  'third',
  '2nd',
  '3rd',
  'next',
  'previous',
  'earliest',
  'latest',
  'final',
  'primera',
  'primero',
  'ultima',
  'ultimo',
  'segunda',
  'segundo',
  'tercera',
  'tercero',
  'proxima',
  'proximo',
  'siguiente',
  'anterior',
];
const NEW_PATIENT = /\b(new patient|new client|paciente nuevo|nuevo paciente)\b/;
/** The questions it asks back whose answer completes what was said ("Schedule a home visit" … "Daisy, Friday at 10"). */
const ASKS_BACK: readonly Intent[] = ['book', 'move', 'cancel', 'compare', 'drive', 'travel-block'];

/** Spanish by its words (when.ts), or by leaning Spanish in a short utterance ("se cayó y no respira"). */
export function languageOf(text: string): Language {
  if (detectLanguage(text) === 'es') return 'es';
  const folded = fold(text).replace(/[¿?¡!.,;:]+/g, ' ');
  return leansSpanish(folded) ? 'es' : 'en';
}

/** The last request asked again with the part now said in place of its own, or the question what is meant. */
function corrected(last: ToolsPlan, parts: Parts, lang: Language): Plan {
  const replaced = replacePart(last, parts, lang);
  if ('ask' in replaced)
    return { kind: 'reply', intent: 'unknown', text: replaced.ask, language: lang, keepsPending: true };
  const remember: Remember = {};
  if (parts.patient) remember.patient = parts.patient;
  return { ...replaced.plan, corrects: true, language: lang, remember };
}

const hhmmToMinutes = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The visit right after (or before) the one just found, on its day. */
function neighbour(visit: FoundVisit, visits: readonly FoundVisit[], which: 'after' | 'before', lang: Language): Plan {
  const sameDay = visits.filter((v) => v.date === visit.date);
  const at = sameDay.findIndex((v) => v.id === visit.id);
  const other = at >= 0 ? sameDay[which === 'after' ? at + 1 : at - 1] : undefined;
  const args: Record<string, unknown> | null = other
    ? { date: visit.date, time: other.start }
    : visit.patient
      ? { date: visit.date, [which]: visit.patient }
      : null;
  if (!args) {
    return {
      kind: 'reply',
      intent: 'find',
      text: t(lang, 'Which visit do you mean? Tell me the day and the time.', '¿Qué visita? Dime el día y la hora.'),
      language: lang,
    };
  }
  return {
    kind: 'tools',
    intent: 'find',
    steps: [{ tool: 'find_visit', args: withLanguage(args, lang) }],
    language: lang,
  };
}

function positionOf(text: string): string | null {
  for (const [pattern, position] of POSITION_WORDS) if (pattern.test(text)) return position;
  return null;
}

/**
 * A visit's length said as a length: "squeeze in a half hour visit" is half an hour long, not "in half an hour"
 * from now, nor half past the hour (the "in" goes with the verb).
 */
const lengthsSaid = (text: string): string =>
  text
    .replace(/\b(squeeze|fit|pencil|slot|work)(\s+[\p{L}]+)?\s+in\b/giu, '$1$2')
    .replace(/\b(an? )?half[ -]hour\b/giu, 'half an hour');

/** Question words typed without their apostrophe ("whos", "whats", "wheres") read as written with it. */
const withApostrophes = (text: string): string => text.replace(/\b(who|what|where|when|how|that|there)s\b/g, "$1's");

/** Text and names alike folded to plain words: a name read from the calendar matches as words, never as a pattern. */
const plainWords = (text: string): string =>
  fold(text)
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Patients named in the text: full names first, then unique last or first names. */
export function namedPatients(text: string, roster: readonly string[]): string[] {
  const folded = ` ${plainWords(text)} `;
  const names = [...new Set(roster)];
  const found: Array<{ name: string; at: number }> = [];
  const taken = (at: number) => found.some((f) => Math.abs(f.at - at) < 2);
  for (const name of names) {
    const at = folded.indexOf(` ${plainWords(name)} `);
    if (at >= 0) found.push({ name, at });
  }
  for (const part of ['last', 'first'] as const) {
    const index = new Map<string, string[]>();
    for (const name of names) {
      const parts = plainWords(name).split(' ');
      const key = part === 'last' ? parts.at(-1) : parts[0];
      if (!key || key.length < 3) continue;
      index.set(key, [...(index.get(key) ?? []), name]);
    }
    for (const [key, owners] of index) {
      const re = new RegExp(` ${key}('s)? `);
      const match = re.exec(folded);
      if (!match || taken(match.index)) continue;
      if (found.some((f) => owners.includes(f.name))) continue;
      // An ambiguous first or last name is passed on as said: the tool asks which one.
      found.push({ name: owners.length === 1 ? (owners[0] as string) : key, at: match.index });
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}

/** A person named in the text but not on the calendar ("with Mrs. Alvarez"), to say so rather than guess. */
function unknownPerson(text: string): string | null {
  const match =
    /\b(?:with|for|see|seeing|visit|con|para|a)\s+((?:[Mm]rs?\.?|[Mm]s\.?|[Mm]iss|[Dd]r\.?|[Ss]ra?\.?)\s+)?([A-ZÁÉÍÓÚÑ][a-záéíóúñ'-]+(?:\s+[A-ZÁÉÍÓÚÑ][a-záéíóúñ'-]+)?)/.exec(
      text,
    );
  if (!match?.[2]) return null;
  const word = fold(match[2]);
  if (
    /^(monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|lunes|martes|miercoles|jueves|viernes|sabado|domingo|hoy|manana|january|february|march|april|may|june|july|august|september|october|november|december|the|my|a|an|new|next|dr|noon)\b/.test(
      word,
    )
  )
    return null;
  return match[2];
}

/** "back an hour", "30 minutes later", "earlier by 15 min", "una hora más tarde" → signed minutes. */
export function shiftOf(text: string): number | null {
  const amount = /\b(an?|one|half an?|una|media|\d{1,3})\s*(hours?|hrs?|minutes?|mins?|horas?|minutos?)\b/.exec(text);
  if (!amount) return null;
  const later = /\b(back|later|push|pushed|delay|mas tarde|despues|retrasa\w*)\b/.test(text);
  const earlier = /\b(earlier|forward|up|sooner|antes|mas temprano|adelanta\w*)\b/.test(text);
  if (later === earlier) return null;
  const unit = /^h/.test(amount[2] ?? '') ? 60 : 1;
  const n = /^\d+$/.test(amount[1] ?? '') ? Number(amount[1]) : /^(half|media)/.test(amount[1] ?? '') ? 0.5 : 1;
  const minutes = Math.round(n * unit);
  return later ? minutes : -minutes;
}

const PREFERS =
  /\b(prefers?|would rather|likes? (to be seen|visits?|it)|(only|best) (in the )?(mornings?|afternoons?|evenings?)|prefiere)\b/;
const SPEAKS = /\b(speaks|habla) ([a-z]+)\b/;
const NEW_PHONE = /\b(new (phone|number)|(phone|number) is( now)?|nuevo (telefono|numero))\b/;
const PHONE = /(\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/;
const NO_CALLS =
  /\b(no|not|don t|do not|doesn t want|does not want)\b.*\b(robo ?calls?|automated calls?|reminder calls?|calls? from (the )?system)\b/;
const CALLS_OK =
  /\b(ok(ay)? with|agrees? to|fine with|consents? to|wants?)\b.*\b(robo ?calls?|automated calls?|reminder calls?)\b/;

/** What the clinician asks to keep about the named patient, as update_patient's arguments, or null. */
function patientUpdate(text: string, raw: string, times: Moment[]): Record<string, unknown> | null {
  if (PREFERS.test(text)) {
    if (times.length >= 2) {
      return {
        windowStart: minutesToHhmm(times[0]?.minute as number),
        windowEnd: minutesToHhmm(times[1]?.minute as number),
      };
    }
    const part = /\b(morning|manana)s?\b/.test(text)
      ? 'morning'
      : /\b(afternoon|tarde)s?\b/.test(text)
        ? 'afternoon'
        : /\b(evening|noche)s?\b/.test(text)
          ? 'evening'
          : null;
    if (part) return { window: part };
  }
  const speaks = SPEAKS.exec(text);
  if (speaks?.[2] && !/^(to|with|about)$/.test(speaks[2])) {
    return { language: (speaks[2][0] as string).toUpperCase() + speaks[2].slice(1) };
  }
  const phone = PHONE.exec(raw);
  if (NEW_PHONE.test(text) && phone) return { phone: phone[0].trim() };
  if (NO_CALLS.test(text)) return { automatedCalls: false };
  if (CALLS_OK.test(text)) return { automatedCalls: true };
  return null;
}

function partOfDay(text: string): { after: string; before: string } | null {
  if (/\b(morning|por la manana)\b/.test(text)) return { after: '08:00', before: '12:00' };
  if (/\b(afternoon|after lunch|por la tarde|tarde)\b/.test(text)) return { after: '12:00', before: '17:00' };
  if (/\b(evening|noche)\b/.test(text)) return { after: '17:00', before: '20:00' };
  return null;
}

/** Every weekday named ("Thursday or Friday"), as the coming dates. */
function weekdaysNamed(text: string, today: string): string[] {
  const found: string[] = [];
  for (const part of fold(text).split(/\b(?:or|and|than|vs|versus|o|y|que)\b/)) {
    const date = weekdayNamed(part, today);
    if (date) found.push(date);
  }
  return found;
}

function dateOf(moments: Moment[]): string | null {
  return moments.find((m) => m.date)?.date ?? null;
}

function withLanguage(args: Record<string, unknown>, lang: Language): Record<string, unknown> {
  return lang === 'es' ? { ...args, language: 'es' } : args;
}

/** Split "move X … to Y": moments after the last "to/until/a/para" belong to the target. */
function splitTarget(text: string, moments: Moment[]): { source: Moment[]; target: Moment[] } {
  const folded = fold(text);
  const marker = /\b(to|until|till|into|for|a|para|al|hasta)\b(?!.*\b(to|until|till|into|a|para|al|hasta)\b)/.exec(
    folded,
  );
  // Position of the last target marker that comes before some moment.
  let cut = -1;
  const markers = [...folded.matchAll(/\b(to|until|till|into|a|para|al|hasta)\b/g)].map((m) => m.index ?? 0);
  for (const at of markers) if (moments.some((m) => m.index > at)) cut = Math.max(cut, at);
  if (cut < 0 && marker) cut = marker.index;
  // No "to …": the moments said name the visit ("push my 9am tomorrow back 30 minutes").
  if (cut < 0) return { source: moments, target: [] };
  return { source: moments.filter((m) => m.index < cut), target: moments.filter((m) => m.index > cut) };
}

// ─── The reading ──────────────────────────────────────────────────────────────────────────────────────

export function understand(input: UnderstandInput): Plan {
  const context = input.context ?? EMPTY_CONTEXT;
  const said = input.text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
  // Shorthand and typos read as the vocabulary's words; the patients' names are never "corrected".
  const nameWordsKept = new Set(input.roster.flatMap((name) => plainWords(name).split(' ')));
  const raw = readWords(said, languageOf(said), nameWordsKept).text;
  const lang = languageOf(raw);
  const text = withApostrophes(
    fold(raw)
      .replace(/[¿?¡!.,;:]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  const reply = (intent: Intent, value: string, remember?: Remember): Plan => ({
    kind: 'reply',
    intent,
    text: value,
    language: lang,
    ...(remember ? { remember } : {}),
  });
  if (!text) return reply('unknown', notUnderstood(lang));

  // Intents before entities: whoever is named, these get their own answer.
  const emergency = emergencyIn(text);
  if (emergency) {
    const language = emergency === 'es' ? 'es' : lang;
    return { kind: 'reply', intent: 'emergency', text: t(language, EMERGENCY_TEXT, EMERGENCY_TEXT_ES), language };
  }
  if (isClinical(text)) return reply('medical', t(lang, MEDICAL_TEXT, MEDICAL_TEXT_ES));

  // What the words name: days, times, patients (as written, as a recogniser hears them, or "her").
  const moments = parseMoments(lengthsSaid(raw), input.now, input.timeZone, lang);
  // "My week" is this week.
  const range: DateRange | null =
    parseRange(raw, input.now, input.timeZone) ??
    (/\b(my|the whole) week\b/.test(text) ? parseRange('this week', input.now, input.timeZone) : null);
  const today = zonedDate(input.now, input.timeZone);
  const ownDay = dateOf(moments) ?? weekdayNamed(raw, today);
  const times = moments.filter((m) => m.minute !== null);
  const spoken = spokenNames(raw, input.roster, namedPatients(raw, input.roster), lang);
  const named = namedPatients(raw, input.roster).filter((n) => !spoken.vetoed.includes(n));
  const named2 = [...named, ...spoken.sure.filter((n) => !named.includes(n))];
  // A position said apart from the days ("next Friday", "next week" name a day, not the next visit).
  // (Blanked out letter for letter: where a position is said stays where it is in the text.)
  const blank = (words: string) => ' '.repeat(words.length);
  const positionText = moments
    .reduce((rest, m) => rest.replace(plainWords(m.text), blank), text)
    .replace(/\b(next|this|coming) (week|month)\b/g, blank);
  const position = positionOf(positionText);
  const pointsAtVisit = position !== null || times.length > 0;
  const pronoun = !named2.length && !pointsAtVisit && context.patient && PRONOUN.test(text) ? context.patient : null;
  const patients = pronoun ? [pronoun] : named2;
  const parts: Parts = {
    day: ownDay,
    range: range ? { from: range.from, to: range.to } : null,
    time: times[0]?.minute ?? null,
    patient: named2[0] ?? null,
    position,
    hours: partOfDay(text),
    target: /\b(to|until|till|a las|para las|hasta)\b/.test(text),
    mine: /\b(my|mi)\b/.test(text),
  };
  const partWords = new Set([
    ...moments.flatMap((m) => plainWords(m.text).split(' ')),
    ...(range
      ? ['this', 'next', 'coming', 'week', 'weekend', 'month', 'days', 'esta', 'proxima', 'semana', 'mes']
      : []),
    ...named2.flatMap((n) => plainWords(n).split(' ')),
    ...spoken.saidWords,
    ...(position ? POSITION_TERMS : []),
  ]);
  const onlyPartsSaid = hasPart(parts) && onlyParts(text, partWords);
  const words = text.split(' ').length;

  if (input.pending) {
    if (words <= 6 && YES.test(text) && !CANCEL.test(text.replace(/^cancel$/, ''))) return { kind: 'confirm' };
    // "No, I meant Thursday": the proposal asked again with that part replaced.
    if (context.last && CORRECTION.test(text) && onlyPartsSaid) return corrected(context.last, parts, lang);
    if (NO.test(text) && (words <= 4 || /^(no|nope)\b/.test(text))) {
      if (!(CANCEL.test(text) && words > 2)) return { kind: 'decline' };
    }
  }

  // A request the product cannot do: said plainly, with what it can do instead (and, for a patient, offered).
  const outside = outsideRequest(text);
  if (outside) {
    const who = patients[0] ?? null;
    const offers = who && ['message', 'call', 'directions'].includes(outside);
    return reply(
      'outside',
      outsideText(outside, lang, who),
      offers && who
        ? {
            patient: who,
            offer: {
              kind: 'plan',
              plan: {
                kind: 'tools',
                intent: 'details',
                steps: [{ tool: 'patient_details', args: withLanguage({ patient: who }, lang) }],
              },
            },
          }
        : undefined,
    );
  }

  // What "yes" takes up when no change waits: a read offered, or the question again with the name it asked about.
  const offer = context.offer;
  if (!input.pending && offer) {
    const yes = words <= 4 && YES.test(text);
    const chosen = offer.kind === 'name' ? named2.find((n) => offer.names.includes(n)) : undefined;
    if (yes && offer.kind === 'plan') return { ...offer.plan, language: lang };
    const name =
      chosen && onlyPartsSaid
        ? chosen
        : yes && offer.kind === 'name' && offer.names.length === 1
          ? offer.names[0]
          : null;
    if (offer.kind === 'name' && name) {
      return understand({ ...input, text: offer.text.replace(offer.said, name), context: { ...context, offer: null } });
    }
    if (yes && offer.kind === 'name') {
      const names = offer.names.join(t(lang, ' or ', ' o '));
      return reply('did-you-mean', t(lang, `Which one: ${names}?`, `¿Cuál: ${names}?`), { offer });
    }
    if (words <= 4 && NO.test(text)) {
      return reply(
        'decline',
        offer.kind === 'name'
          ? t(
              lang,
              'Okay. Which patient did you mean? Say their first and last name.',
              'De acuerdo. ¿Qué paciente querías decir? Dime su nombre y apellido.',
            )
          : t(lang, 'Okay. Anything else?', 'De acuerdo. ¿Algo más?'),
      );
    }
  }
  if (!input.pending && words <= 3 && YES.test(text)) {
    return reply(
      'confirm',
      t(
        lang,
        'There is no change waiting for your yes. What would you like to do?',
        'No hay ningún cambio esperando tu confirmación. ¿Qué quieres hacer?',
      ),
    );
  }
  if (GREETING.test(text)) return reply('greeting', t(lang, `Hello! ${CAPABILITIES_EN}`, `¡Hola! ${CAPABILITIES_ES}`));
  if (THANKS.test(text)) return reply('thanks', t(lang, "You're welcome. Anything else?", 'De nada. ¿Algo más?'));

  // Follow-ups: the answer to a question it asked back; a correction; the visit next to the one just found; a part
  // said alone ("what about Thursday?").
  if (context.asked && onlyPartsSaid) {
    return understand({ ...input, text: `${context.asked} ${said}`, context: { ...context, asked: null } });
  }
  const sequence = sequenceOf(text);
  if (sequence) {
    if (context.visit) return neighbour(context.visit, input.visits ?? [], sequence, lang);
    return reply(
      'find',
      t(
        lang,
        'After which visit? Tell me the day and the time or the patient, for example "who is after my 10am tomorrow?".',
        '¿Después de qué visita? Dime el día y la hora o el paciente, por ejemplo "¿quién va después de mi cita de las 10 de mañana?".',
      ),
    );
  }
  // A part said alone, or a correction of one ("no, I meant Thursday"): the last request with that part; when it is
  // unclear which part of it that changes, the words are read on their own first.
  const followed = context.last && onlyPartsSaid ? corrected(context.last, parts, lang) : null;
  if (followed?.kind === 'tools' || (followed && CORRECTION.test(text))) return followed;
  // "Where do I go after my 10:35?": the visit next to the one at that time.
  const around = /\b(after|before|despues de|antes de) (my|the|mi|la) /.exec(text);
  if (around && times[0] && times[0].index >= around.index && input.visits) {
    const date = ownDay ?? (CONTINUATION.test(text) ? (context.day ?? today) : today);
    const minute = times[0].minute as number;
    const at = input.visits
      .filter((v) => v.date === date && Math.abs(hhmmToMinutes(v.start) - minute) <= 30)
      .sort((a, b) => Math.abs(hhmmToMinutes(a.start) - minute) - Math.abs(hhmmToMinutes(b.start) - minute))[0];
    const which = /^(after|despues)/.test(around[1] ?? '') ? 'after' : 'before';
    if (at) return neighbour(at, input.visits, which, lang);
  }
  // A name heard that is nobody certainly: asked back, never answered with another patient's facts.
  if (!patients.length && spoken.unsure && !NEW_PATIENT.test(text)) {
    const { said: heard, suggestions } = spoken.unsure;
    const names = suggestions.join(t(lang, ' or ', ' o '));
    return reply(
      'did-you-mean',
      suggestions.length
        ? t(
            lang,
            `I don't have a patient called “${heard}”. Did you mean ${names}?`,
            `No tengo ningún paciente llamado “${heard}”. ¿Te refieres a ${names}?`,
          )
        : notUnderstood(lang),
      { offer: { kind: 'name', text: raw, said: heard, names: suggestions } },
    );
  }
  // A question that goes on from the last one ("and who's last?", "what's her address?") keeps its day.
  const continuing = CONTINUATION.test(text) || THAT_DAY.test(text) || pronoun !== null;
  const day = ownDay ?? (continuing && !range ? context.day : null);
  const stranger = patients.length ? null : unknownPerson(raw);
  const fresh = ((): Plan => {
    const tools = (intent: Intent, steps: ToolStep[], extra: Partial<Extract<Plan, { kind: 'tools' }>> = {}): Plan => ({
      kind: 'tools',
      intent,
      steps: steps.map((s) => ({ ...s, args: withLanguage(s.args, lang) })),
      ...extra,
    });
    const rangeArgs = (): Record<string, unknown> =>
      range ? { from: range.from, to: range.to } : day ? { date: day } : { date: today };
    /** How to find the one visit the clinician means, or null when nothing points at one. */
    const visitLookup = (refMoments: Moment[]): Record<string, unknown> | null => {
      const args: Record<string, unknown> = {};
      const refDay = refMoments.find((m) => m.date)?.date ?? null;
      const refTime = refMoments.find((m) => m.minute !== null)?.minute ?? null;
      if (refDay) args.date = refDay;
      if (refTime !== null) args.time = minutesToHhmm(refTime);
      if (position) args.position = position;
      if (patients[0]) args.patient = patients[0];
      else if (stranger) args.patient = stranger;
      if (THERAPY.test(text) && !args.patient) args.type = 'therapy';
      const pointed =
        args.time !== undefined || args.position !== undefined || args.patient !== undefined || args.type !== undefined;
      return pointed ? args : null;
    };

    // Order matters only between overlapping cues; each branch requires its own evidence.
    // Before cancel/move: "who asked to cancel" asks about the calls, it does not cancel anything.
    // "Daisy prefers mornings", "Mr. Okoye speaks Polish", "Bea's new number is …": kept on the patient list.
    const keep = patients[0] ? patientUpdate(text, raw, times) : null;
    if (keep && patients[0])
      return tools('patient-update', [{ tool: 'update_patient', args: { patient: patients[0], ...keep } }]);
    if (CONFIRMATIONS.test(text)) {
      // The calls happen the evening before the visits: "tonight's calls" are about tomorrow's visits.
      const visitDay = /\b(tonight|this evening|esta noche)\b/.test(text)
        ? addDays(today, 1)
        : /\b(last night|anoche)\b/.test(text)
          ? today
          : day;
      return tools('confirmations', [{ tool: 'confirmation_status', args: visitDay ? { date: visitDay } : {} }]);
    }
    if (TRAVEL_BLOCK.test(text)) return travel(text, lang, moments, patients, day, today, true, positionText);
    if (CANCEL.test(text) && !/\bcancel(l)?ed\b/.test(text)) {
      const lookup = visitLookup(moments);
      if (!lookup)
        return reply(
          'cancel',
          t(
            lang,
            'Which visit should I cancel? Tell me the day and time, the patient, or say for example "Friday\'s last visit".',
            '¿Qué visita cancelo? Dime el día y la hora, el paciente, o por ejemplo "la última visita del viernes".',
          ),
        );
      return tools('cancel', [{ tool: 'find_visit', args: lookup }], {
        followUp: { tool: 'cancel_visit', args: withLanguage({}, lang), visitKey: 'visitId' },
      });
    }
    if (MOVE.test(text) && !ROUTE.test(text)) {
      const { source, target } = splitTarget(raw, moments);
      let lookup = visitLookup(source.length ? source : []);
      // "move Jane to 3pm": the visit is found by the patient; "move my 2pm to 4pm": by the first time.
      if (!lookup && !source.length && target.length > 1) lookup = visitLookup(target.slice(0, 1));
      const to = source.length || target.length <= 1 || lookup?.time === undefined ? target : target.slice(1);
      if (lookup && lookup.date === undefined && to[0]?.date && lookup.time !== undefined) lookup.date = to[0].date;
      if (!lookup)
        return reply(
          'move',
          t(
            lang,
            'Which visit should I move? Tell me its day and time, the patient, or say for example "my 2pm tomorrow".',
            '¿Qué visita muevo? Dime su día y hora, el paciente, o por ejemplo "mi cita de las 2 de mañana".',
          ),
        );
      const shift = shiftOf(text);
      if (shift !== null) {
        const byShift = visitLookup(moments);
        if (!byShift) return reply('move', t(lang, 'Which visit should I move?', '¿Qué visita muevo?'));
        return tools('move', [{ tool: 'find_visit', args: byShift }], {
          followUp: { tool: 'move_visit', args: withLanguage({ shiftMinutes: shift }, lang), visitKey: 'visitId' },
        });
      }
      const toDate = to.find((m) => m.date)?.date ?? null;
      const toTime = to.find((m) => m.minute !== null)?.minute ?? null;
      const part = /\b(morning|manana por la manana)\b/.test(text)
        ? 'morning'
        : /\b(afternoon|tarde)\b/.test(text)
          ? 'afternoon'
          : null;
      const next: Record<string, unknown> = {};
      if (toDate) next.date = toDate;
      if (toTime !== null) next.time = minutesToHhmm(toTime);
      if (toTime === null && part) next.time = part === 'morning' ? '09:00' : '13:00';
      if (!toDate && toTime === null) {
        return tools('move', [{ tool: 'find_visit', args: lookup }], {
          followUp: { tool: 'move_visit', args: withLanguage({ askWhen: true }, lang), visitKey: 'visitId' },
        });
      }
      return tools('move', [{ tool: 'find_visit', args: lookup }], {
        followUp: { tool: 'move_visit', args: withLanguage(next, lang), visitKey: 'visitId' },
      });
    }
    if (
      BOOK_VERB.test(text.replace(/\b(my|the|your|on|in|mi|tu|la) (schedule|agenda)\b/g, ' ')) &&
      (BOOK_OBJECT.test(text) || patients.length > 0 || stranger) &&
      !FREE.test(text.replace(/\bfit (in|a)\b/, '')) &&
      // "Can I fit in a visit on the 30th?" with nobody named asks for time, not to book.
      !(/\b(fit|squeeze)\b/.test(text) && !patients.length && !stranger && !NEW_PATIENT.test(text))
    ) {
      const isNew = /\b(new patient|paciente nuevo|nuevo paciente|new client)\b/.test(text);
      const who = patients[0] ?? (isNew ? null : stranger);
      const durationMatch =
        /\b(\d{2,3}) ?(minutes?|mins?|minutos)\b/.exec(text) ?? /\b(an|one|una) (hour|hora)\b/.exec(text);
      const duration = durationMatch
        ? durationMatch[1] && /^\d+$/.test(durationMatch[1])
          ? Number(durationMatch[1])
          : 60
        : null;
      if (!who && !isNew)
        return reply(
          'book',
          t(
            lang,
            'Who is the visit with? Name the patient, or say "a new patient", and the day and time.',
            '¿Con quién es la visita? Dime el paciente, o "un paciente nuevo", y el día y la hora.',
          ),
        );
      if (!day)
        return reply(
          'book',
          t(
            lang,
            `Which day should I book the visit with ${who ?? 'the new patient'}, and at what time?`,
            `¿Qué día reservo la visita con ${who ?? 'el paciente nuevo'}, y a qué hora?`,
          ),
        );
      const args: Record<string, unknown> = { date: day };
      if (who) args.patient = who;
      if (isNew) args.newPatient = true;
      if (times[0]) args.time = minutesToHhmm(times[0].minute as number);
      if (duration) args.durationMinutes = duration;
      return tools('book', [{ tool: 'book_visit', args }]);
    }
    const comparing = COMPARE.test(text) || ((BUSY.test(text) || LIGHT.test(text)) && /\b(than|or|o)\b/.test(text));
    if (comparing) {
      const named = [...moments.map((m) => m.date), ...weekdaysNamed(raw, today)];
      const dates = [...new Set(named.filter((d): d is string => d !== null))].sort();
      if (dates.length >= 2) return tools('compare', [{ tool: 'summarize_days', args: { dates } }]);
      if (!range) {
        return reply(
          'compare',
          t(
            lang,
            'Which days should I compare? Say for example "Is Monday busier than Tuesday?".',
            '¿Qué días comparo? Di por ejemplo "¿Está el lunes más ocupado que el martes?".',
          ),
        );
      }
    }
    if (LIGHT.test(text) || BUSY.test(text)) {
      const span = range ?? (day ? { from: day, to: day } : parseRange('this week', input.now, input.timeZone));
      return tools('extreme', [{ tool: 'summarize_days', args: { from: span?.from, to: span?.to } }]);
    }
    if ((COUNT.test(text) && (VISIT_WORD.test(text) || LIST.test(text))) || LOAD.test(text)) {
      return tools('count', [
        {
          tool: 'summarize_days',
          args: range ? { from: range.from, to: range.to } : { from: day ?? today, to: day ?? today },
        },
      ]);
    }
    if (ROUTE.test(text)) return tools('route', [{ tool: 'optimize_route', args: { date: day ?? undefined } }]);
    if (DRIVE.test(text) || /\bhow long\b.*\b(get|between|from)\b/.test(text)) {
      if (range && !/\bbetween\b|\bentre\b/.test(text)) {
        return tools('drive', [{ tool: 'drive_time', args: { from: range.from, to: range.to } }]);
      }
      return travel(text, lang, moments, patients, day, today, false, positionText);
    }
    if (FREE.test(text)) {
      const args: Record<string, unknown> = { date: day ?? today };
      const duration = parseDuration(lengthsSaid(text));
      if (duration) args.durationMinutes = duration;
      if (patients[0]) args.patient = patients[0];
      const part = partOfDay(text);
      if (part) Object.assign(args, part);
      return tools('free', [{ tool: 'find_free_slots', args }]);
    }
    // "Who do I see after Daisy", "where do I go after Meta Conn": the visit next to that patient's.
    const relative = /\b(after|before|despues de|antes de)\b/.exec(text);
    const anchor = patients[0] ? ` ${text} `.indexOf(` ${plainWords(patients[0]).split(' ')[0]}`) : -1;
    if (relative && patients[0] && (anchor > relative.index || /\b(who|which|what|next|quien|cual|que)\b/.test(text))) {
      const relation = /^(after|despues)/.test(relative[1] ?? '') ? 'after' : 'before';
      return tools('find', [{ tool: 'find_visit', args: { date: day ?? today, [relation]: patients[0] } }]);
    }
    if (
      NOTES.test(text) ||
      (position &&
        (DETAILS.test(text) ||
          VISIT_WORD.test(text) ||
          /\bwho\b|\bquien\b|\bwhen\b|\bwhat time\b|\bwhere\b|\ba que hora\b|\bcuando\b|\bdonde\b/.test(text)))
    ) {
      const lookup = visitLookup(moments);
      if (lookup)
        return tools('find', [
          { tool: 'find_visit', args: { ...(lookup.date ? {} : { date: day ?? undefined }), ...lookup } },
        ]);
      if (NOTES.test(text))
        return reply(
          'find',
          t(
            lang,
            'Whose notes? Tell me the patient, or the day and time of the visit.',
            '¿Las notas de quién? Dime el paciente, o el día y la hora de la visita.',
          ),
        );
    }
    const who = patients[0] ?? stranger;
    if (who && (DETAILS.test(text) || /\bwho is\b|\bquien es\b/.test(text))) {
      return tools('details', [{ tool: 'patient_details', args: { patient: who } }]);
    }
    if (times.length && (VISIT_WORD.test(text) || /\bmy \d|\bwho\b|\bquien\b/.test(text))) {
      return tools('find', [
        { tool: 'find_visit', args: { date: day ?? today, time: minutesToHhmm(times[0]?.minute as number) } },
      ]);
    }
    if (LIST.test(text) || DAY_PLAN.test(text) || WHO_SEEN.test(text) || (who && /\bwhen\b|\bcuando\b/.test(text))) {
      const args = rangeArgs();
      const part = partOfDay(text);
      if (part && !range) Object.assign(args, part);
      if (who) {
        if (!range && !day) {
          args.from = today;
          args.to = zonedDate(new Date(input.now.getTime() + 30 * 86_400_000), input.timeZone);
          delete args.date;
        }
        args.patient = who;
      }
      return tools('list', [{ tool: 'list_visits', args }]);
    }
    // A patient and a day or a range ("is Daisy on tomorrow?"): their visits then; a patient alone: their details.
    if (patients[0] && (day || range))
      return tools('list', [{ tool: 'list_visits', args: { ...rangeArgs(), patient: patients[0] } }]);
    if (patients.length) return tools('details', [{ tool: 'patient_details', args: { patient: patients[0] } }]);
    if (HELP.test(text)) return reply('help', t(lang, CAPABILITIES_EN, CAPABILITIES_ES));
    return reply('unknown', notUnderstood(lang));
  })();
  // A part said with words it did not take for a request ("Thursday then?"): the last request with that part.
  if (fresh.kind === 'reply' && fresh.intent === 'unknown' && context.last && hasPart(parts)) {
    return followed ?? corrected(context.last, parts, lang);
  }
  const remember: Remember = {};
  if (patients[0]) remember.patient = patients[0];
  if (ASKS_BACK.includes(fresh.kind === 'reply' ? fresh.intent : 'unknown') && fresh.kind === 'reply')
    remember.asked = said;
  return { ...fresh, language: lang, remember: { ...remember, ...fresh.remember } };
}

function travel(
  text: string,
  lang: Language,
  moments: Moment[],
  patients: string[],
  day: string | null,
  today: string,
  block: boolean,
  positionText: string,
): Plan {
  const times = moments.filter((m) => m.minute !== null);
  const onDay = day ?? today;
  const lookups: Record<string, unknown>[] = [];
  if (patients.length >= 2) lookups.push({ patient: patients[0], date: onDay }, { patient: patients[1], date: onDay });
  else if (times.length >= 2)
    lookups.push(
      { date: onDay, time: minutesToHhmm(times[0]?.minute as number) },
      { date: onDay, time: minutesToHhmm(times[1]?.minute as number) },
    );
  else {
    // "From my first visit to my second", "from the 2nd to Daisy": each visit by its position, time or patient,
    // in the order said.
    const refs: Array<{ at: number; lookup: Record<string, unknown> }> = [];
    for (const [pattern, position] of POSITION_WORDS)
      for (const m of positionText.matchAll(new RegExp(pattern.source, 'g')))
        refs.push({ at: (m.index ?? 0) + 1, lookup: { date: onDay, position } });
    const folded = ` ${text} `;
    for (const name of patients.slice(0, 1)) {
      const at = folded.indexOf(` ${plainWords(name).split(' ')[0]}`);
      if (at >= 0) refs.push({ at, lookup: { date: onDay, patient: name } });
    }
    for (const m of times.slice(0, 1)) {
      const at = folded.indexOf(` ${plainWords(m.text)}`);
      if (at >= 0) refs.push({ at, lookup: { date: onDay, time: minutesToHhmm(m.minute as number) } });
    }
    const ordered = refs.sort((a, b) => a.at - b.at).map((r) => r.lookup);
    if (ordered.length === 2) lookups.push(...ordered);
  }
  const note = block
    ? t(
        lang,
        " I can't add travel blocks to your calendar yet; the drives are already counted when I plan your route or book and move visits.",
        ' Todavía no puedo añadir bloques de trayecto a tu calendario; los trayectos ya se cuentan al planificar la ruta o reservar y mover visitas.',
      )
    : '';
  if (lookups.length === 2) {
    return {
      kind: 'tools',
      intent: block ? 'travel-block' : 'drive',
      steps: [{ tool: 'find_visit', args: withLanguage(lookups[0] as Record<string, unknown>, lang) }],
      second: { tool: 'find_visit', args: withLanguage(lookups[1] as Record<string, unknown>, lang) },
      followUp: { tool: 'drive_time', args: withLanguage({}, lang), visitKey: 'fromVisitId' },
      suffix: note,
    };
  }
  if (/\bbetween\b|\bentre\b/.test(text) || block) {
    return {
      kind: 'reply',
      intent: block ? 'travel-block' : 'drive',
      text: t(
        lang,
        `Between which two visits? Say for example "between my 9 am and 11 am visits" or name the two patients.${note}`,
        `¿Entre qué dos visitas? Di por ejemplo "entre mis visitas de las 9 y las 11" o nombra a los dos pacientes.${note}`,
      ),
    };
  }
  return { kind: 'tools', intent: 'drive', steps: [{ tool: 'drive_time', args: withLanguage({ date: onDay }, lang) }] };
}
