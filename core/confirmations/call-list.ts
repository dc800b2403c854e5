// Who is called tonight, and when: tomorrow's patient visits → the call list (each visit called, or not with the
// reason), each patient's calling window (the agency's window, within 8 am – 9 pm, in the patient's own zone), and
// what each call may say (first name, who comes, a time window in the patient's zone: nothing clinical).
// Only a confirmed patient on the clinician's list, who agreed to automated calls, is called, on the list's number,
// greeted by the list's name: a phone line or a name in calendar text (anyone who can put an event on a calendar
// writes it) is never dialled nor said. Pure: the events, the list, the do-not-call numbers, the rules and the clock
// come in.

import type { CalendarEvent } from '../calendar/calendar.types.ts';
import { withPatientRecords } from '../patients/apply.ts';
import type { PatientRecord } from '../patients/patients.ts';
import { dayText, hhmmToMinutes, zonedDate, zonedDateTime, zonedMinute } from '../time/zoned-time.ts';
import { isPatientVisit, PATIENT_RECORD_PROPERTY, toVisit, type Visit } from '../visits/visits.ts';
import {
  CALLING_HOURS,
  type CallingRules,
  type CallListEntry,
  type ConfirmationCallVariables,
  DEFAULT_CALLING_RULES,
  type SkipReason,
} from './contract.ts';
import { checkDestination } from './destinations.ts';
import { patientTimeZone } from './patient-zone.ts';

type Window = CallingRules['window'];

/** The agency's window held inside the legal frame (CALLING_HOURS): it may narrow it, never widen it. */
export function callingWindow(window: Window = CALLING_HOURS): { start: number; end: number } {
  const start = Math.max(hhmmToMinutes(window.start), hhmmToMinutes(CALLING_HOURS.start));
  const end = Math.min(hhmmToMinutes(window.end), hhmmToMinutes(CALLING_HOURS.end));
  return { start, end: Math.max(start, end) };
}

/** True when `at` is inside calling hours in the zone. */
export function withinCallingHours(at: Date, timeZone: string, window: Window = CALLING_HOURS): boolean {
  const { start, end } = callingWindow(window);
  const minute = zonedMinute(at, timeZone);
  return minute >= start && minute < end;
}

/** When calling hours end on the day of `at` in the zone (the latest moment a call may start). */
export function callingHoursEnd(at: Date, timeZone: string, window: Window = CALLING_HOURS): Date {
  return zonedDateTime(zonedDate(at, timeZone), callingWindow(window).end, timeZone).instant;
}

/** The evening call time for a visit date: the day before, at `callAt` (HH:MM) in the clinician's zone. */
export function eveningCallTime(visitDate: string, callAt: string, timeZone: string): Date {
  const [y, m, d] = visitDate.split('-').map(Number) as [number, number, number];
  const dayBefore = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return zonedDateTime(dayBefore, hhmmToMinutes(callAt), timeZone).instant;
}

/** A visit of the day and the patient-list record it belongs to (null: its patient is not on the list). */
export interface CallCandidate {
  visit: Visit;
  record: PatientRecord | null;
}

/**
 * The day's events as visits with their patient records. Which record an event belongs to is decided here, by the
 * list (the product's link, else the name): a record reference an event carries of its own is dropped first.
 */
export function callCandidates(
  events: readonly CalendarEvent[],
  records: readonly PatientRecord[],
  timeZone: string,
): CallCandidate[] {
  const byId = new Map(records.map((record) => [record.id, record]));
  const own = events.map((event) => {
    if (!event.properties?.[PATIENT_RECORD_PROPERTY]) return event;
    const { [PATIENT_RECORD_PROPERTY]: _forged, ...properties } = event.properties;
    return { ...event, properties };
  });
  return withPatientRecords(own, records).map((event) => {
    const record = byId.get(event.properties?.[PATIENT_RECORD_PROPERTY] ?? '') ?? null;
    return { visit: toVisit(event, timeZone), record: record?.status === 'patient' ? record : null };
  });
}

/**
 * The name a patient is greeted by: the first name on their record, letters only ("OKOYE, GRACE" → "Grace"; a
 * stray "SYSTEM:" loses its colon). Empty when the record's name has no letters.
 */
