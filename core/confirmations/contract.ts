// Evening confirmation calls: the contract every part shares — the statuses a visit can carry, what a
// call's end-of-call report says (the structured output the platform extracts), the assistant variables a
// campaign passes to each call, the confirmation tools, the local personas, and the `confirmations` Edge
// Function's HTTP API (CLI, web, local platform). Pure constants and types, no I/O.

/** The Edge Function serving the batch API and the voice platform's end-of-call reports. */
export const CONFIRMATIONS_FUNCTION = 'confirmations';

// ─── Calling rules ─────────────────────────────────────────────────────────────────────────────────────

/** When the evening batch starts by default, in the clinician's zone (per-clinician setting). */
export const DEFAULT_CALL_AT = '17:00';
/**
 * Calls are placed only between these wall-clock times in the patient's zone ([start, end)): the legal frame (the
 * TCPA's 8 am – 9 pm), which the agency's own window (CallingRules.window) may narrow and never widen.
 */
export const CALLING_HOURS = { start: '08:00', end: '21:00' } as const;

/**
 * The agency's calling rules (public.calling_rules, one row, an administrator's): which countries and number types
 * the evening calls may dial (libphonenumber's types, core/confirmations/destinations.ts) and the window, in each
 * patient's own zone, within CALLING_HOURS.
 */
export interface CallingRules {
  /** ISO 3166 alpha-2 codes; the first is the country of a number written without a country code. */
  countries: readonly string[];
  numberTypes: readonly string[];
  window: { start: string; end: string };
}

/** The rules when an administrator has set none: +1 numbers of the US and Canada, homes and mobiles, 8 am – 9 pm. */
export const DEFAULT_CALLING_RULES: CallingRules = {
  countries: ['US', 'CA'],
  numberTypes: ['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE'],
  window: { ...CALLING_HOURS },
};
/** A no-answer is called once more, this long after the first attempt's report (if still within calling hours). */
export const RETRY_AFTER_MINUTES = 60;
/** How long the batch waits for the reports of a round of calls before marking the missing ones `no-report`. */
export const REPORT_WAIT_MINUTES = 45;
/** A failed campaign placement (platform down) is tried again on later ticks for this long, then the batch fails. */
export const PLATFORM_RETRY_MINUTES = 30;

// ─── What a visit carries ──────────────────────────────────────────────────────────────────────────────

/**
 * A visit's confirmation status (public.visit_confirmations.status):
 * - `pending`: on tomorrow's call list, not called yet; `calling`: a call is placed, no report yet;
 * - `confirmed`: the patient confirmed the time;
 * - `moved`: the visit was moved on the calendar to `newStart` (the clinician allowed calendar changes);
 * - `move-requested`: the patient asked for `newStart` (or another day, in `detail`) but the calendar could not
 *   be changed (no write access): a proposal waiting for the clinician;
 * - `cancel-requested`: the patient asked to cancel (never cancelled automatically: the clinician decides);
 * - `no-answer`, `voicemail` (a message with only the agency's name and callback number was left),
 *   `wrong-number`, `opted-out` (the number is now on the do-not-call list);
 * - `skipped`: not called (`detail` says why: no phone number, do-not-call list, outside calling hours);
 * - `no-report`: a call was placed but its report never came.
 */
export const CONFIRMATION_STATUSES = [
  'pending',
  'calling',
  'confirmed',
  'moved',
  'move-requested',
  'cancel-requested',
  'no-answer',
  'voicemail',
  'wrong-number',
  'opted-out',
  'skipped',
  'no-report',
] as const;
export type ConfirmationStatus = (typeof CONFIRMATION_STATUSES)[number];

/** Statuses that end a visit's calling for the evening (everything but pending/calling). */
export const SETTLED_STATUSES: readonly ConfirmationStatus[] = CONFIRMATION_STATUSES.filter(
  (s) => s !== 'pending' && s !== 'calling',
);

/** Short labels for marks and tables (the dashboard, the CLI). */
export const STATUS_LABELS: Record<ConfirmationStatus, string> = {
  pending: 'Not called yet',
  calling: 'Calling…',
  confirmed: 'Confirmed',
  moved: 'Moved',
  'move-requested': 'Wants another time',
  'cancel-requested': 'Asked to cancel',
  'no-answer': 'No answer',
  voicemail: 'Voicemail left',
  'wrong-number': 'Wrong number',
  'opted-out': 'Opted out of calls',
  skipped: 'Not called',
  'no-report': 'No report',
};

