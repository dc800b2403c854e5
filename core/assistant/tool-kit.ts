// What every scheduling tool shares: its context (the calendar port, the clinician's zone and clock,
// the language of the answer), argument readers that turn what a model or a person sent into dates
// and times (ISO or words, in either language), day loading, and the texts of a visit.

import type { CalendarPort } from '../calendar/google-calendar.ts';
import type { VisitConfirmation } from '../confirmations/contract.ts';
import { addressKey, type Geocoder, locateAll } from '../geo/geocoder.ts';
import { withPatientRecords } from '../patients/apply.ts';
import type { PatientChanges, PatientRecord } from '../patients/patients.ts';
import { KM_PER_MILE } from '../routing/day-plan.ts';
import { type DayDeparture, departureMinute } from '../routing/departure.ts';
import { circuityFor, estimateMinutes, haversineKm } from '../routing/travel/haversine.ts';
import { lookupFromMatrix, type TravelLookup } from '../routing/travel/lookup.ts';
import type { LatLon, TravelTimeProvider } from '../routing/travel/provider.ts';
import {
  addDays,
  clockText,
  daysBetween,
  dayText,
  HH_MM,
  hhmmToMinutes,
  isIsoDate,
  type Language,
  minutesToHhmm,
  relativeDayText,
  zonedDate,
  zonedDateTime,
  zonedMinute,
} from '../time/zoned-time.ts';
import { isPatientVisit, toVisit, type Visit } from '../visits/visits.ts';
import type { ToolResult } from './contract.ts';
import { matchName, personKey } from './patient-match.ts';
import { calendarText, DATA_LIMITS, dataText, quoted, SAY_LIMITS, spokenName, visitName } from './untrusted.ts';
import { parseDuration, parseMoments, readDays } from './when.ts';

export interface ToolContext {
  calendar: CalendarPort;
  /** The clinician (for deterministic ids of what the assistant books). */
  userId: string;
  timeZone: string;
  now: Date;
  language: Language;
  /** Whether the clinician has allowed calendar changes (event write access). */
  canWrite(): Promise<boolean>;
  /** What the evening confirmation calls found for a day's visits (absent where the server keeps none). */
  confirmations?(date: string): Promise<VisitConfirmation[]>;
  /** Locates visit addresses that carry no coordinates (absent where no geocoder is configured). */
  geocoder?: Geocoder;
  /** The clinician's patient list (absent where the server keeps none): read into every day, changed by update_patient. */
  patients?: PatientListPort;
  /**
   * Road drive times between places (the server's road matrix, bounded by a deadline, answering the straight-line
   * estimate when the service is slow or failing); absent: the tools use the straight-line estimate, approximate.
   */
  travel?: TravelTimeProvider;
}

/** The clinician's patient list as the tools see it (the server binds it to the caller: owner-only). */
export interface PatientListPort {
  list(): Promise<PatientRecord[]>;
  /** Adds a record (a patient on the calendar the list does not hold yet). */
  add(record: Omit<PatientRecord, 'id'>): Promise<PatientRecord>;
  update(id: string, changes: PatientChanges): Promise<PatientRecord>;
}

export type Args = Record<string, unknown>;

/** An argument the tool cannot use: the result asks back with this sentence. */
export class ArgumentError extends Error {}

export const tr = (ctx: { language: Language }, en: string, es: string): string => (ctx.language === 'es' ? es : en);

export function today(ctx: ToolContext): string {
  return zonedDate(ctx.now, ctx.timeZone);
}

export function stringArg(args: Args, key: string): string | null {
  const value = args[key];
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new ArgumentError(`${key} must be a string.`);
  const trimmed = value.trim();
  return trimmed ? trimmed.slice(0, 200) : null;
}

export function boolArg(args: Args, key: string): boolean {
  const value = args[key];
  return value === true || value === 'true';
}

