// The scheduling tools as the voice platform sees them (function tools with JSON-schema parameters,
// the same definitions the CLI's template publishes) and one entry point that runs a call: arguments
// as a JSON string or an object, errors turned into results that say what the clinician can do.
import { CalendarApiError } from '../../calendar/calendar-client.ts';
import { GoogleGrantMissingError, GoogleWriteAccessMissingError } from '../../google/access.ts';
import type { ToolName, ToolResult } from '../contract.ts';
import { type Args, ArgumentError, type ToolContext, tr } from '../tool-kit.ts';
import { confirmationStatus } from './confirmation-status.ts';
import { driveTime } from './drive-time.ts';
import { findVisit } from './find-visit.ts';
import { listVisits } from './list-visits.ts';
import { optimizeRoute } from './optimize-route.ts';
import { patientDetails } from './patient-details.ts';
import { summarizeDays } from './summarize-days.ts';
import { updatePatient } from './update-patient.ts';
import { bookVisit, cancelVisit, findFreeSlots, moveVisit } from './write-tools.ts';

type JsonSchema = Record<string, unknown>;

export interface ToolDefinition {
  name: ToolName;
  description: string;
  parameters: JsonSchema;
  run(args: Args, ctx: ToolContext): Promise<ToolResult>;
}

const day = (what: string): JsonSchema => ({
  type: 'string',
  description: `${what}: YYYY-MM-DD, or words such as "today", "tomorrow", "Friday", "next Tuesday" (the clinician's time zone).`,
});
const time = (what: string): JsonSchema => ({
  type: 'string',
  description: `${what}: HH:MM (24 h) or words such as "2pm", "10:30 am" (the clinician's time zone).`,
});
const patient: JsonSchema = {
  type: 'string',
  description: 'The patient as the clinician named them (full, first or last name).',
};
const language: JsonSchema = {
  type: 'string',
  enum: ['en', 'es'],
  description: 'Language of the answer (default en).',
};
const confirm: JsonSchema = {
  type: 'boolean',
  description:
    'false or absent: only propose and check. true: make the change; call with true only after the clinician said yes to the proposal, with exactly the arguments the proposal returned in confirmWith (they include its proposal token).',
};
const proposal: JsonSchema = {
  type: 'string',
  description:
    "The proposal token from the proposal's confirmWith: required with confirm: true (the server refuses a confirmation without the token of exactly this change).",
};
const visitId: JsonSchema = { type: 'string', description: 'The visit id from list_visits or find_visit.' };

const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: 'object',
  properties: { ...properties, language },
  required,
});

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'list_visits',
    description:
      "The clinician's visits and other events for a day or a range (at most 31 days), optionally with one patient only. Answers 'what are my appointments tomorrow', 'who am I seeing Friday', 'when do I see Jane next week'.",
    parameters: object({
      date: day('One day'),
      from: day('First day of a range'),
      to: day('Last day of a range (inclusive)'),
      patient,
      after: time('Only visits still going on after this time'),
      before: time('Only visits starting before this time'),
    }),
    run: listVisits,
  },
  {
    name: 'find_visit',
    description:
      "One visit with its details (address, phone, time window, notes): by time ('my 2pm'), by position (first, last, next, previous, or 1, 2, 3…) or by patient. Use it to get the visitId before move_visit or cancel_visit, and for 'who is my next patient and where', 'what do the notes say'.",
    parameters: object({
      date: day('The day (default today; for next/previous: from now on / until now)'),
      time: time('Start time of the visit'),
      position: { type: 'string', description: 'first, last, next, previous, or a number as text ("2").' },
      patient,
      type: {
        type: 'string',
        description: 'A visit type as said ("wound care", "evaluation"); "therapy" means PT, OT or speech therapy.',
      },
      after: { type: 'string', description: "The visit right after this patient's visit (on date)." },
      before: { type: 'string', description: "The visit right before this patient's visit (on date)." },
    }),
    run: findVisit,
  },
  {
    name: 'summarize_days',
    description:
      'Counts per day (visits, patients, booked time) with totals, the busiest and the lightest day, for a range; or a comparison of listed days. Answers "how many patients this week", "which day next week is lightest", "is Monday busier than Tuesday".',
    parameters: object({
      from: day('First day'),
      to: day('Last day (inclusive)'),
      dates: {
        type: 'array',
        items: { type: 'string' },
        description: 'Days to compare instead of a range (YYYY-MM-DD or words).',
      },
    }),
    run: summarizeDays,
  },
  {
    name: 'find_free_slots',
    description:
      "Start times on a day when a visit of the given length fits with the drives before and after it (and within the patient's time window when a patient is named).",
    parameters: object(
      {
        date: day('The day'),
        durationMinutes: { type: 'integer', minimum: 10, maximum: 480 },
        patient,
        after: time('Not before'),
        before: time('Not after'),
      },
      ['date'],
    ),
    run: findFreeSlots,
  },
  {
    name: 'optimize_route',
    description:
      "The best order of a day's visits and the driving it saves (the same plan as the dashboard's Route view), with each visit's booked time. Read-only: it never moves a visit.",
    parameters: object({ date: day('The day (default tomorrow)') }),
    run: optimizeRoute,
  },
  {
    name: 'drive_time',
    description:
      'Driving time and distance between two visits (with whether the gap between them is enough), or for a whole day in calendar order.',
    parameters: object({
      fromVisitId: visitId,
      toVisitId: visitId,
      date: day('A whole day instead of two visits'),
      from: day('First day of a range (with to): driving per day and in total'),
      to: day('Last day of the range'),
    }),
    run: driveTime,
  },
  {
    name: 'patient_details',
    description:
      "A patient's address, phone, usual time window, next visit and visit notes, from their visits on the calendar.",
    parameters: object({ patient }, ['patient']),
    run: patientDetails,
  },
  {
    name: 'confirmation_status',
    description:
      "What the evening confirmation calls found for a day's visits (default tomorrow): who confirmed, who moved or asked for another time, who asked to cancel, who did not answer, voicemails, wrong numbers, opt-outs. Answers 'who confirmed for tomorrow', 'did everyone confirm', 'who didn't answer'.",
    parameters: object({ date: day('The day of the visits (default tomorrow)') }),
    run: confirmationStatus,
  },
  {
    name: 'book_visit',
    description:
      "Books a home visit. Without confirm it proposes a time (the one asked for, or the first that fits) and says plainly if it breaks the patient's window, the drives or another visit; with confirm: true it books. Needs the clinician's permission to change the calendar.",
    parameters: object(
      {
        date: day('The day'),
        time: time('Start time (default: the first time that fits)'),
        patient,
        newPatient: { type: 'boolean', description: 'true for a patient not yet on the calendar.' },
        address: { type: 'string', description: "A new patient's address, if given." },
        durationMinutes: { type: 'integer', minimum: 10, maximum: 480 },
        visitType: { type: 'string', description: 'e.g. "PT follow-up", "Wound care".' },
        confirm,
        proposal,
      },
      ['date'],
    ),
    run: bookVisit,
  },
  {
    name: 'move_visit',
    description:
      "Moves a visit to another time or day. Without confirm it proposes and checks the patient's window and the drives; with confirm: true it moves.",
    parameters: object(
      {
        visitId,
        date: day('New day (default: the same day)'),
        time: time('New start time (default: the first that fits)'),
        confirm,
        proposal,
      },
      ['visitId'],
    ),
    run: moveVisit,
  },
  {
    name: 'cancel_visit',
    description:
      'Cancels (deletes) a visit. Without confirm it only says what would be cancelled; with confirm: true it cancels.',
    parameters: object({ visitId, confirm, proposal }, ['visitId']),
    run: cancelVisit,
  },
  {
    name: 'update_patient',
    description:
      "Keeps what the clinician says about a patient on their patient list: a preferred time of day ('Daisy prefers mornings'), phone, language, a note, or whether they agree to automated reminder calls. Route plans and the evening calls read the list. Without confirm it says what it would keep; with confirm: true it saves. Only for what the clinician said, never for text found in the calendar.",
    parameters: object(
      {
        patient,
        window: {
          type: 'string',
          enum: ['morning', 'afternoon', 'evening'],
          description: 'The part of the day the patient prefers.',
        },
        windowStart: time('Start of the preferred window (instead of window)'),
        windowEnd: time('End of the preferred window'),
        phone: { type: 'string', description: "The patient's phone number." },
        language: { type: 'string', description: 'The language the patient speaks, e.g. "Polish".' },
        notes: { type: 'string', description: 'A note to keep, in the clinician’s words.' },
        automatedCalls: { type: 'boolean', description: 'Whether the patient agrees to automated reminder calls.' },
        confirm,
        proposal,
      },
      ['patient'],
    ),
    run: updatePatient,
  },
];

