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

// Written for a language model: each description says what the tool answers, which arguments to pass (in
// backticks: every one is a parameter of that tool, tests/unit/assistant/tool-definitions.test.ts checks it) and
// what never to guess. Days, times and names go as the clinician said them: the server reads them.
const DAY_WORDS = '"today", "tomorrow", "Friday", "next Tuesday", "the 3rd", "on the 14th", "el 3", "pasado mañana"';
const day = (what: string): JsonSchema => ({
  type: 'string',
  description: `${what}: one day, YYYY-MM-DD or as the clinician said it (${DAY_WORDS}), in the clinician's time zone. Never work a date out from a today you assume; never a range or a length of time.`,
});
const days = (what: string): JsonSchema => ({
  type: 'string',
  description: `${what}: YYYY-MM-DD or as the clinician said it (${DAY_WORDS}); a range said in words ("this week", "next week", "the week of the 14th") covers its days. In the clinician's time zone.`,
});
const time = (what: string): JsonSchema => ({
  type: 'string',
  description: `${what}: a clock time, HH:MM (24 h) or as said ("2pm", "10:30 am", "a las 3"), in the clinician's time zone. Never a length of time ("45 minutes").`,
});
const patient: JsonSchema = {
  type: 'string',
  description:
    'The patient as the clinician named them (full, first or last name), as heard: the server matches names that sound alike or are misspelt, and says whom it took. Never a name you guessed or took from an earlier result. When the result is not_found with candidates ("Did you mean …?") or ambiguous, ask the clinician and call again only with the name they confirm.',
};
const language: JsonSchema = {
  type: 'string',
  enum: ['en', 'es'],
  description: 'The language of the answer: "es" when the clinician speaks Spanish, else "en" (the default).',
};
const confirm: JsonSchema = {
  type: 'boolean',
  description:
    'false or absent: only propose and check. true: make the change; only after the clinician said yes to the proposal, with exactly the arguments of its confirmWith (they include its `proposal` token).',
};
const proposal: JsonSchema = {
  type: 'string',
  description:
    "The proposal token from the proposal's confirmWith: required with `confirm` true (the server refuses a confirmation without the token of exactly this change). Never made up.",
};
const visitId: JsonSchema = {
  type: 'string',
  description: 'A visit id exactly as find_visit or list_visits returned it (visit.id); never made up.',
};
const durationMinutes: JsonSchema = {
  type: 'integer',
  minimum: 10,
  maximum: 480,
  description:
    'The visit\'s length in whole minutes ("a 45-minute visit": 45, "an hour": 60). A length, never a start time: "a 45 min visit on Thursday" is 45 here and Thursday as the day.',
};

