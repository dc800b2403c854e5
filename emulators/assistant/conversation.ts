// One turn of a conversation with the local assistant: understand the utterance (understand.ts), call
// the scheduling tools through the same webhook the hosted assistant uses, and phrase the results
// (their `say` sentences, which state only what the calendar shows). The rules the hosted assistant's
// prompt states hold here too: a change is only proposed until the clinician says yes; a yes confirms
// exactly the proposal (repeated, it changes nothing more: the tools are idempotent); a new request
// while a proposal waits is answered as what it is, and the proposal is dropped.
// Calendar text is data (core/assistant/untrusted.ts): only the clinician's own words are understood. Tool results
// reach understanding only as the roster of patients' names (and only names that read as names), which can match
// what the clinician said but never make a request of their own; a proposal waits for a yes only when a write
// tool made it.
import type { ToolName, ToolResult } from '../../core/assistant/contract.ts';
import { isWriteTool, PATIENT_TOOLS, parseToolResult } from '../../core/assistant/contract.ts';
import { readsAsName, singleLine } from '../../core/assistant/untrusted.ts';
import type { Language } from '../../core/time/zoned-time.ts';
import { type Context, EMPTY_CONTEXT, type FoundVisit, type ToolsPlan } from './follow-up.ts';
import { languageOf, type Plan, understand } from './understand.ts';

export interface PendingChange {
  tool: ToolName;
  args: Record<string, unknown>;
  summary: string;
  /** The language the proposal was made in: the confirmation answers in it too ("sí" is too short to tell). */
  language: Language;
}

export interface ConversationState {
  pending: PendingChange | null;
  /** What the conversation is about so far (follow-up.ts): follow-ups and corrections lean on it. */
  context?: Context;
}

export const INITIAL_STATE: ConversationState = { pending: null, context: EMPTY_CONTEXT };

export interface ToolCallRecord {
  name: ToolName;
  args: Record<string, unknown>;
  /** The result string the tools server returned, or null with `error`. */
  result: string | null;
  error: string | null;
}

/** Calls the tools server (one webhook request per call, in order). */
export type ToolCaller = (name: ToolName, args: Record<string, unknown>, userText: string) => Promise<ToolCallRecord>;

export interface TurnInput {
  text: string;
  now: Date;
  state: ConversationState;
  callTool: ToolCaller;
  /** Used until the calendar says its zone. */
  defaultTimeZone: string;
}

export interface TurnOutput {
  reply: string;
  state: ConversationState;
  calls: ToolCallRecord[];
}

const t = (lang: Language, en: string, es: string) => (lang === 'es' ? es : en);

function failure(record: ToolCallRecord, lang: Language): string {
  return (
    record.error ??
    t(
      lang,
      'Something went wrong reading your calendar. Please try again.',
      'Algo falló al leer tu calendario. Inténtalo de nuevo.',
    )
  );
}

/** Patients' names from list_visits' facts: the calendar's words, kept only where they read as a name. */
export function rosterNames(visits: unknown): string[] {
  if (!Array.isArray(visits)) return [];
  const names = visits
    .map((v) => (v && typeof v === 'object' ? (v as { patient?: unknown }).patient : null))
    .filter((n): n is string => typeof n === 'string')
    .map(singleLine)
    .filter(readsAsName);
  return [...new Set(names)];
}

/** The visits of list_visits' facts as ids, days and times (and names that read as names), in time order. */
export function rosterVisits(visits: unknown): FoundVisit[] {
  if (!Array.isArray(visits)) return [];
  return visits
    .flatMap((v) => {
      const found = foundVisit(v);
      return found ? [found] : [];
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.start.localeCompare(b.start));
}

/** A visit of a result's facts, kept only as what the conversation needs of it. */
function foundVisit(v: unknown): FoundVisit | null {
  if (!v || typeof v !== 'object') return null;
  const { id, date, start, patient } = v as Record<string, unknown>;
  if (typeof id !== 'string' || typeof date !== 'string' || typeof start !== 'string') return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(start)) return null;
  const name = typeof patient === 'string' ? singleLine(patient) : '';
  return { id, date, start, patient: name && readsAsName(name) ? name : null };
}

/** The day or range a request asked about, from its arguments. */
function askedAbout(plan: ToolsPlan): Pick<Context, 'day' | 'range'> | null {
  const args = plan.steps[0]?.args ?? {};
  if (typeof args.date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(args.date)) return { day: args.date, range: null };
  const { from, to } = args;
  if (typeof from === 'string' && typeof to === 'string' && /^\d{4}-/.test(from) && /^\d{4}-/.test(to)) {
    return from === to ? { day: from, range: null } : { day: null, range: { from, to } };
  }
  return null;
}

/** Only a write tool's (or update_patient's) proposal waits for the clinician's yes. */
function changesSomething(tool: ToolName): boolean {
  return isWriteTool(tool) || (PATIENT_TOOLS as readonly string[]).includes(tool);
}

