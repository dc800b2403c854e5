// Who is called tonight, and when: tomorrow's patient visits → the call list (each visit called, or not
// with the reason), the calling window (the clinician's call time, never outside 8 am – 9 pm in the
// patients' zone), and what each call may say (first name, who comes, a time window: nothing clinical).
// Pure: the visits, the do-not-call numbers and the clock come in.

import { dayText, hhmmToMinutes, zonedDate, zonedDateTime, zonedMinute } from '../time/zoned-time.ts';
import { isPatientVisit, type Visit } from '../visits/visits.ts';
import { CALLING_HOURS, type CallListEntry, type ConfirmationCallVariables } from './contract.ts';
import { toE164 } from './phone.ts';

const START = hhmmToMinutes(CALLING_HOURS.start);
const END = hhmmToMinutes(CALLING_HOURS.end);

/** True when `at` is inside calling hours in the zone. */
export function withinCallingHours(at: Date, timeZone: string): boolean {
  const minute = zonedMinute(at, timeZone);
  return minute >= START && minute < END;
}

/** When calling hours end on the day of `at` in the zone (the latest moment a call may start). */
export function callingHoursEnd(at: Date, timeZone: string): Date {
  return zonedDateTime(zonedDate(at, timeZone), END, timeZone).instant;
}

/** The evening call time for a visit date: the day before, at `callAt` (HH:MM) in the clinician's zone. */
export function eveningCallTime(visitDate: string, callAt: string, timeZone: string): Date {
  const [y, m, d] = visitDate.split('-').map(Number) as [number, number, number];
  const dayBefore = new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
  return zonedDateTime(dayBefore, hhmmToMinutes(callAt), timeZone).instant;
}

/**
 * The call list for a day's visits: one entry per timed patient visit, in visit order. A visit is called
 * when it has a usable phone number that is not on the do-not-call list and the call time is inside
 * calling hours in the patient's zone (the visit's zone: home-health patients live where they are seen).
 */
export function buildCallList(input: {
  visits: readonly Visit[];
  timeZone: string;
  callAt: Date;
  doNotCall: ReadonlySet<string>;
}): CallListEntry[] {
  const inHours = withinCallingHours(input.callAt, input.timeZone);
  return input.visits
    .filter(isPatientVisit)
    .sort((a, b) => a.startMinute - b.startMinute || a.id.localeCompare(b.id))
    .map((visit) => {
      const phone = visit.phone ? toE164(visit.phone) : null;
      // A patient on the clinician's list is called only with their consent to automated calls.
      const skip: CallListEntry['skip'] = !phone
        ? 'no-phone'
        : visit.callConsent === false
          ? 'no-consent'
          : input.doNotCall.has(phone)
            ? 'do-not-call'
            : inHours
              ? null
              : 'outside-calling-hours';
      return {
        eventId: visit.id,
        patientName: visit.patient ?? visit.title,
        phone,
        start: new Date(visit.start).toISOString(),
        timeZone: input.timeZone,
        skip,
        movedFrom: visit.movedFrom ?? null,
      };
    });
}

/** Words for a skip reason (status detail, CLI). */
export const SKIP_REASONS: Record<NonNullable<CallListEntry['skip']>, string> = {
  'no-phone': 'no phone number on the visit',
  'no-consent': 'the patient has not agreed to automated calls (patient list)',
  'do-not-call': 'the number is on the do-not-call list',
  'outside-calling-hours': 'outside calling hours (8 am – 9 pm in the patient’s time zone)',
  'not-a-visit': 'not a patient visit',
};

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
 * The variables of one call: only what the patient needs to confirm (minimum necessary information). A visit moved
 * since the patient was told its time says so in the window ("between 10 and 11 AM: a new time, it was between 8 and
 * 9 AM"), so the assistant's opening line tells them.
 */
export function callVariables(input: {
  visit: Pick<Visit, 'patient' | 'title' | 'date' | 'startMinute'> & { movedFromMinute?: number | null };
  clinician: { name: string; discipline?: string | null };
  agencyName: string;
  callbackNumber: string;
  callToken: string;
}): ConfirmationCallVariables {
  const full = (input.visit.patient ?? input.visit.title).trim();
  const firstName = full.split(/\s+/)[0] ?? full;
  const role = input.clinician.discipline ? DISCIPLINE_WORDS[input.clinician.discipline] : undefined;
  return {
    patientFirstName: firstName,
    clinicianName: role ? `${input.clinician.name}, ${role}` : input.clinician.name,
    visitDay: dayText(input.visit.date),
    visitWindow: movedWindowText(input.visit.startMinute, input.visit.movedFromMinute ?? null),
    agencyName: input.agencyName,
    callbackNumber: input.callbackNumber,
    homeroundsCallToken: input.callToken,
  };
}