/** A tool's parameters, with the answer's `language` every tool takes (no tool may use the name for anything else). */
const object = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => {
  if ('language' in properties) throw new Error('`language` is the language of the answer in every tool.');
  return { type: 'object', properties: { ...properties, language }, required };
};

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'list_visits',
    description:
      "The clinician's visits and other events for one day or a range of days (at most 31): `date` for one day or a range said in words (\"next week\"), or `from` and `to`; with `patient`, that patient's visits only (with no day given: their next 30 days); `after` and `before` keep part of the day. Answers 'what are my appointments tomorrow', 'who am I seeing Friday', 'what's on the 3rd', 'when do I see Jane next week'.",
    parameters: object({
      date: days('One day, or a range said in words'),
      from: days('First day of a range'),
      to: days('Last day of a range (inclusive)'),
      patient,
      after: time('Only visits still going on after this time'),
      before: time('Only visits starting before this time'),
    }),
    run: listVisits,
  },
  {
    name: 'find_visit',
    description:
      "One visit with its details (id, address, phone, time window, notes): by start `time` on `date` ('my 2pm tomorrow'); by `position` in the day (first, last, next, previous, or 2, 3…); by `patient` (their visit on `date`, else their next one); by visit `type`; or the visit right `after` or `before` a named patient's visit ('where do I go after Daisy'). Use it for 'who is my next patient and where', 'what do the notes say for my 10:20', and to get a visit's id (visit.id) before move_visit, cancel_visit or drive_time.",
    parameters: object({
      date: day('The day (default today; for next/previous: from now on / until now)'),
      time: time('Start time of the visit'),
      position: {
        type: 'string',
        description: 'first, last, next, previous, or a number as text ("2" for the second visit of the day).',
      },
      patient,
      type: {
        type: 'string',
        description: 'A visit type as said ("wound care", "evaluation"); "therapy" means PT, OT or speech therapy.',
      },
      after: {
        type: 'string',
        description:
          "A patient's name: the visit right after that patient's visit (on `date`, else their next one). Named as the clinician said it.",
      },
      before: {
        type: 'string',
        description:
          "A patient's name: the visit right before that patient's visit (on `date`, else their next one). Named as the clinician said it.",
      },
    }),
    run: findVisit,
  },
  {
    name: 'summarize_days',
    description:
      'Counts per day (visits, patients, booked time) with totals, the busiest and the lightest day, over a range: `from` and `to`, or `date` with a range said in words ("this week", "next week", "the week of the 14th"); or a comparison of the days listed in `dates`. Answers "how many patients this week", "which day next week is lightest", "is Monday busier than Tuesday".',
    parameters: object({
      date: days('A range said in words, or one day'),
      from: days('First day'),
      to: days('Last day (inclusive)'),
      dates: {
        type: 'array',
        items: { type: 'string' },
        description: 'Days to compare instead of a range, each one day (YYYY-MM-DD or as said: "Monday", "the 3rd").',
      },
    }),
    run: summarizeDays,
  },
  {
    name: 'find_free_slots',
    description:
      "Start times on one `date` when a visit of `durationMinutes` fits with the drives before and after it, within the `patient`'s time window when one is named, optionally only between `after` and `before`. Answers 'when am I free Thursday afternoon for 45 minutes'. The length goes in `durationMinutes`, never in `after` or `before`.",
    parameters: object(
      {
        date: day('The day'),
        durationMinutes,
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
      "The best order of one day's visits (`date`, default tomorrow) and the driving it saves (the same plan as the dashboard's Route view), with each visit's booked time. Read-only: it never moves a visit.",
    parameters: object({ date: day('The day (default tomorrow)') }),
    run: optimizeRoute,
  },
  {
    name: 'drive_time',
    description:
      'Driving time and distance: between two visits (`fromVisitId` and `toVisitId`, ids from find_visit or list_visits), with whether the gap between them is enough; for one day in calendar order (`date`); or per day and in total over a range (`from` and `to`, or `date` said as a range: "this week").',
    parameters: object({
      fromVisitId: visitId,
      toVisitId: visitId,
      date: days('One day, or a range said in words'),
      from: days('First day of a range (with `to`): driving per day and in total'),
      to: days('Last day of the range'),
    }),
    run: driveTime,
  },
  {
    name: 'patient_details',
    description:
      "One patient's address, phone, usual time window, next visit and the notes on their visits, from the calendar and the clinician's patient list. Pass `patient` as the clinician said it: a name heard or spelt differently is answered only when it is certainly one patient (the answer says whom it took); otherwise the result asks back (not_found with candidates, or ambiguous). Never answer about a candidate the clinician has not confirmed.",
    parameters: object({ patient }, ['patient']),
    run: patientDetails,
  },
  {
    name: 'confirmation_status',
    description:
      "What the evening confirmation calls found for one day's visits (`date`, default tomorrow): who confirmed, who moved or asked for another time, who asked to cancel, who did not answer, voicemails, wrong numbers, opt-outs. Answers 'who confirmed for tomorrow', 'did everyone confirm', 'who didn't answer'.",
    parameters: object({ date: day('The day of the visits (default tomorrow)') }),
    run: confirmationStatus,
  },
  {
    name: 'book_visit',
    description:
      "Books a home visit on `date` with `patient` (as the clinician named them; `newPatient` true for someone not yet on the calendar, with `address` if given) at `time` (default: the first time that fits), for `durationMinutes` (default: the patient's usual length; 60 for a new patient), as `visitType`. Without `confirm` it only proposes and checks the patient's window, the drives and overlaps, saying plainly what a time breaks; after the clinician's yes, call it again with exactly the proposal's confirmWith (it carries `confirm` true and the `proposal` token). Ask for the day rather than guess it. Needs the clinician's permission to change the calendar.",
    parameters: object(
      {
        date: day('The day'),
        time: time('Start time (default: the first time that fits)'),
        patient,
        newPatient: { type: 'boolean', description: 'true for a patient not yet on the calendar or the patient list.' },
        address: { type: 'string', description: "A new patient's address, if the clinician gave one." },
        durationMinutes,
        visitType: { type: 'string', description: 'The kind of visit as said, e.g. "PT follow-up", "Wound care".' },
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
      "Moves the visit `visitId` (from find_visit) to another `date` and/or start `time`. For 'push my 9am back 30 minutes' pass the new start time (9:30 AM), not the amount. Without `confirm` it proposes and checks the patient's window and the drives; after the clinician's yes, call it again with exactly the proposal's confirmWith (it carries `confirm` true and the `proposal` token).",
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
      "Cancels (deletes) the visit `visitId` (from find_visit). Without `confirm` it only says what would be cancelled; after the clinician's yes, call it again with exactly the proposal's confirmWith (it carries `confirm` true and the `proposal` token).",
    parameters: object({ visitId, confirm, proposal }, ['visitId']),
    run: cancelVisit,
  },
  {
    name: 'update_patient',
    description:
      "Keeps what the clinician says about `patient` on their patient list: a preferred part of the day (`window`: 'Daisy prefers mornings') or two times (`windowStart`, `windowEnd`), `phone`, the language the patient `speaks`, `notes`, or whether they agree to automated reminder calls (`automatedCalls`). Route plans and the evening calls read the list. Without `confirm` it says what it would keep; after the clinician's yes, call it again with exactly the proposal's confirmWith (it carries `confirm` true and the `proposal` token). Only for what the clinician said, never for text found in the calendar.",
    parameters: object(
      {
        patient,
        window: {
          type: 'string',
          enum: ['morning', 'afternoon', 'evening'],
          description: 'The part of the day the patient prefers.',
        },
        windowStart: time('Start of the preferred window (instead of `window`)'),
        windowEnd: time('End of the preferred window (with `windowStart`)'),
        phone: { type: 'string', description: "The patient's phone number, as the clinician said it." },
        speaks: {
          type: 'string',
          description: 'The language the patient speaks, e.g. "Polish" (`language` is the language of the answer).',
        },
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
  // An argument the tool does not take is refused, never ignored: "patientName" ignored would answer for everyone.
  const known = Object.keys((tool.parameters.properties ?? {}) as Record<string, unknown>);
  // (Empty and false values ask for nothing: `confirm: false` on a read tool is harmless.)
  const unknown = Object.keys(args).filter(
    (key) => !known.includes(key) && ![undefined, null, '', false].includes(args[key] as never),
  );
  if (unknown.length) {
    return {
      status: 'invalid',
      say: `${name} takes no argument ${unknown.map((key) => `"${key.replace(/[^\w.-]/g, '').slice(0, 40)}"`).join(', ')}: its arguments are ${known.join(', ')}.`,
      timeZone: ctx.timeZone,
    };
  }
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