export async function takeTurn(input: TurnInput): Promise<TurnOutput> {
  let lang = languageOf(input.text);
  const calls: ToolCallRecord[] = [];
  const before = input.state.context ?? EMPTY_CONTEXT;
  // What this turn leaves for the next: the offer and the question asked back live one turn only.
  let context: Context = { ...before, asked: null, offer: null };
  const call = async (
    name: ToolName,
    args: Record<string, unknown>,
  ): Promise<{ record: ToolCallRecord; result: ToolResult | null }> => {
    const record = await input.callTool(name, args, input.text);
    calls.push(record);
    return { record, result: parseToolResult(record.result) };
  };
  const done = (reply: string, pending: PendingChange | null = null): TurnOutput => ({
    reply,
    state: { pending, context },
    calls,
  });
  /** What a result says about the visit and the patient the conversation is now about. */
  const learn = (tool: ToolName, result: ToolResult) => {
    const visit = foundVisit(result.visit);
    if (visit && tool === 'find_visit') {
      context = { ...context, visit, day: visit.date, range: null, patient: visit.patient ?? context.patient };
    }
    const patient = typeof result.patient === 'string' ? singleLine(result.patient) : '';
    if (tool === 'patient_details' && patient && readsAsName(patient)) context = { ...context, patient };
  };

  // Who the patients are and which zone the calendar is in: the next 31 days of visits.
  const roster = await call('list_visits', { from: 'today', to: 'in 30 days' });
  const timeZone = typeof roster.result?.timeZone === 'string' ? roster.result.timeZone : input.defaultTimeZone;
  if (!roster.result) return done(failure(roster.record, lang));
  if (roster.result.status === 'needs_sign_in') return done(roster.result.say);
  const names = rosterNames(roster.result.visits);

  const plan: Plan = understand({
    text: input.text,
    now: input.now,
    timeZone,
    pending: input.state.pending !== null,
    roster: names,
    context: before,
    visits: rosterVisits(roster.result.visits),
  });
  if (plan.language) lang = plan.language;
  if (plan.remember) {
    const { patient, ...rest } = plan.remember;
    context = { ...context, ...rest, ...(patient && names.includes(patient) ? { patient } : {}) };
  }
  const pending = input.state.pending;
  if (plan.kind === 'confirm' && pending) {
    // The answer's language rides along, unless the change itself has a `language` (update_patient: the patient's).
    const language = pending.language === 'es' && !('language' in pending.args) ? { language: 'es' } : {};
    const { record, result } = await call(pending.tool, { ...pending.args, ...language, confirm: true });
    return done(result ? result.say : failure(record, lang));
  }
  if (plan.kind === 'decline' || plan.kind === 'confirm') {
    return done(
      t(
        lang,
        "Okay, I haven't changed your calendar. Anything else?",
        'De acuerdo, no he cambiado tu calendario. ¿Algo más?',
      ),
    );
  }
  const dropped =
    pending && !(plan.kind === 'tools' && plan.corrects)
      ? t(
          lang,
          ` (I haven't made the earlier change: ${pending.summary}.)`,
          ` (No he hecho el cambio anterior: ${pending.summary}.)`,
        )
      : '';
  if (plan.kind === 'reply') return plan.keepsPending && pending ? done(plan.text, pending) : done(plan.text + dropped);

  context = { ...context, last: plan, ...(askedAbout(plan) ?? {}) };
  let last: ToolResult | null = null;
  let lastName: ToolName | null = null;
  const found: string[] = [];
  const steps = [...plan.steps, ...(plan.second ? [plan.second] : [])];
  for (const [i, step] of steps.entries()) {
    const { record, result } = await call(step.tool, step.args);
    if (!result) return done(failure(record, lang) + dropped);
    learn(step.tool, result);
    // A lookup that did not find exactly one visit ends the turn with its question or explanation.
    const feedsAnother = i < steps.length - 1 || plan.followUp !== undefined;
    if (feedsAnother && result.status !== 'answer') return done(result.say + dropped);
    last = result;
    lastName = step.tool;
    const visit = result.visit as { id?: unknown } | undefined;
    if (typeof visit?.id === 'string') found.push(visit.id);
  }
  if (plan.followUp) {
    const args = { ...plan.followUp.args };
    if (args.askWhen) {
      return done(`${last?.say ?? ''} ${t(lang, 'When should I move it to?', '¿A cuándo la muevo?')}${dropped}`.trim());
    }
    if (typeof args.shiftMinutes === 'number') {
      const visit = last?.visit as { date?: string; start?: string } | undefined;
      const [h, m] = (visit?.start ?? '').split(':').map(Number);
      if (h === undefined || m === undefined || Number.isNaN(h)) return done(last?.say ?? '');
      const minutes = h * 60 + m + args.shiftMinutes;
      args.date = visit?.date;
      args.time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      delete args.shiftMinutes;
    }
    if (plan.followUp.visitKey === 'fromVisitId') {
      args.fromVisitId = found[0];
      args.toVisitId = found[1];
    } else args.visitId = found[0];
    const closest = last?.exact === false && typeof last.requestedTime === 'string' ? last : null;
    const { record, result } = await call(plan.followUp.tool, args);
    if (!result) return done(failure(record, lang) + dropped);
    if (closest) {
      const note = t(
        lang,
        `No visit starts at exactly ${closest.requestedTime as string}; I took the closest one. `,
        `Ninguna visita empieza exactamente a las ${closest.requestedTime as string}; tomé la más cercana. `,
      );
      result.say = note + result.say;
    }
    last = result;
    lastName = plan.followUp.tool;
  }
  if (!last || !lastName)
    return done(t(lang, "I'm not sure what you'd like me to do.", 'No estoy seguro de qué quieres que haga.'));
  const suffix = plan.suffix ?? '';
  if (
    last.status === 'proposal' &&
    changesSomething(lastName) &&
    last.confirmWith &&
    typeof last.confirmWith === 'object'
  ) {
    const summary = last.say.replace(/^(Shall I |¿Quieres (que la reserve: )?)/, '').replace(/\?.*$/s, '');
    return done(last.say + suffix + dropped, {
      tool: lastName,
      args: last.confirmWith as Record<string, unknown>,
      summary,
      language: lang,
    });
  }
  return done(last.say + suffix + dropped);
}
