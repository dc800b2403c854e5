// A calendar day as the assistant reasons about it: patient visits (patient, visit type, address,
// phone, time window, coordinates, notes) told apart from other events (all-day, admin). Most events are
// written by clinicians and agency systems, not by HomeRounds: recognise/ reads the visit and its patient from
// the title as people write it ("OT eval - Rosa Delgado", "SN: Wrona, Tomasz", a name with a home address), and
// says why. HomeRounds' own events keep their facts in private extended properties; the description may add
// "Patient time window: 09:00–12:00" and "Phone: …". Descriptions are untrusted text: notes are plain text,
// tags and scripts removed.
import type { CalendarEvent } from '../calendar/calendar.types.ts';
import { HH_MM, hhmmToMinutes, zonedDate, zonedMinute } from '../time/zoned-time.ts';
import { recogniseEvent } from './recognise/recognise.ts';

export interface Visit {
  id: string;
  title: string;
  /** The patient's name, or null for events that are not patient visits. */
  patient: string | null;
  patientId: string | null;
  visitType: string | null;
  allDay: boolean;
  /** Wall-clock date in the clinician's zone (the start date for all-day events). */
  date: string;
  /** Minutes of the day in the clinician's zone (0 for all-day events). */
  startMinute: number;
  endMinute: number;
  start: string;
  end: string;
  address: string | null;
  phone: string | null;
  window: { start: number; end: number } | null;
  coords: { lat: number; lon: number } | null;
  /** The place was located from the address only approximately (a ZIP code's centre). */
  approximatePlace?: boolean;
  /** The description as plain text, without the lines HomeRounds writes (window, length, phone). */
  notes: string;
  bookedBy: string | null;
  /** Why the event is (or is not) taken for a patient visit, in the clinician's words. */
  reasons: string[];
  /**
   * Whether the patient agreed to automated calls, from the patient list: null when the visit's patient is not on
   * the list (the calendar alone says nothing about consent).
   */
  callConsent: boolean | null;
  /**
   * The start the patient was last told (ISO instant) when "Use this order" moved the visit since: the evening
   * confirmation call tells them the new time. Null when the visit is at the time they know.
   */
  movedFrom: string | null;
}

/**
 * Read from the clinician's patient list (core/patients/apply.ts), never written to the calendar: the event names
 * someone the clinician marked "not a patient" (a correction, remembered), or the list's record of its patient.
 */
export const NOT_PATIENT_PROPERTY = 'homeroundsNotPatient';
export const PATIENT_RECORD_PROPERTY = 'homeroundsPatientRecord';
/** The list's phone for the patient (it wins over a phone line in the description) and their consent to calls. */
export const PATIENT_PHONE_PROPERTY = 'homeroundsPatientPhone';
export const CALL_CONSENT_PROPERTY = 'homeroundsCallConsent';

/** The private property "Use this order" writes with a move: the start the patient was last told (RFC 3339). */
export const MOVED_FROM_PROPERTY = 'homeroundsMovedFrom';

function consentOf(event: CalendarEvent): boolean | null {
  const consent = event.properties?.[CALL_CONSENT_PROPERTY];
  return consent === 'true' ? true : consent === 'false' ? false : null;
}

/** The moved-from start when it differs from the event's start (an Undo puts the two back in step). */
function movedFromOf(event: CalendarEvent): string | null {
  const from = Date.parse(event.properties?.[MOVED_FROM_PROPERTY] ?? '');
  if (event.allDay || Number.isNaN(from) || from === Date.parse(event.start)) return null;
  return new Date(from).toISOString();
}

const TITLE_SEPARATOR = /\s+[—–-]\s+/;
const WINDOW_LINE = /patient time window:\s*(\d{1,2}:\d{2})\s*[–-]\s*(\d{1,2}:\d{2})/i;
const PHONE_LINE = /phone:\s*([+()\d][\d\s().+-]{6,20}\d)/i;
const FACT_LINES = /^(patient time window|visit length|phone):/i;

