// Why an event is (or is not) a visit, in the dashboard's language. core/visits/recognise says its reasons in
// English from a closed set of sentences (some carrying the event's own words in quotes); each is matched to its
// catalog text here, the quoted words kept as they were written. A sentence not in the set is shown as it came.
import type { MessageId } from '../../i18n/catalog.ts';
import type { Translate } from '../../i18n/use-t.ts';

const FIXED: Record<string, MessageId> = {
  'you marked this name as not a patient': 'schedule.reason.markedNotPatient',
  'HomeRounds booked it for a patient': 'schedule.reason.bookedForPatient',
  'an all-day event is not a visit at a time': 'schedule.reason.allDay',
  'no patient named': 'schedule.reason.noPatient',
  'the description names the visit': 'schedule.reason.describesVisit',
  'it names a person but no visit and no home address': 'schedule.reason.personNoVisit',
  'it names no patient and no visit': 'schedule.reason.nothing',
  'the address reads as a home address': 'schedule.reason.homeAddress',
  'the location does not read as a home address': 'schedule.reason.notHomeAddress',
};

/** How the recogniser found the name (names.ts `how`), as the catalog's select key. */
const HOW: Record<string, string> = {
  ' (from the description)': 'description',
  ' (from the location)': 'location',
  ' (Last, First)': 'lastFirst',
};

const CANCELLED = /^“(.+)”: not a visit in person at this time$/;
const MARKS_NOT_VISIT = /^“(.+)” marks it as not a visit$/;
const VISIT_WORDS = /^(“.+”): home-health visit words$/;
const PATIENT_NAME =
  /^“(.+)” reads as the patient's name( \(from the description\)| \(from the location\)| \(Last, First\))?$/;

export function translateVisitReason(t: Translate, reason: string): string {
  const fixed = FIXED[reason];
  if (fixed) return t(fixed);
  let match = CANCELLED.exec(reason);
  if (match?.[1]) return t('schedule.reason.cancelled', { word: match[1] });
  match = MARKS_NOT_VISIT.exec(reason);
  if (match?.[1]) return t('schedule.reason.marksNotVisit', { word: match[1] });
  match = VISIT_WORDS.exec(reason);
  if (match?.[1]) return t('schedule.reason.visitWords', { words: match[1] });
  match = PATIENT_NAME.exec(reason);
  if (match?.[1]) return t('schedule.reason.patientName', { name: match[1], how: HOW[match[2] ?? ''] ?? 'none' });
  return reason;
}
