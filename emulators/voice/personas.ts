// The simulated patients of the local voice platform's outbound calls: who answers a number (the seed's
// persona of the patient with that number, fixtures.patients) and how each persona's call goes, scripted,
// with the assistant's real tool calls in between (the caller sends them to the assistant's tools server).
// What a call produces is what the hosted platform reports: the ended reason, the messages and transcript,
// the structured output (CONFIRMATION_OUTPUT_NAME) and a one-line summary.
import { randomUUID } from 'node:crypto';
import {
  type ConfirmationReportOutput,
  type ConfirmationToolName,
  type OfferedSlot,
  PERSONAS,
  type Persona,
} from '../../core/confirmations/contract.ts';
import { toE164 } from '../../core/confirmations/phone.ts';
import type { DbExecutor } from '../db/db.ts';

/** A message of a call's artifact, in the platform's shape (role bot | user | tool_calls | tool_call_result). */
export type ArtifactMessage = Record<string, unknown> & { role: string; time: number; secondsFromStart: number };

export interface ToolAnswer {
  /** The tool's `result` string as the tools server returned it, or null. */
  result: string | null;
  /** Why there is no result (HTTP status, network error, missing tool). */
  error: string | null;
}

export interface PersonaCallContext {
  /** The assistant's first message and voicemail message, variables already filled in. */
  firstMessage: string | null;
  voicemailMessage: string | null;
  /** Calls one of the assistant's function tools (`id`: the tool call's id); `history` is the conversation so far. */
  callTool(
    name: ConfirmationToolName,
    args: Record<string, unknown>,
    history: ArtifactMessage[],
    id: string,
  ): Promise<ToolAnswer>;
  now(): Date;
}

export interface PersonaCallResult {
  endedReason: 'assistant-ended-call' | 'customer-did-not-answer' | 'voicemail';
  messages: ArtifactMessage[];
  /** The structured output, or null when nobody took part in a conversation. */
  output: ConfirmationReportOutput | null;
  summary: string;
}

/** What a wants-another-day patient asks for when no later time could be had the same day. */
export const NO_SLOT_PREFERRED_DAY = 'any afternoon later this week';

export const PERSONA_LINES = {
  confirms: 'Yes, that works. See you then.',
  wantsLater: 'Could we make it later in the day?',
  wantsAnotherDay: "I can't do that day. Could you come Thursday morning instead?",
  wrongNumber: "Sorry, there's nobody here by that name.",
  saysStop: 'Please stop calling me.',
} as const;

const isPersona = (value: unknown): value is Persona => (PERSONAS as readonly unknown[]).includes(value);

/**
 * The persona of whoever answers `number`: the seeded patient with that number (compared in E.164). The
 * seed's numbers repeat, so a name the call carries (the customer's name, the patient's first name) picks
 * among patients sharing one. Unknown numbers never answer.
 */
export async function findPersona(
  db: DbExecutor,
  number: string,
  hints: { name?: unknown; firstName?: unknown } = {},
): Promise<Persona> {
  const target = toE164(number);
  if (!target) return 'no-answer';
  let rows: Array<{ full_name: string; phone: string; persona: string }>;
  try {
    ({ rows } = await db.query<{ full_name: string; phone: string; persona: string }>(
      'select full_name, phone, persona from fixtures.patients order by clinician_id, id',
    ));
  } catch {
    return 'no-answer'; // a voice platform without the seed's fixtures (standalone tests)
  }
  const matches = rows.filter((r) => toE164(r.phone) === target);
  const lower = (value: unknown) => (typeof value === 'string' ? value.trim().toLowerCase() : '');
  const name = lower(hints.name);
  const firstName = lower(hints.firstName);
  const chosen =
    (name && matches.find((r) => r.full_name.toLowerCase() === name)) ||
    (firstName && matches.find((r) => r.full_name.toLowerCase().split(' ')[0] === firstName)) ||
    matches[0];
  return chosen && isPersona(chosen.persona) ? chosen.persona : 'no-answer';
}

/** `{{name}}` (and `{{ a.b }}`) filled in from the call's variables; unknown ones render empty, as the platform's Liquid does. */
export function renderTemplate(text: string, variables: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, path: string) => {
    let value: unknown = variables;
    for (const key of path.split('.')) {
      value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
    }
    return value === undefined || value === null || typeof value === 'object' ? '' : String(value);
  });
}

interface ParsedResult {
  status: string;
  say: string;
  slots?: OfferedSlot[];
  newStart?: string;
}