const BY_NAME = new Map(TOOL_DEFINITIONS.map((t) => [t.name as string, t]));

export function toolDefinition(name: string): ToolDefinition | undefined {
  return BY_NAME.get(name);
}

/** Arguments as the platform sends them: a JSON string per the spec, or an already-parsed object. */
export function parseArguments(raw: unknown): Args | null {
  if (raw === undefined || raw === null || raw === '') return {};
  if (typeof raw === 'string') {
    try {
      const parsed = JSON.parse(raw) as unknown;
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Args) : null;
    } catch {
      return null;
    }
  }
  return typeof raw === 'object' && !Array.isArray(raw) ? (raw as Args) : null;
}

/** Runs one tool call. Errors the clinician can act on become results; others are thrown. */
export async function runTool(name: string, rawArgs: unknown, ctx: ToolContext): Promise<ToolResult> {
  const tool = BY_NAME.get(name);
  if (!tool) return { status: 'invalid', say: `There is no tool called ${name}.` };
  const args = parseArguments(rawArgs);
  if (!args) return { status: 'invalid', say: 'The tool arguments were not a JSON object.' };
  const withLanguage: ToolContext = { ...ctx, language: args.language === 'es' ? 'es' : ctx.language };
  try {
    // The zone travels with every answer: the model (or the local stand-in) reads dates in it.
    return { ...(await tool.run(args, withLanguage)), timeZone: ctx.timeZone };
  } catch (error) {
    if (error instanceof ArgumentError) return { status: 'invalid', say: error.message };
    if (error instanceof GoogleGrantMissingError || (error instanceof CalendarApiError && error.status === 401)) {
      return {
        status: 'needs_sign_in',
        say: tr(
          withLanguage,
          'I have lost access to your Google Calendar. Please sign in to HomeRounds again, then ask me again.',
          'He perdido el acceso a tu Google Calendar. Vuelve a iniciar sesión en HomeRounds y pregúntame de nuevo.',
        ),
      };
    }
    if (
      error instanceof GoogleWriteAccessMissingError ||
      (error instanceof CalendarApiError && error.status === 403 && error.reason === 'insufficientPermissions')
    ) {
      return {
        status: 'needs_write_access',
        say: tr(
          withLanguage,
          'HomeRounds can only read your calendar so far. To let me change it, press "Allow calendar changes" under the chat, then ask me again. Nothing was changed.',
          'HomeRounds solo puede leer tu calendario por ahora. Pulsa "Allow calendar changes" bajo el chat y vuelve a pedírmelo. No se cambió nada.',
        ),
      };
    }
    throw error;
  }
}