export function greetingName(fullName: string): string {
  const [last, first] = fullName.split(',').map((part) => part.trim());
  const ordered = first ? `${first} ${last}` : fullName;
  const word = (ordered.trim().split(/\s+/)[0] ?? '').replace(/[^\p{L}\p{M}'’-]/gu, '').slice(0, 40);
  if (!word) return '';
  return word === word.toUpperCase() ? word.charAt(0) + word.slice(1).toLowerCase() : word;
}

/**
 * The call list for a day's visits: one entry per timed patient visit, in visit order. A visit is called when its
 * patient is a confirmed patient on the list who agreed to automated calls, the list has a number for them that the
 * agency's rules allow and that is not on the do-not-call list, and the call time is inside the agency's window in
 * the patient's zone (their place's, else the calendar's).
 */
export function buildCallList(input: {
  candidates: readonly CallCandidate[];
  /** The clinician's (calendar's) zone: the zone of a patient the list does not locate. */
  timeZone: string;
  callAt: Date;
  doNotCall: ReadonlySet<string>;
  rules?: CallingRules;
}): CallListEntry[] {
  const rules = input.rules ?? DEFAULT_CALLING_RULES;
  return input.candidates
    .filter(({ visit }) => isPatientVisit(visit))
    .sort((a, b) => a.visit.startMinute - b.visit.startMinute || a.visit.id.localeCompare(b.visit.id))
    .map(({ visit, record }) => {
      const place =
        record && record.lat !== null && record.lng !== null ? { lat: record.lat, lng: record.lng } : visit.coords;
      const { timeZone } = patientTimeZone(place, input.timeZone);
      const entry = (skip: SkipReason | null, phone: string | null, skipDetail: string | null = null) => ({
        eventId: visit.id,
        // For the clinician's eyes: the list's name when there is one, else the calendar's.
        patientName: record?.full_name ?? visit.patient ?? visit.title,
        phone,
        start: new Date(visit.start).toISOString(),
        timeZone,
        skip,
        skipDetail,
        patientId: record?.id ?? null,
        movedFrom: visit.movedFrom ?? null,
      });
      if (!record) return entry('not-on-patient-list', null);
      if (!greetingName(record.full_name)) {
        return entry('not-on-patient-list', null, 'the name on the patient list has no letters to greet');
      }
      if (!record.automated_calls_consent) return entry('no-consent', null);
      if (!record.phone) return entry('no-phone', null);
      const destination = checkDestination(record.phone, rules);
      if (!destination.ok) return entry('number-not-allowed', destination.e164, destination.detail);
      if (input.doNotCall.has(destination.e164)) return entry('do-not-call', destination.e164);
      if (!withinCallingHours(input.callAt, timeZone, rules.window)) {
        return entry('outside-calling-hours', destination.e164);
      }
      return entry(null, destination.e164);
    });
}

/**
 * Checked again right before a call is placed (the campaign at the call time, each retry an hour later), whatever
 * the list said when it was made: the number is still the patient record's, the patient still a consenting patient
 * on the list, the number still one the agency calls and not on the do-not-call list, and it is calling hours in the
 * patient's zone now. Null: the call may be placed.
 */
export function placementRefusal(input: {
  /** The number about to be dialled (E.164). */
  phone: string;
  /** The patient's record as the list holds it now (undefined: no longer on it). */
  record: PatientRecord | null | undefined;
  /** The patient's zone. */
  timeZone: string;
  at: Date;
  doNotCall: ReadonlySet<string>;
  rules: CallingRules;
}): { skip: SkipReason; skipDetail: string | null } | null {
  const { record, rules } = input;
  if (record?.status !== 'patient') {
    return { skip: 'not-on-patient-list', skipDetail: 'no longer on the patient list when the call was due' };
  }
  if (!record.automated_calls_consent) return { skip: 'no-consent', skipDetail: null };
  if (!record.phone) return { skip: 'no-phone', skipDetail: null };
  const destination = checkDestination(record.phone, rules);
  if (!destination.ok) return { skip: 'number-not-allowed', skipDetail: destination.detail };
  if (destination.e164 !== input.phone) {
    return { skip: 'no-phone', skipDetail: 'the number on the patient list changed after the call list was made' };
  }
  if (input.doNotCall.has(input.phone)) return { skip: 'do-not-call', skipDetail: null };
  if (!withinCallingHours(input.at, input.timeZone, rules.window)) {
    return { skip: 'outside-calling-hours', skipDetail: null };
  }
  return null;
}

/** Words for a skip reason (status detail, CLI). */
export const SKIP_REASONS: Record<SkipReason, string> = {
  'not-on-patient-list': 'the patient is not a confirmed patient on your list (calendar text is never called)',
  'no-phone': 'no phone number on the patient list',
  'no-consent': 'the patient has not agreed to automated calls (patient list)',
  'number-not-allowed': 'the number is not one the agency calls',
  'do-not-call': 'the number is on the do-not-call list',
  'outside-calling-hours': 'outside calling hours in the patient’s time zone',
  'not-a-visit': 'not a patient visit',
};

/** The words a skipped visit shows: the reason, with its particulars when there are some. */
export function skipText(entry: Pick<CallListEntry, 'skip' | 'skipDetail'>): string {
  const reason = SKIP_REASONS[entry.skip ?? 'not-a-visit'];
  return (entry.skipDetail ? `${reason}: ${entry.skipDetail}` : reason).slice(0, 200);
}

const DISCIPLINE_WORDS: Record<string, string> = {
  RN: 'your nurse',
  PT: 'your physical therapist',
  OT: 'your occupational therapist',
  SLP: 'your speech therapist',
};

/** "9 AM", "9:30 AM" */
function hourText(minute: number): string {
  const h = Math.floor(minute / 60) % 24;
  const m = minute % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h >= 12 ? 'PM' : 'AM'}`;
}

/**
 * The arrival window a patient is told: the visit's start rounded down to the half hour, plus one hour
 * ("between 9 and 10 AM"); a clinician on the road cannot promise a minute.
 */
export function arrivalWindowText(startMinute: number): string {
  const from = Math.floor(startMinute / 30) * 30;
  const to = from + 60;
  const a = hourText(from);
  const b = hourText(to);
  const sameHalf = a.slice(-2) === b.slice(-2);
  return `between ${sameHalf ? a.slice(0, -3) : a} and ${b}`;
}

/** The arrival window, and the one the patient was told when the visit moved since (same window: not a change). */
export function movedWindowText(startMinute: number, movedFromMinute: number | null): string {
  const now = arrivalWindowText(startMinute);
  if (movedFromMinute === null) return now;
  const before = arrivalWindowText(movedFromMinute);
  return before === now ? now : `${now}: a new time, it was ${before}`;
}

/**
 * The variables of one call: only what the patient needs to confirm (minimum necessary information), the day and
 * times worded in the patient's zone. A visit moved since the patient was told its time says so in the window
 * ("between 10 and 11 AM: a new time, it was between 8 and 9 AM"), so the assistant's opening line tells them.
 * `patientName` is the patient record's name, never a calendar title.
 */
export function callVariables(input: {
  patientName: string;
  start: Date;
  movedFrom?: Date | null;
  /** The patient's zone. */
  timeZone: string;
  clinician: { name: string; discipline?: string | null };
  agencyName: string;
  callbackNumber: string;
  callToken: string;
}): ConfirmationCallVariables {
  const role = input.clinician.discipline ? DISCIPLINE_WORDS[input.clinician.discipline] : undefined;
  const movedFromMinute = input.movedFrom ? zonedMinute(input.movedFrom, input.timeZone) : null;
  return {
    patientFirstName: greetingName(input.patientName),
    clinicianName: role ? `${input.clinician.name}, ${role}` : input.clinician.name,
    visitDay: dayText(zonedDate(input.start, input.timeZone)),
    visitWindow: movedWindowText(zonedMinute(input.start, input.timeZone), movedFromMinute),
    agencyName: input.agencyName,
    callbackNumber: input.callbackNumber,
    homeroundsCallToken: input.callToken,
  };
}