function parseResult(answer: ToolAnswer): ParsedResult | null {
  if (answer.result === null) return null;
  try {
    const value = JSON.parse(answer.result) as Record<string, unknown>;
    if (typeof value?.status !== 'string' || typeof value.say !== 'string') return null;
    return value as unknown as ParsedResult;
  } catch {
    return null;
  }
}

/** Plays one persona's call against the assistant. */
export async function runPersonaCall(persona: Persona, ctx: PersonaCallContext): Promise<PersonaCallResult> {
  const started = ctx.now().getTime();
  const messages: ArtifactMessage[] = [];
  const stamp = () => {
    const time = Math.max(ctx.now().getTime(), messages.at(-1)?.time ?? started);
    return { time, secondsFromStart: (time - started) / 1000 };
  };
  const bot = (text: string) => {
    if (text.trim()) messages.push({ role: 'bot', message: text, ...stamp() });
  };
  const user = (text: string) => messages.push({ role: 'user', message: text, ...stamp() });
  const tool = async (name: ConfirmationToolName, args: Record<string, unknown>) => {
    const id = `call_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const history = [...messages];
    messages.push({
      role: 'tool_calls',
      message: '',
      toolCalls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
      ...stamp(),
    });
    const answer = await ctx.callTool(name, args, history, id);
    messages.push({
      role: 'tool_call_result',
      toolCallId: id,
      name,
      result: answer.result ?? answer.error ?? 'No result returned.',
      ...stamp(),
    });
    return parseResult(answer);
  };
  const conversation = (output: ConfirmationReportOutput, summary: string): PersonaCallResult => ({
    endedReason: 'assistant-ended-call',
    messages,
    output,
    summary,
  });

  if (persona === 'no-answer') {
    return { endedReason: 'customer-did-not-answer', messages, output: null, summary: 'Nobody answered the call.' };
  }
  if (persona === 'voicemail') {
    if (ctx.voicemailMessage) bot(ctx.voicemailMessage);
    return {
      endedReason: 'voicemail',
      messages,
      output: null,
      summary: ctx.voicemailMessage ? 'The call reached voicemail; a message was left.' : 'The call reached voicemail.',
    };
  }

  if (ctx.firstMessage) bot(ctx.firstMessage);
  switch (persona) {
    case 'confirms':
      user(PERSONA_LINES.confirms);
      bot('Thank you. See you then. Goodbye.');
      return conversation({ outcome: 'confirmed' }, 'The patient confirmed the visit time.');
    case 'wrong-number':
      user(PERSONA_LINES.wrongNumber);
      bot("I'm sorry for the trouble. Goodbye.");
      return conversation({ outcome: 'wrong-number' }, 'The person who answered was not the patient.');
    case 'says-stop': {
      user(PERSONA_LINES.saysStop);
      const result = await tool('stop_calls', {});
      bot(result?.say ?? "Understood. We won't call this number again.");
      bot('Goodbye.');
      return conversation({ outcome: 'opt-out' }, 'The person asked not to be called again.');
    }
    case 'wants-another-day':
      user(PERSONA_LINES.wantsAnotherDay);
      return anotherDay('Thursday morning');
    case 'wants-later': {
      user(PERSONA_LINES.wantsLater);
      const offer = await tool('offer_visit_times', { preference: 'later' });
      const slot = Array.isArray(offer?.slots) ? offer.slots[0] : undefined;
      if (offer) bot(offer.say);
      if (!slot || typeof slot.start !== 'string') {
        user(`Then ${NO_SLOT_PREFERRED_DAY}, please.`);
        return anotherDay(NO_SLOT_PREFERRED_DAY);
      }
      user(`${slot.label ?? 'The first one'} works for me.`);
      const moved = await tool('reschedule_visit', { start: slot.start });
      if (!moved || (moved.status !== 'done' && moved.status !== 'proposal')) {
        bot(moved?.say ?? "I couldn't change the time just now.");
        user(`Then ${NO_SLOT_PREFERRED_DAY}, please.`);
        return anotherDay(NO_SLOT_PREFERRED_DAY);
      }
      bot(moved.say);
      bot('Thank you. Goodbye.');
      return conversation(
        { outcome: 'rescheduled', newStart: typeof moved.newStart === 'string' ? moved.newStart : slot.start },
        'The patient chose a later time the same day.',
      );
    }
  }

  function anotherDay(preferredDay: string): PersonaCallResult {
    bot("Thank you. I'll pass that on, and the office will call you back to arrange it. Goodbye.");
    return conversation({ outcome: 'wants-another-day', preferredDay }, `The patient asked for ${preferredDay}.`);
  }
}