/** One visit's row, as the dashboard (PostgREST, owner-only RLS), the CLI and the assistant read it. */
export interface VisitConfirmation {
  eventId: string;
  /** The visit's day (YYYY-MM-DD, clinician's zone). */
  visitDate: string;
  /** As on the calendar (for the clinician's eyes only; never sent to another patient). */
  patientName: string;
  /** E.164, or null when the visit has no phone number. */
  phone: string | null;
  status: ConfirmationStatus;
  /** Calls placed for this visit this evening (0–2). */
  attempts: number;
  /** The visit's start when the list was made (ISO instant). */
  originalStart: string;
  /** The new start: done (`moved`) or asked for (`move-requested`). */
  newStart: string | null;
  /** A short plain-text reason or request ("asked for Thursday morning", "no phone number"). */
  detail: string | null;
  /** The report arrived after the batch had ended. */
  late: boolean;
  updatedAt: string;
}

/** What a call (its report, or a tool during it) says about one visit. */
export interface RecordedOutcome {
  status: ConfirmationStatus;
  newStart: string | null;
  detail: string | null;
  late: boolean;
  callId?: string | null;
}

/**
 * What a confirmation call's tools read and record, by user, visit day and event: the port the server's
 * store (server/confirmations/store.ts) implements over public.visit_confirmations and do_not_call.
 */
export interface ConfirmationCallRecords {
  current(userId: string, visitDate: string, eventId: string): Promise<VisitConfirmation | null>;
  /** False when no such row exists (the list was never made, or the visit is not on it). */
  recordOutcome(userId: string, visitDate: string, eventId: string, outcome: RecordedOutcome): Promise<boolean>;
  addDoNotCall(phone: string): Promise<void>;
}

// ─── The call: assistant variables, tools, report ──────────────────────────────────────────────────────

/**
 * Variables a confirmation call carries (`customers[].assistantOverrides.variableValues`), used by the
 * assistant's first message and prompt as `{{name}}`. Only what the call needs: first name, who comes,
 * when — never a diagnosis, a visit type or another patient.
 */
export interface ConfirmationCallVariables {
  /** The patient's first name. */
  patientFirstName: string;
  /** "Maya Patel, your nurse" — the clinician's name and discipline in plain words. */
  clinicianName: string;
  /** "Tuesday, November 24" */
  visitDay: string;
  /** "between 9 and 11 AM" — the visit's start as a window the patient can plan around. */
  visitWindow: string;
  agencyName: string;
  callbackNumber: string;
  /** The call token (scope `confirmation`, bound to this visit) for the confirmation tools. */
  homeroundsCallToken: string;
}

/**
 * Function tools of the visit-confirmation assistant, served by the assistant-tools function for a call
 * token of scope `confirmation` (bound to one visit: they can read or change nothing else). Results are
 * ToolResult JSON (core/assistant/contract.ts):
 * - `offer_visit_times {preference?: 'earlier'|'later'|'any'}` → `{status:'answer', say, slots: OfferedSlot[]}`:
 *   up to 3 starts the same day inside the patient's window that keep the clinician's day feasible;
 * - `reschedule_visit {start}` (an offered slot's `start`) → `{status:'done', say, newStart}` when the calendar
 *   was changed, `{status:'proposal', say, newStart}` when the request was recorded for the clinician (no write
 *   access), `{status:'invalid', say}` when the time is not one that fits;
 * - `stop_calls {}` → `{status:'done', say}`: the number is on the do-not-call list.
 */
export const CONFIRMATION_TOOLS = ['offer_visit_times', 'reschedule_visit', 'stop_calls'] as const;
export type ConfirmationToolName = (typeof CONFIRMATION_TOOLS)[number];

export interface OfferedSlot {
  /** ISO 8601 with offset, in the visit's zone. */
  start: string;
  /** "2:30 PM" */
  label: string;
}

/** What the platform extracts from a confirmation call (structured output, name below). */
export const CONFIRMATION_OUTPUT_NAME = 'homerounds_visit_confirmation';
export const CONFIRMATION_OUTCOMES = [
  'confirmed',
  'rescheduled',
  'wants-another-day',
  'cancel',
  'wrong-number',
  'opt-out',
  'unclear',
] as const;
export type ConfirmationOutcome = (typeof CONFIRMATION_OUTCOMES)[number];

/** JSON schema of the structured output (artifactPlan.structuredOutputs[].schema). */
export const CONFIRMATION_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    outcome: {
      type: 'string',
      enum: [...CONFIRMATION_OUTCOMES],
      description:
        'confirmed: the patient confirmed the visit time. rescheduled: a new time was agreed with the reschedule_visit tool. wants-another-day: the patient cannot make that day and named another. cancel: the patient asked to cancel the visit. wrong-number: the person reached is not the patient and does not know them. opt-out: the patient asked not to be called again. unclear: none of these.',
    },
    newStart: {
      type: 'string',
      description: 'For rescheduled: the agreed new start as an ISO 8601 date-time with offset.',
    },
    preferredDay: {
      type: 'string',
      description: 'For wants-another-day: the day and time of day the patient asked for, in their words.',
    },
  },
  required: ['outcome'],
} as const;

export interface ConfirmationReportOutput {
  outcome: ConfirmationOutcome;
  newStart?: string;
  preferredDay?: string;
}

// ─── Local personas (the seed marks each patient) ──────────────────────────────────────────────────────