export function intArg(args: Args, key: string, min: number, max: number): number | null {
  const value = args[key];
  if (value === undefined || value === null || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ArgumentError(`${key} must be a whole number from ${min} to ${max}.`);
  return n;
}

// ─── Limits ───────────────────────────────────────────────────────────────────────────────────────────
// Every day a tool reads is checked here before any calendar read: one call once asked for centuries and held the
// server for seconds and hundreds of megabytes.

/** The most days one tool call reads at once (a quarter); each tool may ask for fewer (checkRange). */
export const MAX_RANGE_DAYS = 92;
/** The years a day may fall in, around the clinician's today: last year to two years ahead. */
export const YEARS_BACK = 1;
export const YEARS_AHEAD = 2;

/** A day outside the years HomeRounds reads is refused, saying which years those are. */
export function checkYear(ctx: ToolContext, date: string): void {
  const year = Number(date.slice(0, 4));
  const thisYear = Number(today(ctx).slice(0, 4));
  if (!Number.isInteger(year) || year < thisYear - YEARS_BACK || year > thisYear + YEARS_AHEAD) {
    throw new ArgumentError(
      `${date} is outside the years I can look at: ${thisYear - YEARS_BACK} to ${thisYear + YEARS_AHEAD}.`,
    );
  }
}

/** The days [from, to] one read covers: real dates, in order, in the years above, at most MAX_RANGE_DAYS. */
export function checkSpan(ctx: ToolContext, from: string, to: string): void {
  if (!isIsoDate(from) || !isIsoDate(to)) throw new ArgumentError('Days must be calendar dates (YYYY-MM-DD).');
  checkYear(ctx, from);
  checkYear(ctx, to);
  if (to < from) throw new ArgumentError('The range ends before it starts.');
  const span = daysBetween(from, to) + 1;
  if (span > MAX_RANGE_DAYS) {
    throw new ArgumentError(`Ask about at most ${MAX_RANGE_DAYS} days at a time (${from} to ${to} is ${span} days).`);
  }
}

/**
 * A day or a range of days, as the argument says it: "YYYY-MM-DD", or words in the clinician's zone ("tomorrow",
 * "Friday", "next Tuesday", "the 3rd", "on the 14th", "el 3", "pasado mañana", "next week", "the week of the 14th").
 * What is not one day or one range is `invalid`, saying what was read: never silently today or this week.
 */
export function daysArg(args: Args, key: string, ctx: ToolContext): { from: string; to: string } | null {
  const value = stringArg(args, key);
  if (value === null) return null;
  if (isIsoDate(value)) {
    checkYear(ctx, value);
    return { from: value, to: value };
  }
  const reading = readDays(value, ctx.now, ctx.timeZone);
  const said = quoted(value, SAY_LIMITS.name);
  switch (reading.kind) {
    case 'day':
      checkYear(ctx, reading.date);
      return { from: reading.date, to: reading.date };
    case 'range':
      checkYear(ctx, reading.from);
      checkYear(ctx, reading.to);
      return { from: reading.from, to: reading.to };
    case 'several':
      throw new ArgumentError(
        `${said} names more than one day (${reading.dates.map((d) => dayText(d)).join('; ')}): which one?`,
      );
    case 'time':
      throw new ArgumentError(`${said} is a time of day, not a day: pass the day and the time apart.`);
    case 'duration':
      throw new ArgumentError(
        `${said} is a length of time, not a day: pass the day (YYYY-MM-DD) and the visit's length in durationMinutes.`,
      );
    default:
      throw new ArgumentError(
        `I couldn't read ${said} as a day: pass YYYY-MM-DD, or words such as "tomorrow", "Friday", "the 3rd".`,
      );
  }
}

/** One day (see daysArg): a range of days ("next week") is `invalid` here, naming the days it covers. */
export function dateArg(args: Args, key: string, ctx: ToolContext): string | null {
  const days = daysArg(args, key, ctx);
  if (days === null) return null;
  if (days.from !== days.to) {
    throw new ArgumentError(
      `${quoted(stringArg(args, key), SAY_LIMITS.name)} is several days (${dayText(days.from)} to ${dayText(days.to)}): pass one day.`,
    );
  }
  return days.from;
}

/**
 * A time of day: "HH:MM" (24 h) or words ("2pm", "14:30", "a las 3", "noon"); minutes of the day. A length of time
 * ("45 minutes") is `invalid`: a visit's length goes in durationMinutes, never read as "in 45 minutes".
 */
export function timeArg(args: Args, key: string, ctx: ToolContext): number | null {
  const value = stringArg(args, key);
  if (value === null) return null;
  // "14:30" and "08:00" are 24-hour; an hour of one digit from 1 to 6 ("2:30", "3") is the afternoon, as in speech.
  const digits = /^(\d{1,2})(?:[:.](\d{2}))?$/.exec(value);
  if (digits && (digits[2] !== undefined || value.length <= 2)) {
    const hour = Number(digits[1]);
    const minute = Number(digits[2] ?? 0);
    if (hour <= 23 && minute <= 59) {
      const afternoon = !(digits[1] as string).startsWith('0') && hour >= 1 && hour <= 6;
      return (afternoon ? hour + 12 : hour) * 60 + minute;
    }
  }
  if (HH_MM.test(value)) return hhmmToMinutes(value);
  const said = quoted(value, SAY_LIMITS.name);
  const moment = parseMoments(value, ctx.now, ctx.timeZone).find((m) => m.minute !== null);
  if (moment?.minute == null) {
    if (parseDuration(value) !== null)
      throw new ArgumentError(
        `${said} is a length of time, not a time of day: pass the visit's length in durationMinutes and the time as HH:MM.`,
      );
    throw new ArgumentError(`I couldn't read ${said} as a time of day: pass HH:MM (24 h) or words such as "2pm".`);
  }
  return moment.minute;
}

/**
 * A visit's length in minutes: a number, or words ("45 min", "an hour", "1.5 hours", "hora y media"), from `min` to
 * `max`. A time of day ("10am") is `invalid`.
 */
export function durationArg(args: Args, key: string, min: number, max: number): number | null {
  const value = args[key];
  if (value === undefined || value === null || value === '') return null;
  const minutes =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? /^\s*\d+\s*$/.test(value)
          ? Number(value)
          : parseDuration(value)
        : null;
  if (minutes === null || !Number.isInteger(minutes))
    throw new ArgumentError(
      `I couldn't read ${quoted(String(value), SAY_LIMITS.name)} as the visit's length: pass whole minutes from ${min} to ${max}.`,
    );
  if (minutes < min || minutes > max) throw new ArgumentError(`${key} must be a whole number from ${min} to ${max}.`);
  return minutes;
}

// ─── Loading ──────────────────────────────────────────────────────────────────────────────────────────

/** The list, read once per tool call (a call may load several ranges); a list that cannot be read is left out. */
const listed = new WeakMap<PatientListPort, Promise<PatientRecord[]>>();
export function patientRecords(ctx: ToolContext): Promise<PatientRecord[]> {
  const port = ctx.patients;
  if (!port) return Promise.resolve([]);
  let records = listed.get(port);
  if (!records) {
    records = port.list().catch(() => []);
    listed.set(port, records);
  }
  return records;
}

/** After a change the list is read again. */
export function forgetPatientRecords(ctx: ToolContext): void {
  if (ctx.patients) listed.delete(ctx.patients);
}

/** The days [from, to] (inclusive), every event as a Visit, keyed by date, each day by start. */
export async function loadDays(ctx: ToolContext, from: string, to: string): Promise<Map<string, Visit[]>> {
  checkSpan(ctx, from, to); // before anything is read
  const start = zonedDateTime(from, 0, ctx.timeZone).instant;
  const end = zonedDateTime(addDays(to, 1), 0, ctx.timeZone).instant;
  const days = new Map<string, Visit[]>();
  for (let d = from; d <= to; d = addDays(d, 1)) days.set(d, []);
  // What the clinician confirmed on the patient list (window, phone, place, "not a patient") over the calendar's text.
  const records = ctx.patients ? await patientRecords(ctx) : [];
  for (const event of withPatientRecords(await ctx.calendar.list(start, end), records)) {
    const visit = toVisit(event, ctx.timeZone);
    if (visit.allDay) {
      // All-day events span [start, end) dates.
      for (let d = event.start.slice(0, 10); d < event.end.slice(0, 10) && d <= to; d = addDays(d, 1)) {
        days.get(d)?.push({ ...visit, date: d });
      }
      continue;
    }
    days.get(visit.date)?.push(visit);
  }
  for (const list of days.values())
    list.sort((a, b) => Number(b.allDay) - Number(a.allDay) || a.startMinute - b.startMinute);
  return days;
}

/**
 * One day's events as visits. Visits written by people carry an address, not coordinates: where the server has a
 * geocoder, the day's are located (one day at a time: a day has few addresses, and they are cached), so drives
 * and free slots count real places; an approximate place stays marked.
 */
export async function loadDay(ctx: ToolContext, date: string): Promise<Visit[]> {
  const day = (await loadDays(ctx, date, date)).get(date) ?? [];
  const unplaced = day.filter((v) => isPatientVisit(v) && !v.coords && v.address);
  if (!ctx.geocoder || unplaced.length === 0) return day;
  const places = await locateAll(
    ctx.geocoder,
    unplaced.map((v) => v.address as string),
  );
  return day.map((v) => {
    const place = v.coords || !v.address ? undefined : places.get(addressKey(v.address));
    return place && typeof place !== 'string'
      ? { ...v, coords: { lat: place.lat, lon: place.lon }, approximatePlace: place.approximate }
      : v;
  });
}

export const ROSTER_DAYS_BACK = 30;
export const ROSTER_DAYS_AHEAD = 30;

/** Patient visits in the roster window (a month back, a month ahead): who the clinician's patients are. */
export async function loadRoster(ctx: ToolContext): Promise<Visit[]> {
  const t = today(ctx);
  const days = await loadDays(ctx, addDays(t, -ROSTER_DAYS_BACK), addDays(t, ROSTER_DAYS_AHEAD));
  return [...days.values()].flat().filter(isPatientVisit);
}

/**
 * Who the clinician means by a name (core/assistant/patient-match.ts): `one` with the patient's visits in the roster
 * and how sure the match is, `many` when several patients match as surely, `none` with the closest names to suggest.
 */
export type PatientMatch =
  | {
      kind: 'one';
      /** The patient's name as the calendar or the list writes it. */
      name: string;
      visits: Visit[];
      /** 1 when the name was written as on the calendar; less for a name heard or spelt differently. */
      confidence: number;
      exact: boolean;
      asked: string;
      /** Whether a visit is this patient's (by name, or by the list record it is linked to). */
      owns(visit: Visit): boolean;
    }
  | { kind: 'none'; suggestions: string[] }
  | { kind: 'many'; names: string[] };

/**
 * Who `query` means among the roster's patients and the patient list's (status `patient`): never the day's
 * visits alone, so a name heard wrongly is never matched to whoever happens to be on that day.
 */
export function findPatient(
  query: string,
  roster: readonly Visit[],
  records: readonly PatientRecord[] = [],
): PatientMatch {
  const listed = records.filter((r) => r.status === 'patient');
  const names = [...roster.map((v) => v.patient as string).filter(Boolean), ...listed.map((r) => r.full_name)];
  const match = matchName(query, names);
  if (match.kind !== 'one') return match;
  const key = personKey(match.name);
  const ids = new Set(listed.filter((r) => personKey(r.full_name) === key).map((r) => r.id));
  const owns = (v: Visit) => personKey(v.patient) === key || (v.patientId !== null && ids.has(v.patientId));
  return {
    kind: 'one',
    name: match.name,
    visits: roster.filter(owns),
    confidence: match.confidence,
    exact: match.exact,
    asked: query,
    owns,
  };
}

/**
 * findPatient over the roster (a month back, a month ahead, or `roster` when already read) and the clinician's
 * patient list. `within`: the visits the question is about (a day's): when a name as written is several patients'
 * but only one of them has a visit there, that one is meant ("after Daisy tomorrow", one Daisy tomorrow).
 */
export async function resolvePatient(
  ctx: ToolContext,
  query: string,
  options: { roster?: readonly Visit[] | undefined; within?: readonly Visit[] } = {},
): Promise<PatientMatch> {
  const roster = options.roster ?? (await loadRoster(ctx));
  const records = await patientRecords(ctx);
  const match = findPatient(query, roster, records);
  const within = options.within;
  if (match.kind !== 'many' || !within) return match;
  const there = match.names.filter((name) => within.some((v) => personKey(v.patient) === personKey(name)));
  if (there.length !== 1) return match;
  const one = findPatient(there[0] as string, roster, records);
  return one.kind === 'one' ? { ...one, asked: query } : match;
}

/** Several patients match what was said: ask which one (the tools never pick one for the clinician). */
export function ambiguousPatient(ctx: ToolContext, asked: string, names: string[]): ToolResult {
  return result(
    'ambiguous',
    tr(
      ctx,
      `More than one patient matches ${quoted(asked, SAY_LIMITS.name)}: ${names.map(spokenName).join(', ')}. Which one?`,
      `Hay más de un paciente que coincide con ${quoted(asked, SAY_LIMITS.name)}: ${names.map(spokenName).join(', ')}. ¿Cuál?`,
    ),
    {
      candidates: names.map((n) => dataText(n, DATA_LIMITS.name)),
      next: 'Ask the clinician which patient they mean, then call again with that name.',
    },
  );
}

/**
 * No patient certainly matches: `not_found`, saying so with `notFound` (the sentence for the tool's question), and
 * "Did you mean …?" with the closest names as `candidates`; never any candidate's facts.
 */
export function unknownPatient(
  ctx: ToolContext,
  match: { suggestions: string[] },
  notFound: { en: string; es: string },
): ToolResult {
  const names = match.suggestions.map(spokenName);
  const alternatives = (or: string) =>
    names.length > 1 ? `${names.slice(0, -1).join(', ')} ${or} ${names.at(-1)}` : (names[0] ?? '');
  const ask = names.length
    ? tr(ctx, ` Did you mean ${alternatives('or')}?`, ` ¿Te refieres a ${alternatives('o')}?`)
    : '';
  return result('not_found', `${tr(ctx, notFound.en, notFound.es)}${ask}`, {
    candidates: match.suggestions.map((n) => dataText(n, DATA_LIMITS.name)),
    ...(names.length
      ? {
          next: 'Ask the clinician whether they meant a candidate; call again with that name only after they say so.',
        }
      : {}),
  });
}

/** A not-found sentence for a name: "I don't see a patient called “…” on your calendar or patient list." */
export function noPatientCalled(asked: string, where?: { en: string; es: string }): { en: string; es: string } {
  const said = quoted(asked, SAY_LIMITS.name);
  return {
    en: `I don't see a patient called ${said} ${where?.en ?? 'on your calendar (the last or next 30 days) or your patient list'}.`,
    es: `No veo a ningún paciente llamado ${said} ${where?.es ?? 'en tu calendario (los últimos o próximos 30 días) ni en tu lista de pacientes'}.`,
  };
}

/**
 * What a result adds about the match: for a name heard or spelt differently, the sentence that says who was taken
 * ("I took “Melvina Gorzani” to be Malvina Gorczany.") and `patientMatch` with the confidence; nothing for an exact one.
 */
export function matchedAs(
  ctx: ToolContext,
  match: Extract<PatientMatch, { kind: 'one' }>,
): { say: string; facts: Record<string, unknown> } {
  const facts = {
    patientMatch: {
      asked: match.asked,
      patient: dataText(match.name, DATA_LIMITS.name),
      confidence: match.confidence,
      exact: match.exact,
    },
  };
  if (match.exact) return { say: '', facts };
  return {
    say: tr(
      ctx,
      `I took ${quoted(match.asked, SAY_LIMITS.name)} to be ${spokenName(match.name)}. `,
      `Entiendo ${quoted(match.asked, SAY_LIMITS.name)} como ${spokenName(match.name)}. `,
    ),
    facts,
  };
}

/** A tool result for a fuzzy match: the sentence naming who was taken first, the match in the facts. */
export function withMatch(ctx: ToolContext, match: PatientMatch, answer: ToolResult): ToolResult {
  if (match.kind !== 'one') return answer;
  const { say, facts } = matchedAs(ctx, match);
  return { ...answer, say: `${say}${answer.say}`, ...facts };
}

export function checkRange(from: string, to: string, maxDays = 31): void {
  if (to < from) throw new ArgumentError('The range ends before it starts.');
  if (daysBetween(from, to) >= maxDays) throw new ArgumentError(`Ask about at most ${maxDays} days at a time.`);
}

// ─── Texts ────────────────────────────────────────────────────────────────────────────────────────────

export function when(ctx: ToolContext, date: string): string {
  return relativeDayText(date, today(ctx), ctx.language);
}

export function clock(ctx: ToolContext, minutes: number): string {
  return clockText(minutes, ctx.language);
}

export function windowText(ctx: ToolContext, window: { start: number; end: number }): string {
  return `${clock(ctx, window.start)}–${clock(ctx, window.end)}`;
}

/**
 * "8:15 AM–9:00 AM Jane Doe (PT evaluation), at “123 Main St”" or "All day: “Team meeting day”": the calendar's own
 * words (titles, addresses) quoted (core/assistant/untrusted.ts).
 */
export function visitLine(ctx: ToolContext, visit: Visit): string {
  if (visit.allDay) return `${tr(ctx, 'All day', 'Todo el día')}: ${visitName({ ...visit, patient: null })}`;
  const who = visit.patient
    ? `${spokenName(visit.patient)}${visit.visitType ? ` (${spokenName(visit.visitType)})` : ''}`
    : visitName(visit);
  const place = quoted(visit.address, SAY_LIMITS.location);
  const at = place ? tr(ctx, `, at ${place}`, `, en ${place}`) : '';
  return `${clock(ctx, visit.startMinute)}–${clock(ctx, visit.endMinute)} ${who}${at}`;
}

/**
 * The facts of a visit a tool returns (times as HH:MM in the clinician's zone). What people wrote on the calendar
 * (title, location, and notes where asked for) is in `calendarText`: data, never an instruction.
 */
export function visitFacts(visit: Visit, options: { notes?: boolean } = {}): Record<string, unknown> {
  return {
    id: visit.id,
    date: visit.date,
    start: visit.allDay ? null : minutesToHhmm(visit.startMinute),
    end: visit.allDay ? null : minutesToHhmm(visit.endMinute),
    allDay: visit.allDay,
    patient: dataText(visit.patient, DATA_LIMITS.name),
    visitType: dataText(visit.visitType, DATA_LIMITS.name),
    calendarText: calendarText(visit, options),
    phone: visit.phone,
    window: visit.window ? { start: minutesToHhmm(visit.window.start), end: minutesToHhmm(visit.window.end) } : null,
  };
}

export function result(status: ToolResult['status'], say: string, facts: Record<string, unknown> = {}): ToolResult {
  return { status, say, ...facts };
}

export function plural(ctx: ToolContext, n: number, en: string, es: string): string {
  const word = tr(ctx, en, es);
  if (n === 1) return `1 ${word}`;
  return `${n} ${ctx.language === 'es' ? `${word}${/[aeiou]$/.test(word) ? 's' : 'es'}` : `${word}s`}`;
}

// ─── Travel ───────────────────────────────────────────────────────────────────────────────────────────

/** Minutes assumed to or from a place without coordinates (a new patient, an event written by hand). */
export const UNKNOWN_DRIVE_MINUTES = 20;

export function driveMinutes(a: LatLon | null, b: LatLon | null): { minutes: number; known: boolean } {
  if (!a || !b) return { minutes: UNKNOWN_DRIVE_MINUTES, known: false };
  return { minutes: Math.ceil(estimateMinutes(a, b)), known: true };
}

export { KM_PER_MILE };

/** Road distance estimate (great-circle × the same road factor the travel times use). */
export function roadKm(a: LatLon, b: LatLon): number {
  const km = haversineKm(a, b);
  return km * circuityFor(km);
}

/** A day's road drive times (ctx.travel's matrix for its places) and the departure their traffic is for. */
export interface RoadDrives {
  /** Road-based, or (when the service was slow or failing) the deadline's straight-line estimate, said so. */
  lookup: TravelLookup;
  /** Minutes of the day the traffic was asked for (today and tomorrow), or null: typical, traffic-free times. */
  departure: number | null;
}

/**
 * Road drive times between a day's places from the server's road matrix (ctx.travel): traffic-aware for leaving at
 * `startMinute` when `date` is today or tomorrow (today, not before now: traffic is asked for what is still ahead),
 * typical times otherwise. Null without a road matrix, with fewer than two places, or when asking fails: the tools
 * then use the straight-line estimate and say it is approximate.
 */
export async function roadDrives(
  ctx: ToolContext,
  date: string,
  points: readonly LatLon[],
  startMinute: number | null,
): Promise<RoadDrives | null> {
  // The one departure rule (core/routing/departure.ts), on the calendar's zone.
  const minute = departureMinute(date, today(ctx), startMinute, zonedMinute(ctx.now, ctx.timeZone));
  const departure = minute === null ? null : { minute, instant: zonedDateTime(date, minute, ctx.timeZone).instant };
  return roadDrivesAt(ctx, points, departure);
}

/**
 * The same, for a departure already decided (optimize_route: `dayDeparture` of the day's first booked visit, as the
 * Route view and the CLI ask the drive-times function).
 */
export async function roadDrivesAt(
  ctx: ToolContext,
  points: readonly LatLon[],
  departure: DayDeparture | null,
): Promise<RoadDrives | null> {
  if (!ctx.travel || points.length < 2) return null;
  try {
    const matrix = await ctx.travel.matrix(points, departure === null ? {} : { departureTime: departure.instant });
    return { lookup: lookupFromMatrix(points, matrix), departure: departure?.minute ?? null };
  } catch {
    return null;
  }
}

/** Where the drive times of an answer come from, said at its end. */
export function driveTimesNote(ctx: ToolContext, road: boolean, departure: number | null): string {
  if (!road)
    return tr(
      ctx,
      ' Drive times are straight-line estimates (approximate).',
      ' Los trayectos son estimaciones en línea recta (aproximadas).',
    );
  return departure === null
    ? tr(ctx, ' Drive times are road drive times.', ' Los trayectos son tiempos de conducción por carretera.')
    : tr(
        ctx,
        ` Drive times are road drive times, with traffic for leaving around ${clock(ctx, departure)}.`,
        ` Los trayectos son tiempos por carretera, con el tráfico de salir hacia las ${clock(ctx, departure)}.`,
      );
}

export function distanceText(ctx: ToolContext, km: number): string {
  const miles = km / KM_PER_MILE;
  return ctx.language === 'es' ? `${km.toFixed(1)} km` : `${miles.toFixed(1)} miles (${km.toFixed(1)} km)`;
}