/** Untrusted HTML → plain text: scripts and styles dropped with their contents, tags removed, entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|\/p|\/div|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function windowOf(event: CalendarEvent, text: string): { start: number; end: number } | null {
  const from = event.properties?.windowStart;
  const to = event.properties?.windowEnd;
  if (from && to && HH_MM.test(from) && HH_MM.test(to)) return { start: hhmmToMinutes(from), end: hhmmToMinutes(to) };
  const line = WINDOW_LINE.exec(text);
  if (line?.[1] && line[2] && HH_MM.test(line[1]) && HH_MM.test(line[2])) {
    return { start: hhmmToMinutes(line[1]), end: hhmmToMinutes(line[2]) };
  }
  return null;
}

function coordsOf(event: CalendarEvent): { lat: number; lon: number } | null {
  const lat = Number(event.properties?.lat);
  const lon = Number(event.properties?.lng ?? event.properties?.lon);
  if (!event.properties?.lat || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return { lat, lon };
}

export function toVisit(event: CalendarEvent, timeZone: string): Visit {
  const text = plainText(event.description ?? '');
  const patientId = event.properties?.homeroundsPatientId ?? null;
  const recognised = recogniseEvent({
    title: event.title,
    location: event.location ?? null,
    description: text,
    allDay: event.allDay,
  });
  // The product's own events are visits whatever their title says; the rest are visits when recognised as such,
  // unless the clinician said the person named is not a patient.
  const corrected = event.properties?.[NOT_PATIENT_PROPERTY] === 'true';
  const patient =
    !corrected && (recognised.visit || patientId) ? (recognised.patient ?? (patientId ? event.title : null)) : null;
  const parts = event.title.split(TITLE_SEPARATOR);
  const named = parts.length > 1 ? (parts.at(-1) as string).trim() : null;
  const visitType =
    named !== null && patient === named
      ? parts.slice(0, -1).join(' — ').trim()
      : [recognised.discipline, recognised.visitType].filter(Boolean).join(' ') || null;
  const reasons = corrected
    ? ['you marked this name as not a patient']
    : patientId
      ? ['HomeRounds booked it for a patient', ...recognised.reasons]
      : recognised.reasons;
  const start = event.allDay ? null : new Date(event.start);
  const end = event.allDay ? null : new Date(event.end);
  return {
    id: event.id,
    title: event.title,
    patient: event.allDay ? null : patient,
    patientId,
    visitType,
    allDay: event.allDay,
    date: start ? zonedDate(start, timeZone) : event.start.slice(0, 10),
    startMinute: start ? zonedMinute(start, timeZone) : 0,
    endMinute: end ? zonedMinute(end, timeZone) || (end.getTime() > (start?.getTime() ?? 0) ? 24 * 60 : 0) : 24 * 60,
    start: event.start,
    end: event.end,
    address: event.location?.trim() || recognised.address,
    phone: event.properties?.[PATIENT_PHONE_PROPERTY] ?? PHONE_LINE.exec(text)?.[1]?.trim() ?? null,
    window: windowOf(event, text),
    coords: coordsOf(event),
    notes: text
      .split('\n')
      .filter((line) => !FACT_LINES.test(line))
      .join('\n'),
    bookedBy: event.properties?.bookedBy ?? null,
    reasons,
    movedFrom: movedFromOf(event),
    callConsent: consentOf(event),
  };
}

/** Patient visits (timed, with a patient) first; the rest are "other events". */
export function isPatientVisit(visit: Visit): boolean {
  return !visit.allDay && visit.patient !== null;
}

export function durationMinutes(visit: Visit): number {
  return Math.round((Date.parse(visit.end) - Date.parse(visit.start)) / 60_000);
}

// ─── Matching a patient the clinician named ──────────────────────────────────────────────────────────

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9' ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Patients whose name matches what was said: the full name, else the last name, else the first name.
 * More than one distinct patient means the clinician must say which.
 */
export function matchPatients(query: string, names: readonly string[]): string[] {
  const q = fold(query).replace(/'s$/, '');
  if (!q) return [];
  const unique = [...new Set(names)];
  const full = unique.filter((n) => fold(n) === q);
  if (full.length) return full;
  const contains = unique.filter((n) => ` ${fold(n)} `.includes(` ${q} `));
  if (contains.length) return contains;
  const words = q.split(' ').filter((w) => w.length >= 3);
  return unique.filter((n) => {
    const nameWords = fold(n).split(' ');
    return words.length > 0 && words.every((w) => nameWords.includes(w));
  });
}