/**
 * How a simulated patient behaves when the local voice platform calls them:
 * confirms; wants a later time the same day (takes the first offered slot); wants another day; never
 * answers; has voicemail; the number belongs to someone else; asks never to be called again.
 */
export const PERSONAS = [
  'confirms',
  'wants-later',
  'wants-another-day',
  'no-answer',
  'voicemail',
  'wrong-number',
  'says-stop',
] as const;
export type Persona = (typeof PERSONAS)[number];

// ─── The confirmations function's HTTP API ─────────────────────────────────────────────────────────────
//
// Base: {SUPABASE_URL}/functions/v1/confirmations (the local platform: same path on its origin).
// Auth: administrators (CLI) send `Authorization: Bearer <HOMEROUNDS_ADMIN_SECRET>`; a signed-in clinician
// sends their Supabase access token and may read only their own day. The voice platform posts its server
// messages (end-of-call-report) to `/webhook` with the server secret in `X-Vapi-Secret`.
// Errors: `{ "code": code, "message": text }` (the shape of the other functions) with 400/401/403/404/409/503.
//
// POST /plan    {clinician: email|userId, date?: YYYY-MM-DD}  → CallPlan            (nothing is called)
// POST /run     {clinician, date?, force?: boolean}          → BatchStatus          (starts the batch now)
// POST /tick    {}                                           → {advanced: number}   (cron: starts due batches, advances waiting ones)
// GET  /status?clinician=&date=                              → BatchStatus
// POST /webhook {message: ServerMessage}                     → {} (200)
// `date` defaults to tomorrow in the clinician's zone.

/**
 * Why a visit is not called: its patient is not a confirmed patient on the clinician's list (a name in a calendar
 * title is never called), has not agreed to automated calls, has no phone on the list, a number the agency does not
 * call, on the do-not-call list, or outside calling hours in the patient's zone.
 */
export const SKIP_REASON_CODES = [
  'not-on-patient-list',
  'no-consent',
  'no-phone',
  'number-not-allowed',
  'do-not-call',
  'outside-calling-hours',
  'not-a-visit',
] as const;
export type SkipReason = (typeof SKIP_REASON_CODES)[number];

export interface CallListEntry {
  eventId: string;
  patientName: string;
  /** E.164, or null (then `skip` says why). */
  phone: string | null;
  /** The visit's start (ISO instant). */
  start: string;
  /** The patient's zone (from their address's place, else the calendar's): their calling hours and what they hear. */
  timeZone: string;
  /** Why this visit will not be called, or null when it will be. */
  skip: SkipReason | null;
  /** For some skips, the particulars ("a premium-rate number, not one the agency calls"). */
  skipDetail?: string | null;
  /** The patient-list record the call is for (its name is the one greeted), or null. */
  patientId?: string | null;
  /** The start the patient was last told, when "Use this order" moved the visit since (ISO instant): the call says so. */
  movedFrom?: string | null;
}

export interface CallPlan {
  clinician: { userId: string; email: string; name: string };
  date: string;
  /** The clinician's zone (their calendar's): the day and the call time. Each entry has its patient's zone. */
  timeZone: string;
  /** When the batch calls (ISO instant): the clinician's call time, or now for `run`. */
  callAt: string;
  /** The last moment a call may start: the earliest end of calling hours among the patients called. */
  latestAt: string;
  entries: CallListEntry[];
}

/** The batch machine's state names as stored and reported. */
export const BATCH_STATES = [
  'scheduled',
  'preparing',
  'placing',
  'platformDown',
  'waitingForReports',
  'checkingReports',
  'markingMissing',
  'retryWait',
  'placingRetries',
  'reoptimising',
  'closed',
  'done',
  'failed',
  'cancelled',
] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export interface RouteChange {
  eventId: string;
  patientName: string;
  from: string;
  to: string;
}

export interface BatchSummary {
  /** Count per status. */
  counts: Partial<Record<ConfirmationStatus, number>>;
  /** Visits whose time changed tonight (moved by a patient's request). */
  moved: RouteChange[];
  /** The re-optimised day: the order of visits (event ids) with planned starts, and the drive. */
  plan: {
    /** `start`: the planned start (ISO instant). */
    order: Array<{ eventId: string; patientName: string; start: string }>;
    driveMinutes: number;
    /** Every confirmed visit kept its time. */
    confirmedTimesKept: boolean;
    feasible: boolean;
  } | null;
  /** Why the route was not re-optimised, when it was not. */
  planNote: string | null;
}

export interface BatchStatus {
  batchId: string;
  clinician: { userId: string; email: string; name: string };
  date: string;
  state: BatchState;
  /** The machine's final state reached (done, failed, cancelled). */
  finished: boolean;
  /** For failed: what went wrong, in words. */
  failure: string | null;
  campaignId: string | null;
  visits: VisitConfirmation[];
  summary: BatchSummary | null;
  updatedAt: string;
}
