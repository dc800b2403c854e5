// The local assistant's "brain": understands the six example phrases of the assistant panel and their
// everyday variants, and answers from the signed-in clinician's calendar with real names, times and
// addresses. Intents are matched with keywords and regular expressions; dates ("tomorrow", weekday
// names, "December 3") and times ("10 am", "14:30", "afternoon") are parsed against the clinician's
// time zone (America/Chicago). Writes (a booking, a move, a travel block) are only proposed; they
// happen after the clinician says yes. Administrative only: no medical advice, emergencies go to 911.
// Pure apart from the injected calendar: unit-testable with a fake one.
import type { CalendarEvent } from '../../core/calendar/calendar.types.ts';
import { estimateMinutes, type RouteReport, routeOptimize, visitsFromCalendar } from '../../core/routing/index.ts';
import { addDays, chicagoDate, chicagoDateTime, SEED_TIME_ZONE, weekday } from '../../fixtures/time.ts';

/** A patient of the clinician (name, address and coordinates for travel estimates). */
export interface PatientRecord {
  id: string;
  fullName: string;
  address: string;
  lat: number;
  lng: number;
}

/** An event the assistant writes: Chicago wall-clock RFC 3339 times. */
export interface NewEvent {
  summary: string;
  description: string;
  location?: string;
  start: string;
  end: string;
  properties: Record<string, string>;
}

/** The clinician's calendar as the assistant may use it (its own write access, not the clinician's). */
export interface AssistantCalendar {
  /** Events overlapping [from, to) (instants), cancelled ones excluded, by start. */
  listEvents(from: Date, to: Date): Promise<CalendarEvent[]>;
  insertEvent(event: NewEvent): Promise<CalendarEvent>;
  moveEvent(id: string, start: string, end: string): Promise<CalendarEvent>;
  patients(): Promise<PatientRecord[]>;
}

export type PendingAction =
  | { kind: 'book'; event: NewEvent; summary: string }
  | { kind: 'move'; eventId: string; start: string; end: string; summary: string }
  | { kind: 'travel-block'; event: NewEvent; summary: string };

export interface ConversationState {
  /** A write waiting for the clinician's yes. */
  pending: PendingAction | null;
}

export const INITIAL_STATE: ConversationState = { pending: null };

export type Intent =
  | 'emergency'
  | 'medical'
  | 'confirm'
  | 'decline'
  | 'appointments'
  | 'book'
  | 'reschedule'
  | 'route'
  | 'travel'
  | 'greeting'
  | 'help'
  | 'unknown';

export interface BrainInput {
  text: string;
  now: Date;
  /** null when the caller is not a signed-in clinician. */
  calendar: AssistantCalendar | null;
  state: ConversationState;
}

export interface BrainReply {
  reply: string;
  intent: Intent;
  state: ConversationState;
}

export const TIME_ZONE = SEED_TIME_ZONE;
/** The working day the assistant books in (minutes of the day). */
export const WORK_START = 8 * 60;
export const WORK_END = 18 * 60;
export const SLOT_STEP_MINUTES = 15;
/** Travel assumed to or from a place without coordinates (a new patient's address is not known yet). */
export const UNKNOWN_TRAVEL_MINUTES = 20;
export const NEW_PATIENT_VISIT_MINUTES = 60;
export const FOLLOW_UP_VISIT_MINUTES = 45;

export const HELP_TEXT =
  'I can help with your calendar: your appointments for a day ("What are my appointments tomorrow?"), ' +
  'scheduling a home visit ("Schedule a home visit with a new patient on Friday at 10 am"), rescheduling a ' +
  'therapy session ("Reschedule my therapy session to Thursday afternoon"), optimising a day\'s route ' +
  '("Optimize my route for tomorrow"), the best order for a day\'s patients, and travel time between two visits.';
export const NOT_UNDERSTOOD_TEXT = `Sorry, I didn't understand that. ${HELP_TEXT}`;
export const MEDICAL_TEXT =
  "I can't give medical advice: I'm an administrative scheduling assistant. Please check the care plan, the " +
  "prescriber or the patient's physician for questions about medications, doses or symptoms. I can help with " +
  'your visits, route and calendar.';
export const EMERGENCY_TEXT =
  'If this is an emergency, call 911 (emergency services) right now. I am a scheduling assistant and cannot ' +
  'help in an emergency.';
export const SIGN_IN_TEXT =
  'I need to know who you are to read your calendar: please sign in to HomeRounds and try again.';

