// What a confirmation call's end-of-call report means for its visit. The platform reports how the call
// ended (`endedReason`) and, for answered calls, the structured output it extracted with our schema
// (`artifact.structuredOutputs[id] = {name, result}`, or `analysis.structuredData` from older plans).
// Anything we cannot read is `no-report`-like uncertainty, never a guessed confirmation.
import {
  CONFIRMATION_OUTCOMES,
  CONFIRMATION_OUTPUT_NAME,
  type ConfirmationOutcome,
  type ConfirmationReportOutput,
  type ConfirmationStatus,
} from './contract.ts';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Ended reasons meaning nobody picked up. */
const NO_ANSWER_REASONS = new Set([
  'customer-did-not-answer',
  'customer-busy',
  'twilio-failed-to-connect-call',
  'vonage-failed-to-connect-call',
  'call.ringing.error-sip-inbound-call-failed-to-connect',
  'call.in-progress.error-sip-outbound-call-failed-to-connect',
]);

export interface ReportReading {
  status: ConfirmationStatus;
  /** The new start the patient agreed to (rescheduled) — the tools may already have moved the visit. */
  newStart: string | null;
  detail: string | null;
}

/** The structured output of our schema in a report, if the platform extracted one. */
export function structuredOutputOf(message: Json): ConfirmationReportOutput | null {
  const artifact = isObject(message.artifact) ? message.artifact : {};
  const candidates: unknown[] = [];
  if (isObject(artifact.structuredOutputs)) {
    for (const entry of Object.values(artifact.structuredOutputs)) {
      if (isObject(entry) && entry.name === CONFIRMATION_OUTPUT_NAME) candidates.push(entry.result);
    }
  }
  const analysis = isObject(message.analysis) ? message.analysis : {};
  candidates.push(analysis.structuredData);
  for (const candidate of candidates) {
    const value = typeof candidate === 'string' ? safeParse(candidate) : candidate;
    if (!isObject(value) || !(CONFIRMATION_OUTCOMES as readonly unknown[]).includes(value.outcome)) continue;
    const output: ConfirmationReportOutput = { outcome: value.outcome as ConfirmationOutcome };
    if (typeof value.newStart === 'string' && !Number.isNaN(Date.parse(value.newStart)))
      output.newStart = value.newStart;
    if (typeof value.preferredDay === 'string' && value.preferredDay.trim())
      output.preferredDay = value.preferredDay.trim().slice(0, 120);
    return output;
  }
  return null;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The visit's status from a report. `moveApplied` says whether the visit already sits at the agreed time
 * (the reschedule tool moved it during the call); a reschedule that was only recorded stays a request.
 */
export function readReport(message: Json, moveApplied: (newStart: string) => boolean): ReportReading {
  const endedReason = typeof message.endedReason === 'string' ? message.endedReason : '';
  if (endedReason === 'voicemail') return { status: 'voicemail', newStart: null, detail: null };
  if (NO_ANSWER_REASONS.has(endedReason)) return { status: 'no-answer', newStart: null, detail: null };
  const output = structuredOutputOf(message);
  if (!output) {
    return {
      status: 'no-report',
      newStart: null,
      detail: endedReason
        ? `The call ended (${endedReason}) without a clear answer.`
        : 'The report said nothing usable.',
    };
  }
  switch (output.outcome) {
    case 'confirmed':
      return { status: 'confirmed', newStart: null, detail: null };
    case 'rescheduled':
      if (!output.newStart) return { status: 'move-requested', newStart: null, detail: 'Asked for another time.' };
      return moveApplied(output.newStart)
        ? { status: 'moved', newStart: output.newStart, detail: null }
        : { status: 'move-requested', newStart: output.newStart, detail: null };
    case 'wants-another-day':
      return {
        status: 'move-requested',
        newStart: null,
        detail: output.preferredDay ? `Asked for ${output.preferredDay}.` : 'Asked for another day.',
      };
    case 'cancel':
      return { status: 'cancel-requested', newStart: null, detail: null };
    case 'wrong-number':
      return { status: 'wrong-number', newStart: null, detail: null };
    case 'opt-out':
      return { status: 'opted-out', newStart: null, detail: null };
    default:
      return { status: 'no-report', newStart: null, detail: 'The call ended without a clear answer.' };
  }
}