// ─── Intents ──────────────────────────────────────────────────────────────────────────────────────────

const EMERGENCY =
  /\b(911|emergenc\w*|chest pains?|not breathing|can'?t breathe|cannot breathe|unconscious|unresponsive|stroke|heart attack|bleeding (heavily|badly|a lot)|overdos\w*|suicid\w*|choking|seizure|collapsed)\b/i;
const MEDICAL =
  /\b(dose|doses|dosage|dosing|mg|milligrams?|side[- ]effects?|symptoms?|diagnos\w*|prescri\w*|medications?|medicines?|drugs?|pills?|insulin|antibiotics?|interact\w*|treat(ment)? for|should (i|he|she|they|the patient) (take|stop|start|increase|decrease|give))\b/i;
const YES =
  /^(yes|yeah|yep|yup|sure|ok(ay)?|confirm(ed)?|please do|do it|go ahead|book it|sounds good|that works|correct|absolutely)\b/i;
const NO = /^(no|nope|nah|cancel|don'?t|do not|stop|never ?mind|not now)\b/i;
const TRAVEL =
  /\b(travel(ling|ing)? time|travel between|drive time|driving time|how (long|far)\b.*\b(drive|get|from|between)|between my\b.*\b(visits?|appointments?))\b/i;
const ROUTE =
  /\b(optimi[sz]e|optimi[sz]ation|best order|best route|most efficient|shortest route|plan my route|my route|order for)\b/i;
const RESCHEDULE = /\b(re-?schedul\w*|move|push back|postpone|change the time|shift)\b/i;
const BOOK =
  /\b((schedule|book|add|set up|arrange|make|put in)\s+(me\s+)?(a|an|another|one)\b|new patient|book\b.*\b(visit|appointment))/i;
const APPOINTMENTS = /\b(appointments?|visits?|schedule|agenda|calendar|who am i seeing|what('?s| is) on|patients)\b/i;
const GREETING = /^(hi|hello|hey|good (morning|afternoon|evening))\b[\s!.,]*$/i;
const HELP = /\b(help|what can you do|how do(es)? (this|it) work)\b/i;

/** The intent of what the clinician said; `pending` makes yes/no meaningful. */
export function detectIntent(text: string, pending = false): Intent {
  const t = normalise(text);
  if (EMERGENCY.test(t)) return 'emergency';
  // "Medication review" is a visit type, not a medical question.
  if (MEDICAL.test(t.replace(/\bmedication reviews?\b/gi, 'visit'))) return 'medical';
  if (pending && YES.test(t)) return 'confirm';
  if (pending && NO.test(t)) return 'decline';
  if (TRAVEL.test(t)) return 'travel';
  if (ROUTE.test(t)) return 'route';
  if (RESCHEDULE.test(t)) return 'reschedule';
  if (BOOK.test(t)) return 'book';
  if (APPOINTMENTS.test(t)) return 'appointments';
  if (GREETING.test(t)) return 'greeting';
  if (HELP.test(t)) return 'help';
  return 'unknown';
}

function normalise(text: string): string {
  return text.replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}

// ─── Dates and times ──────────────────────────────────────────────────────────────────────────────────

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The day a text refers to (YYYY-MM-DD in the clinician's time zone), or null. */
export function parseDay(text: string, today: string): string | null {
  const t = normalise(text).toLowerCase();
  if (/\bday after tomorrow\b/.test(t)) return addDays(today, 2);
  if (/\b(tomorrow|tmrw|tomorrow's)\b/.test(t)) return addDays(today, 1);
  if (/\b(today|today's|tonight|this (morning|afternoon|evening))\b/.test(t)) return today;
  const iso = /\b(\d{4}-\d{2}-\d{2})\b/.exec(t);
  if (iso?.[1]) return iso[1];
  const monthDay = /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(st|nd|rd|th)?\b/.exec(
    t,
  );
  if (monthDay?.[1] && monthDay[2])
    return nextDate(today, MONTHS.indexOf(monthDay[1].slice(0, 3)) + 1, Number(monthDay[2]));
  const numeric = /\b(\d{1,2})\/(\d{1,2})\b/.exec(t);
  if (numeric?.[1] && numeric[2]) return nextDate(today, Number(numeric[1]), Number(numeric[2]));
  for (let index = 0; index < WEEKDAYS.length; index++) {
    const name = WEEKDAYS[index] as string;
    const match = new RegExp(`\\b(next |this )?(${name}|${name.slice(0, 3)})('s|s)?\\b`).exec(t);
    if (!match) continue;
    let ahead = (index - weekday(today) + 7) % 7;
    if (ahead === 0) ahead = 7;
    return addDays(today, ahead);
  }
  return null;
}

function nextDate(today: string, month: number, day: number): string | null {
  if (!(month >= 1 && month <= 12 && day >= 1 && day <= 31)) return null;
  const year = Number(today.slice(0, 4));
  const pad = (n: number) => String(n).padStart(2, '0');
  const candidate = `${year}-${pad(month)}-${pad(day)}`;
  return candidate < today ? `${year + 1}-${pad(month)}-${pad(day)}` : candidate;
}

export type PartOfDay = 'morning' | 'afternoon' | 'evening';
export const PARTS_OF_DAY: Record<PartOfDay, { start: number; end: number }> = {
  morning: { start: 8 * 60, end: 12 * 60 },
  afternoon: { start: 12 * 60, end: 17 * 60 },
  evening: { start: 17 * 60, end: 19 * 60 },
};

/** Every clock time in a text, as minutes of the day, in order ("9 am", "10:30 pm", "at 14:00", "noon"). */
export function parseTimes(text: string): number[] {
  const t = normalise(text).toLowerCase();
  const found: Array<{ at: number; minutes: number }> = [];
  const ampm = /\b(\d{1,2})(?::(\d{2}))?\s*(a\.?m\.?|p\.?m\.?)(?=\W|$)/g;
  for (const m of t.matchAll(ampm)) {
    let hour = Number(m[1]) % 12;
    if ((m[3] ?? '').startsWith('p')) hour += 12;
    const minute = Number(m[2] ?? 0);
    if (hour < 24 && minute < 60) found.push({ at: m.index ?? 0, minutes: hour * 60 + minute });
  }
  const clock =
    /\b(?:at|from|to|until|and)\s+(\d{1,2})(?::(\d{2}))?\b(?![:\d]|\s*(?:a\.?m|p\.?m|minutes?|mins?|hours?|\/|st|nd|rd|th))/g;
  for (const m of t.matchAll(clock)) {
    let hour = Number(m[1]);
    const minute = Number(m[2] ?? 0);
    if (!m[2] && hour >= 1 && hour <= 6) hour += 12;
    if (hour < 24 && minute < 60) found.push({ at: m.index ?? 0, minutes: hour * 60 + minute });
  }
  for (const m of t.matchAll(/\bnoon\b/g)) found.push({ at: m.index ?? 0, minutes: 12 * 60 });
  return found.sort((a, b) => a.at - b.at).map((f) => f.minutes);
}

export function parsePartOfDay(text: string): PartOfDay | null {
  const m = /\b(morning|afternoon|evening)\b/i.exec(text);
  return m ? (m[1]?.toLowerCase() as PartOfDay) : null;
}

/** "for 30 minutes", "45 min", "an hour", "1.5 hours" → minutes. */
export function parseDuration(text: string): number | null {
  const t = text.toLowerCase();
  const mins = /\b(\d{2,3})\s*(minutes?|mins?)\b/.exec(t);
  if (mins) return Number(mins[1]);
  const hours = /\b(\d(?:\.\d)?)\s*hours?\b/.exec(t);
  if (hours) return Math.round(Number(hours[1]) * 60);
  if (/\b(an|one) hour\b/.test(t)) return 60;
  if (/\bhalf an hour\b/.test(t)) return 30;
  return null;
}

const clockFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const minuteParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** 9:00 AM */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function formatClock(iso: string): string {
  return clockFormat.format(new Date(iso));
}

/** Minutes of the day in the clinician's time zone. */
export function minuteOfDay(iso: string): number {
  const parts = minuteParts.formatToParts(new Date(iso));
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return hour * 60 + minute;
}

/** "Tuesday, December 1" */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** "tomorrow, Tuesday, December 1" / "today, …" / "Tuesday, December 1". */
export function describeDay(date: string, today: string): string {
  if (date === today) return `today, ${formatDay(date)}`;
  if (date === addDays(today, 1)) return `tomorrow, ${formatDay(date)}`;
  return formatDay(date);
}

/** "tomorrow, Tuesday, December 1" or "on Tuesday, December 1". */
export function onDay(day: string): string {
  return day.startsWith('today') || day.startsWith('tomorrow') ? day : `on ${day}`;
}

function hhmmToMinutes(value: string): number {
  const [h, m] = value.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

// ─── Calendar helpers ─────────────────────────────────────────────────────────────────────────────────

/** "PT follow-up — Jane Doe" → "Jane Doe"; other titles as they are. */
export function patientName(event: CalendarEvent): string {
  const parts = event.title.split(/\s+[—–-]\s+/);
  return parts.length > 1 ? (parts.at(-1) as string).trim() : event.title;
}

function coordsOf(event: CalendarEvent): { lat: number; lon: number } | null {
  const lat = Number(event.properties?.lat);
  const lon = Number(event.properties?.lng ?? event.properties?.lon);
  return event.properties?.lat && Number.isFinite(lat) && Number.isFinite(lon) ? { lat, lon } : null;
}

function travelMinutes(a: { lat: number; lon: number } | null, b: { lat: number; lon: number } | null): number {
  if (!a || !b) return UNKNOWN_TRAVEL_MINUTES;
  return Math.ceil(estimateMinutes(a, b));
}

function dayBounds(date: string): { from: Date; to: Date } {
  return { from: chicagoDateTime(date, 0).instant, to: chicagoDateTime(addDays(date, 1), 0).instant };
}

async function eventsOn(calendar: AssistantCalendar, date: string): Promise<CalendarEvent[]> {
  const { from, to } = dayBounds(date);
  const events = await calendar.listEvents(from, to);
  return events.filter((e) => e.allDay || chicagoDate(new Date(e.start)) === date);
}

function timedEvents(events: CalendarEvent[]): CalendarEvent[] {
  return events.filter((e) => !e.allDay).sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
}

function describeEvent(event: CalendarEvent): string {
  if (event.allDay) return `All day: ${event.title}${event.location ? `, ${event.location}` : ''}`;
  const when = `${formatClock(event.start)}–${formatClock(event.end)}`;
  return `${when} ${event.title}${event.location ? `, ${event.location}` : ''}`;
}

interface Neighbour {
  event: CalendarEvent;
  travel: number;
}

export interface Slot {
  start: number;
  before: Neighbour | null;
  after: Neighbour | null;
}

/**
 * The free start (minutes of the day) closest to `preferred` (or the earliest in `range`) for a visit of
 * `duration` at `coords`, leaving the estimated drive to and from the visits around it.
 */
export function findSlot(options: {
  events: CalendarEvent[];
  duration: number;
  coords: { lat: number; lon: number } | null;
  preferred: number | null;
  range: { start: number; end: number };
  /** No start before this minute (now, when the day is today). */
  notBefore?: number;
}): Slot | null {
  const { duration, coords, preferred, range } = options;
  const timed = timedEvents(options.events).map((event) => ({
    event,
    start: minuteOfDay(event.start),
    end: minuteOfDay(event.start) + Math.round((Date.parse(event.end) - Date.parse(event.start)) / 60_000),
    coords: coordsOf(event),
  }));
  const travel = (other: { coords: { lat: number; lon: number } | null }) =>
    other.coords ? travelMinutes(coords, other.coords) : 0;
  const fits = (start: number): Slot | null => {
    if (start < (options.notBefore ?? 0)) return null;
    const end = start + duration;
    let before: Neighbour | null = null;
    let after: Neighbour | null = null;
    for (const other of timed) {
      if (other.start < end && other.end > start) return null;
      const t = travel(other);
      if (other.end <= start) {
        if (other.end + t > start) return null;
        if (!before || other.end > minuteOfDay(before.event.end)) before = { event: other.event, travel: t };
      } else {
        if (end + t > other.start) return null;
        if (!after || other.start < minuteOfDay(after.event.start)) after = { event: other.event, travel: t };
      }
    }
    return { start, before, after };
  };
  const candidates: number[] = [];
  const last = range.end - duration;
  if (preferred !== null) {
    candidates.push(preferred);
    for (let k = 1; k <= (24 * 60) / SLOT_STEP_MINUTES; k++) {
      for (const c of [preferred + k * SLOT_STEP_MINUTES, preferred - k * SLOT_STEP_MINUTES]) {
        if (c >= range.start && c <= last) candidates.push(c);
      }
    }
  } else {
    for (let c = range.start; c <= last; c += SLOT_STEP_MINUTES) candidates.push(c);
  }
  for (const c of candidates) {
    const slot = fits(c);
    if (slot) return slot;
  }
  return null;
}

function rfc(date: string, minutes: number): string {
  return chicagoDateTime(date, minutes).rfc3339;
}

function slotExplanation(slot: Slot): string {
  const parts: string[] = [];
  if (slot.before) {
    parts.push(
      `${slot.before.travel} min to drive from ${patientName(slot.before.event)} (ends ${formatClock(slot.before.event.end)})`,
    );
  }
  if (slot.after) {
    parts.push(
      `${slot.after.travel} min to reach ${patientName(slot.after.event)} (starts ${formatClock(slot.after.event.start)})`,
    );
  }
  return parts.length ? ` It leaves ${parts.join(' and ')}.` : ' Your day is free around it.';
}

// ─── Patients mentioned ───────────────────────────────────────────────────────────────────────────────

interface NamedPlace {
  name: string;
  address?: string;
  coords: { lat: number; lon: number } | null;
  patientId?: string;
}

/** Known patients named in the text, in the order they are mentioned (full name, or a unique last name). */
function mentionedPatients(text: string, patients: PatientRecord[]): PatientRecord[] {
  const lower = normalise(text).toLowerCase();
  const hits: Array<{ at: number; patient: PatientRecord }> = [];
  for (const patient of patients) {
    const full = patient.fullName.toLowerCase();
    let at = lower.indexOf(full);
    if (at < 0) {
      const last = full.split(' ').at(-1) as string;
      const sameLast = patients.filter((p) => p.fullName.toLowerCase().split(' ').at(-1) === last);
      const m = new RegExp(`\\b${escapeRegex(last)}\\b`).exec(lower);
      if (sameLast.length === 1 && last.length > 2 && m) at = m.index;
    }
    if (at >= 0) hits.push({ at, patient });
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.patient);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Patients from the directory, plus anyone named on the upcoming calendar (for calendars without a directory). */
async function knownPatients(calendar: AssistantCalendar, upcoming: CalendarEvent[]): Promise<PatientRecord[]> {
  const directory = await calendar.patients();
  const names = new Set(directory.map((p) => p.fullName.toLowerCase()));
  const extra: PatientRecord[] = [];
  for (const event of upcoming) {
    const coords = coordsOf(event);
    const name = patientName(event);
    if (!coords || name === event.title || names.has(name.toLowerCase())) continue;
    names.add(name.toLowerCase());
    extra.push({
      id: event.properties?.homeroundsPatientId ?? event.id,
      fullName: name,
      address: event.location ?? '',
      lat: coords.lat,
      lng: coords.lon,
    });
  }
  return [...directory, ...extra];
}

// ─── The conversation ─────────────────────────────────────────────────────────────────────────────────

export async function respond(input: BrainInput): Promise<BrainReply> {
  const pending = input.state.pending;
  const intent = detectIntent(input.text, pending !== null);
  const keep = (reply: string, next: ConversationState = { pending: null }): BrainReply => ({
    reply,
    intent,
    state: next,
  });
  switch (intent) {
    case 'emergency':
      return keep(EMERGENCY_TEXT);
    case 'medical':
      return keep(MEDICAL_TEXT);
    case 'greeting':
      return keep(`Hello! ${HELP_TEXT}`);
    case 'help':
      return keep(HELP_TEXT);
    case 'unknown':
      return keep(NOT_UNDERSTOOD_TEXT, input.state);
    case 'decline':
      return keep('Okay, I have not changed your calendar. Anything else?');
    default:
      break;
  }
  const calendar = input.calendar;
  if (!calendar) return keep(SIGN_IN_TEXT);
  const today = chicagoDate(input.now);
  if (intent === 'confirm' && pending) return keep(await perform(calendar, pending));
  if (intent === 'appointments') return keep(await appointments(calendar, input.text, today));
  if (intent === 'route') return keep(await route(calendar, input.text, today));
  if (intent === 'book') return propose(await book(calendar, input.text, today, input.now), intent);
  if (intent === 'reschedule') return propose(await reschedule(calendar, input.text, today, input.now), intent);
  return propose(await travel(calendar, input.text, today), intent);
}

function propose(result: { reply: string; pending: PendingAction | null }, intent: Intent): BrainReply {
  return { reply: result.reply, intent, state: { pending: result.pending } };
}

async function perform(calendar: AssistantCalendar, action: PendingAction): Promise<string> {
  if (action.kind === 'move') {
    await calendar.moveEvent(action.eventId, action.start, action.end);
    return `Done: ${action.summary}. Press Refresh on your schedule to see it.`;
  }
  await calendar.insertEvent(action.event);
  return `Done: ${action.summary}. Press Refresh on your schedule to see it.`;
}

async function appointments(calendar: AssistantCalendar, text: string, today: string): Promise<string> {
  const date = parseDay(text, today) ?? today;
  const events = await eventsOn(calendar, date);
  const day = describeDay(date, today);
  if (events.length === 0) return `You have no appointments ${onDay(day)}.`;
  const sorted = [...events.filter((e) => e.allDay), ...timedEvents(events)];
  const visits = sorted.filter((e) => !e.allDay).length;
  const lines = sorted.map((e, i) => `${i + 1}. ${describeEvent(e)}`);
  const count = `${visits} appointment${visits === 1 ? '' : 's'}`;
  return `You have ${count} ${onDay(day)}:\n${lines.join('\n')}`;
}

function routeDay(text: string, today: string): string {
  return parseDay(text, today) ?? addDays(today, 1);
}

export async function routeReport(calendar: AssistantCalendar, date: string): Promise<RouteReport | string> {
  const events = await eventsOn(calendar, date);
  const { visits } = visitsFromCalendar(timedEvents(events), date);
  if (visits.length < 2) return `You have ${visits.length} home visit${visits.length === 1 ? '' : 's'}`;
  return routeOptimize({ date, visits, timeLimitMs: 500 });
}

async function route(calendar: AssistantCalendar, text: string, today: string): Promise<string> {
  const date = routeDay(text, today);
  const day = describeDay(date, today);
  const report = await routeReport(calendar, date);
  if (typeof report === 'string') return `${report} ${onDay(day)}, so there is nothing to reorder.`;
  const order = report.optimized.stops
    .map((s, i) => `${i + 1}. ${patientNameOf(s.title)} at ${formatMinutes(hhmmToMinutes(s.start))}`)
    .join('\n');
  const before = Math.round(report.travelBeforeMinutes);
  const after = Math.round(report.travelAfterMinutes);
  const saved = Math.round(report.savedMinutes);
  if (saved < 1) {
    const sameOrder = report.optimized.order.join() === report.calendar.order.join();
    const calendarOrder = report.calendar.stops
      .map((s, i) => `${i + 1}. ${patientNameOf(s.title)} at ${formatMinutes(hhmmToMinutes(s.start))}`)
      .join('\n');
    return sameOrder
      ? `Your calendar order for ${day} is already the best: about ${after} min of driving for ${report.optimized.stops.length} visits.\n${order}`
      : `Reordering ${day} would save less than a minute of driving (about ${before} min either way), so keep your calendar order:\n${calendarOrder}`;
  }
  const changes = report.changes.length ? `\n${report.changes.map((c) => `- ${c}`).join('\n')}` : '';
  return (
    `Best order for ${day} (${report.optimized.stops.length} visits):\n${order}\n` +
    `Driving drops from about ${before} to ${after} min: you save ${saved} min (${Math.round(report.savedPercent)}%).${changes}\n` +
    'Your calendar is unchanged; move the visits if the new order suits your patients.'
  );
}

function patientNameOf(title: string): string {
  const parts = title.split(/\s+[—–-]\s+/);
  return parts.length > 1 ? `${(parts.at(-1) as string).trim()} (${(parts[0] as string).trim()})` : title;
}

function notBefore(date: string, today: string, now: Date): number | undefined {
  if (date !== today) return undefined;
  return Math.ceil((minuteOfDay(now.toISOString()) + 15) / SLOT_STEP_MINUTES) * SLOT_STEP_MINUTES;
}

function rangeFor(text: string, preferred: number | null): { start: number; end: number } {
  const part = parsePartOfDay(text);
  if (part && preferred === null) return PARTS_OF_DAY[part];
  return { start: WORK_START, end: WORK_END };
}

async function book(
  calendar: AssistantCalendar,
  text: string,
  today: string,
  now: Date,
): Promise<{ reply: string; pending: PendingAction | null }> {
  const date = parseDay(text, today) ?? addDays(today, 1);
  if (date < today) return { reply: `${formatDay(date)} is in the past. Which day would you like?`, pending: null };
  const upcoming = await calendar.listEvents(
    chicagoDateTime(today, 0).instant,
    chicagoDateTime(addDays(today, 31), 0).instant,
  );
  const patient = /\bnew patient\b/i.test(text)
    ? undefined
    : mentionedPatients(text, await knownPatients(calendar, upcoming))[0];
  const place: NamedPlace = patient
    ? {
        name: patient.fullName,
        address: patient.address,
        coords: { lat: patient.lat, lon: patient.lng },
        patientId: patient.id,
      }
    : { name: 'New patient', coords: null };
  const duration = parseDuration(text) ?? (patient ? FOLLOW_UP_VISIT_MINUTES : NEW_PATIENT_VISIT_MINUTES);
  const preferred = parseTimes(text)[0] ?? null;
  const events = await eventsOn(calendar, date);
  const slot = findSlot({
    events,
    duration,
    coords: place.coords,
    preferred,
    range: rangeFor(text, preferred),
    notBefore: notBefore(date, today, now),
  });
  const day = describeDay(date, today);
  if (!slot) {
    return {
      reply: `I couldn't find ${duration} free minutes ${onDay(day)} that also leave time to drive between visits. Would another day work?`,
      pending: null,
    };
  }
  const who = patient ? patient.fullName : 'a new patient';
  const when = `${onDay(day)} at ${formatMinutes(slot.start)}`;
  const summary = `Home visit — ${place.name}`;
  const properties: Record<string, string> = { durationMinutes: String(duration), bookedBy: 'homerounds-assistant' };
  if (place.coords) {
    properties.lat = String(place.coords.lat);
    properties.lng = String(place.coords.lon);
  }
  if (place.patientId) properties.homeroundsPatientId = place.patientId;
  const event: NewEvent = {
    summary,
    description: patient
      ? `Booked by the HomeRounds assistant.\nVisit length: ${duration} min`
      : `Booked by the HomeRounds assistant for a new patient: add the address and phone.\nVisit length: ${duration} min`,
    start: rfc(date, slot.start),
    end: rfc(date, slot.start + duration),
    properties,
  };
  if (place.address) event.location = place.address;
  const moved =
    preferred !== null && slot.start !== preferred
      ? `${formatMinutes(preferred)} doesn't leave enough time around your other visits. The closest time that fits, with travel, is ${formatMinutes(slot.start)}. `
      : '';
  const address = place.address ? ` at ${place.address}` : '';
  return {
    reply: `${moved}Shall I book a ${duration}-minute home visit with ${who}${address} ${when}?${slotExplanation(slot)} Say yes to confirm.`,
    pending: { kind: 'book', event, summary: `${summary} booked ${when}` },
  };
}

const THERAPY = /\b(therapy|therapist|pt|ot|slp|physical|occupational|speech|gait|adl|rehab|cognitive|session)\b/i;

async function reschedule(
  calendar: AssistantCalendar,
  text: string,
  today: string,
  now: Date,
): Promise<{ reply: string; pending: PendingAction | null }> {
  const upcoming = timedEvents(await calendar.listEvents(now, chicagoDateTime(addDays(today, 31), 0).instant)).filter(
    (e) => Date.parse(e.start) > now.getTime(),
  );
  const named = mentionedPatients(text, await knownPatients(calendar, upcoming));
  const target = named.length
    ? upcoming.find((e) => named.some((p) => patientName(e).toLowerCase() === p.fullName.toLowerCase()))
    : (upcoming.find((e) => THERAPY.test(e.title)) ?? null);
  if (!target) {
    return {
      reply: named.length
        ? `I couldn't find an upcoming visit with ${named[0]?.fullName}.`
        : "I couldn't find an upcoming therapy session on your calendar.",
      pending: null,
    };
  }
  const originalDate = chicagoDate(new Date(target.start));
  const date = parseDay(text, today) ?? addDays(originalDate, 1);
  const duration = Math.round((Date.parse(target.end) - Date.parse(target.start)) / 60_000);
  const preferred = parseTimes(text)[0] ?? null;
  const events = (await eventsOn(calendar, date)).filter((e) => e.id !== target.id);
  const slot = findSlot({
    events,
    duration,
    coords: coordsOf(target),
    preferred,
    range: rangeFor(text, preferred),
    notBefore: notBefore(date, today, now),
  });
  const from = `${onDay(describeDay(originalDate, today))} at ${formatClock(target.start)}`;
  const day = describeDay(date, today);
  if (!slot) {
    return {
      reply: `Your next session is ${target.title} ${from}, but I couldn't find a free time ${onDay(day)} that fits it with travel. Would another day work?`,
      pending: null,
    };
  }
  const when = `${day} at ${formatMinutes(slot.start)}`;
  return {
    reply: `Your next session is ${target.title} ${from}. Shall I move it to ${when}?${slotExplanation(slot)} Say yes to confirm.`,
    pending: {
      kind: 'move',
      eventId: target.id,
      start: rfc(date, slot.start),
      end: rfc(date, slot.start + duration),
      summary: `${target.title} moved to ${when}`,
    },
  };
}

async function travel(
  calendar: AssistantCalendar,
  text: string,
  today: string,
): Promise<{ reply: string; pending: PendingAction | null }> {
  const explicitDay = parseDay(text, today);
  const times = parseTimes(text);
  let pair: [CalendarEvent, CalendarEvent] | null = null;
  let date = explicitDay ?? today;
  const days = explicitDay ? [explicitDay] : [today, addDays(today, 1), addDays(today, 2), addDays(today, 3)];
  for (const day of days) {
    const visits = timedEvents(await eventsOn(calendar, day)).filter((e) => coordsOf(e));
    pair = pickPair(text, times, visits, await calendar.patients());
    if (pair) {
      date = day;
      break;
    }
  }
  if (!pair) {
    return {
      reply:
        times.length >= 2
          ? `I couldn't find visits at ${times.map(formatMinutes).join(' and ')} ${onDay(describeDay(date, today))}.`
          : 'Which two visits? Say for example "travel time between my 9 am and 11 am visits" or name the two patients.',
      pending: null,
    };
  }
  const [first, second] = pair;
  const minutes = travelMinutes(coordsOf(first), coordsOf(second));
  const gap = Math.round((Date.parse(second.start) - Date.parse(first.end)) / 60_000);
  const a = patientName(first);
  const b = patientName(second);
  const fromTo = `from ${a}${first.location ? ` (${first.location})` : ''} to ${b}${second.location ? ` (${second.location})` : ''}`;
  const room =
    gap >= minutes
      ? `${a}'s visit ends at ${formatClock(first.end)} and ${b}'s starts at ${formatClock(second.start)}: ${gap} min, enough time.`
      : `${a}'s visit ends at ${formatClock(first.end)} and ${b}'s starts at ${formatClock(second.start)}: only ${gap} min, ${minutes - gap} min short.`;
  const base = `Driving ${fromTo} takes about ${minutes} min ${onDay(describeDay(date, today))}. ${room}`;
  if (!/\b(add|block|put|reserve|insert)\b/i.test(text) || gap < minutes) return { reply: base, pending: null };
  const startMinute = minuteOfDay(first.end);
  const event: NewEvent = {
    summary: `Travel time: ${a} → ${b}`,
    description: `Estimated drive of ${minutes} min, added by the HomeRounds assistant.`,
    start: first.end,
    end: rfc(date, startMinute + minutes),
    properties: { bookedBy: 'homerounds-assistant', kind: 'travel' },
  };
  return {
    reply: `${base} Shall I add a travel block of ${minutes} min at ${formatClock(first.end)} to your calendar? Say yes to confirm.`,
    pending: {
      kind: 'travel-block',
      event,
      summary: `a travel block of ${minutes} min from ${a} to ${b} added at ${formatClock(first.end)}`,
    },
  };
}

function pickPair(
  text: string,
  times: number[],
  visits: CalendarEvent[],
  patients: PatientRecord[],
): [CalendarEvent, CalendarEvent] | null {
  const lower = normalise(text).toLowerCase();
  const byName = visits
    .map((v) => ({ v, at: lower.indexOf(patientName(v).toLowerCase()) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.v);
  if (byName.length < 2) {
    for (const p of mentionedPatients(text, patients)) {
      const v = visits.find((e) => patientName(e).toLowerCase() === p.fullName.toLowerCase());
      if (v && !byName.includes(v)) byName.push(v);
    }
  }
  if (byName.length >= 2) return orderPair(byName[0] as CalendarEvent, byName[1] as CalendarEvent);
  if (times.length >= 2) {
    const nearest = (minute: number) => {
      let best: CalendarEvent | null = null;
      for (const v of visits) {
        const d = Math.abs(minuteOfDay(v.start) - minute);
        if (d <= 45 && (!best || d < Math.abs(minuteOfDay(best.start) - minute))) best = v;
      }
      return best;
    };
    const a = nearest(times[0] as number);
    const b = nearest(times[1] as number);
    if (a && b && a.id !== b.id) return orderPair(a, b);
  }
  return null;
}

function orderPair(a: CalendarEvent, b: CalendarEvent): [CalendarEvent, CalendarEvent] {
  return Date.parse(a.start) <= Date.parse(b.start) ? [a, b] : [b, a];
}
