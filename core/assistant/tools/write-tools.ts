// The write tools: book, move and cancel a visit, and the free slots they reason with. Called without
// `confirm: true` a write tool only proposes (and checks the patient's time window, the drive from
// the visit before and to the visit after, overlaps and the clock, saying plainly what a time breaks);
// with `confirm: true` it writes. Writes are idempotent: a booking has an id derived from what was
// booked (a repeated insert finds it), a move to where the visit already is and a cancel of a visit
// already gone change nothing and say so. Without event write access nothing is written: the answer
// says what would change and how to allow it.

import { minutesToHhmm, zonedDateTime, zonedMinute } from '../../time/zoned-time.ts';
import { durationMinutes, toVisit, type Visit } from '../../visits/visits.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ArgumentError,
  ambiguousPatient,
  boolArg,
  clock,
  dateArg,
  driveMinutes,
  durationArg,
  loadDay,
  noPatientCalled,
  type PatientMatch,
  patientRecords,
  resolvePatient,
  result,
  stringArg,
  type ToolContext,
  timeArg,
  today,
  tr,
  UNKNOWN_DRIVE_MINUTES,
  unknownPatient,
  visitFacts,
  when,
  windowText,
  withMatch,
} from '../tool-kit.ts';
import { quoted, SAY_LIMITS, spokenName, visitName } from '../untrusted.ts';

export const DAY_START = 8 * 60;
export const DAY_END = 18 * 60;
const SLOT_STEP = 5;
export const NEW_PATIENT_MINUTES = 60;
export const FOLLOW_UP_MINUTES = 45;

export interface Place {
  coords: { lat: number; lon: number } | null;
  window: { start: number; end: number } | null;
  name: string;
}

export interface SlotCheck {
  problems: string[];
  notes: string[];
}

/** Whether a visit of `duration` at `start` fits the day: overlaps, drives before/after, window, clock. */
export function checkSlot(
  ctx: ToolContext,
  date: string,
  day: Visit[],
  start: number,
  duration: number,
  place: Place,
): SlotCheck {
  const end = start + duration;
  const problems: string[] = [];
  const notes: string[] = [];
  const timed = day.filter((v) => !v.allDay);
  for (const other of timed) {
    if (other.startMinute < end && start < other.endMinute) {
      problems.push(
        tr(
          ctx,
          `it overlaps ${visitName(other)} (${clock(ctx, other.startMinute)}–${clock(ctx, other.endMinute)})`,
          `se solapa con ${visitName(other)} (${clock(ctx, other.startMinute)}–${clock(ctx, other.endMinute)})`,
        ),
      );
    }
  }
  const before = timed.filter((v) => v.endMinute <= start).sort((a, b) => b.endMinute - a.endMinute)[0];
  const after = timed.filter((v) => v.startMinute >= end).sort((a, b) => a.startMinute - b.startMinute)[0];
  if (before) {
    const drive = driveMinutes(before.coords, place.coords);
    const gap = start - before.endMinute;
    if (before.patient && gap < drive.minutes) {
      problems.push(
        tr(
          ctx,
          `it leaves only ${gap} min after ${spokenName(before.patient)} (ends ${clock(ctx, before.endMinute)}) for a drive of about ${drive.minutes} min`,
          `deja solo ${gap} min tras ${spokenName(before.patient)} (termina a las ${clock(ctx, before.endMinute)}) para un trayecto de unos ${drive.minutes} min`,
        ),
      );
    } else if (before.patient) {
      notes.push(
        tr(
          ctx,
          `${gap} min after ${spokenName(before.patient)} for a drive of about ${drive.minutes} min${drive.known ? '' : ' (estimated: no location)'}`,
          `${gap} min tras ${spokenName(before.patient)} para un trayecto de unos ${drive.minutes} min`,
        ),
      );
    }
  }
  if (after) {
    const drive = driveMinutes(place.coords, after.coords);
    const gap = after.startMinute - end;
    if (after.patient && gap < drive.minutes) {
      problems.push(
        tr(
          ctx,
          `it leaves only ${gap} min to drive to ${spokenName(after.patient)} (starts ${clock(ctx, after.startMinute)}, about ${drive.minutes} min away)`,
          `deja solo ${gap} min para llegar a ${spokenName(after.patient)} (empieza a las ${clock(ctx, after.startMinute)}, a unos ${drive.minutes} min)`,
        ),
      );
    }
  }
  if (place.window && (start < place.window.start || end > place.window.end)) {
    problems.push(
      tr(
        ctx,
        `it is outside ${place.name}'s time window (${windowText(ctx, place.window)})`,
        `queda fuera de la franja de ${place.name} (${windowText(ctx, place.window)})`,
      ),
    );
  } else if (place.window) {
    notes.push(
      tr(
        ctx,
        `within ${place.name}'s window (${windowText(ctx, place.window)})`,
        `dentro de la franja de ${place.name} (${windowText(ctx, place.window)})`,
      ),
    );
  }
  if (date === today(ctx) && start <= zonedMinute(ctx.now, ctx.timeZone))
    problems.push(tr(ctx, 'that time has already passed', 'esa hora ya pasó'));
  if (date < today(ctx)) problems.push(tr(ctx, 'that day is in the past', 'ese día ya pasó'));
  if (start < 7 * 60 || end > 20 * 60)
    problems.push(
      tr(ctx, 'it is outside working hours (7:00 AM–8:00 PM)', 'queda fuera del horario laboral (7:00–20:00)'),
    );
  return { problems, notes };
}

/** Starts (every 5 min) that fit, grouped into intervals [first, last]. */
export function fittingIntervals(
  ctx: ToolContext,
  date: string,
  day: Visit[],
  duration: number,
  place: Place,
  from = DAY_START,
  to = DAY_END,
): Array<[number, number]> {
  const lo = Math.max(from, place.window?.start ?? from);
  const hi = Math.min(to, place.window?.end ?? to) - duration;
  const intervals: Array<[number, number]> = [];
  for (let s = Math.ceil(lo / SLOT_STEP) * SLOT_STEP; s <= hi; s += SLOT_STEP) {
    if (checkSlot(ctx, date, day, s, duration, place).problems.length) continue;
    const last = intervals.at(-1);
    if (last && last[1] === s - SLOT_STEP) last[1] = s;
    else intervals.push([s, s]);
  }
  return intervals;
}

function nearestFit(intervals: Array<[number, number]>, preferred: number): number | null {
  let best: number | null = null;
  for (const [a, b] of intervals) {
    const candidate = Math.min(Math.max(preferred, a), b);
    if (best === null || Math.abs(candidate - preferred) < Math.abs(best - preferred)) best = candidate;
  }
  return best;
}

function intervalsText(ctx: ToolContext, intervals: Array<[number, number]>): string {
  return intervals
    .slice(0, 5)
    .map(([a, b]) =>
      a === b
        ? clock(ctx, a)
        : tr(ctx, `${clock(ctx, a)} to ${clock(ctx, b)}`, `de ${clock(ctx, a)} a ${clock(ctx, b)}`),
    )
    .join(', ');
}

export async function findFreeSlots(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const date = dateArg(args, 'date', ctx) ?? today(ctx);
  const patientAsked = stringArg(args, 'patient');
  let place: Place = { coords: null, window: null, name: tr(ctx, 'the patient', 'el paciente') };
  let duration = durationArg(args, 'durationMinutes', 10, 480);
  let match: PatientMatch | null = null;
  if (patientAsked) {
    match = await resolvePatient(ctx, patientAsked);
    if (match.kind === 'many') return ambiguousPatient(ctx, patientAsked, match.names);
    // A name that is nobody certainly is asked back: free time is never worked out for another patient's window.
    if (match.kind === 'none') return unknownPatient(ctx, match, noPatientCalled(patientAsked));
    const latest = match.visits.at(-1);
    place = latest ? placeOf(match.name, match.visits) : { ...place, name: spokenName(match.name) };
    if (latest) duration ??= durationMinutes(latest);
  }
  const slots = await freeSlots(ctx, args, date, duration ?? FOLLOW_UP_MINUTES, place, patientAsked);
  return match ? withMatch(ctx, match, slots) : slots;
}

async function freeSlots(
  ctx: ToolContext,
  args: Args,
  date: string,
  duration: number,
  place: Place,
  patientAsked: string | null,
): Promise<ToolResult> {
  const after = timeArg(args, 'after', ctx) ?? DAY_START;
  const before = timeArg(args, 'before', ctx) ?? DAY_END;
  const events = await loadDay(ctx, date);
  const day = events.filter((v) => !v.allDay || v.patient);
  const allDay = events.filter((v) => v.allDay).map((v) => quoted(v.title));
  const intervals = fittingIntervals(ctx, date, day, duration, place, after, before);
  // A drive to or from a place nobody could locate is an assumption: the answer says so.
  const unknownPlaces =
    day.some((v) => v.patient && !v.allDay && !v.coords) || (patientAsked !== null && !place.coords);
  const facts = {
    date,
    durationMinutes: duration,
    slots: intervals.map(([a, b]) => ({ earliestStart: minutesToHhmm(a), latestStart: minutesToHhmm(b) })),
  };
  const hours =
    after !== DAY_START || before !== DAY_END
      ? tr(
          ctx,
          ` between ${clock(ctx, after)} and ${clock(ctx, before)}`,
          ` entre las ${clock(ctx, after)} y las ${clock(ctx, before)}`,
        )
      : '';
  const note = allDay.length
    ? tr(ctx, ` (All day: ${allDay.join(', ')}.)`, ` (Todo el día: ${allDay.join(', ')}.)`)
    : '';
  if (!intervals.length)
    return result(
      'answer',
      tr(
        ctx,
        `I find no time ${when(ctx, date)}${hours} for a ${duration}-minute visit that leaves time to drive between visits${place.window ? ` within ${place.name}'s window (${windowText(ctx, place.window)})` : ''}.${note}`,
        `No encuentro hueco ${when(ctx, date)} para una visita de ${duration} minutos con tiempo para los trayectos.${note}`,
      ),
      facts,
    );
  return result(
    'answer',
    tr(
      ctx,
      `For a ${duration}-minute visit ${when(ctx, date)}${hours}${place.window ? ` within ${place.name}'s window` : ''}, you can start ${intervalsText(ctx, intervals)} (drives between visits included${unknownPlaces ? `; about ${UNKNOWN_DRIVE_MINUTES} min assumed where a place is not known` : ''}).${note}`,
      `Para una visita de ${duration} minutos ${when(ctx, date)}, puedes empezar ${intervalsText(ctx, intervals)} (con los trayectos incluidos${unknownPlaces ? `; unos ${UNKNOWN_DRIVE_MINUTES} min supuestos donde no se conoce el lugar` : ''}).${note}`,
    ),
    facts,
  );
}

function placeOf(name: string, visits: Visit[]): Place {
  const latest = [...visits].sort((a, b) => b.date.localeCompare(a.date))[0] as Visit;
  return { coords: latest.coords, window: latest.window, name: spokenName(name) };
}

async function writeAllowed(
  ctx: ToolContext,
  wouldDo: string,
  facts: Record<string, unknown>,
): Promise<ToolResult | null> {
  if (await ctx.canWrite()) return null;
  return result(
    'needs_write_access',
    tr(
      ctx,
      `I would ${wouldDo}, but HomeRounds can only read your calendar so far. To let me change it, press "Allow calendar changes" under the chat (one Google consent), then ask me again. Nothing was changed.`,
      `Haría lo siguiente: ${wouldDo}, pero HomeRounds solo puede leer tu calendario por ahora. Para permitir cambios, pulsa "Allow calendar changes" bajo el chat (un consentimiento de Google) y vuelve a pedírmelo. No se cambió nada.`,
    ),
    facts,
  );
}

function problemsText(ctx: ToolContext, check: SlotCheck): string {
  return check.problems.length
    ? tr(ctx, ` Careful: ${check.problems.join('; ')}.`, ` Atención: ${check.problems.join('; ')}.`)
    : '';
}

/** " The closest time that fits is 2:30 PM." when a fitting time other than the asked one exists. */
function closestText(ctx: ToolContext, alternative: number | null, asked: number): string {
  if (alternative === null || alternative === asked) return '';
  return tr(
    ctx,
    ` The closest time that fits is ${clock(ctx, alternative)}.`,
    ` La hora más cercana que encaja es ${clock(ctx, alternative)}.`,
  );
}

/** A change not yet made: what it is, why it fits or what it breaks, the closest time that fits, and how to confirm. */
function proposal(
  ctx: ToolContext,
  what: string,
  check: SlotCheck,
  alternative: string,
  facts: Record<string, unknown>,
  kind: 'book' | 'move',
): ToolResult {
  const fits =
    check.notes.length && !check.problems.length
      ? tr(ctx, ` It fits: ${check.notes.join('; ')}.`, ` Encaja: ${check.notes.join('; ')}.`)
      : '';
  const tail = `${fits}${problemsText(ctx, check)}${alternative}`;
  return result(
    'proposal',
    tr(
      ctx,
      `Shall I ${what}?${tail} Say yes to confirm.`,
      `${kind === 'book' ? '¿Quieres que la reserve: ' : '¿Quieres '}${what}?${tail} Di sí para confirmar.`,
    ),
    facts,
  );
}

async function stableId(parts: string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\u0000')));
  // Hex is a subset of the base32hex alphabet Google Calendar ids use.
  return `hr${[...new Uint8Array(digest)]
    .slice(0, 16)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')}`;
}

export async function bookVisit(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const date = dateArg(args, 'date', ctx);
  if (!date) throw new ArgumentError(tr(ctx, 'Which day should I book the visit on?', '¿Qué día reservo la visita?'));
  const asked = stringArg(args, 'patient');
  const isNew = boolArg(args, 'newPatient') || !asked;
  let name = asked ?? tr(ctx, 'a new patient', 'un paciente nuevo');
  let place: Place = { coords: null, window: null, name: spokenName(name) };
  let address = stringArg(args, 'address');
  let phone: string | null = null;
  let patientId: string | null = null;
  let match: PatientMatch | null = null;
  if (asked && !boolArg(args, 'newPatient')) {
    match = await resolvePatient(ctx, asked);
    if (match.kind === 'many') return ambiguousPatient(ctx, asked, match.names);
    if (match.kind === 'none') {
      const notFound = noPatientCalled(asked);
      return unknownPatient(ctx, match, {
        en: `${notFound.en} If this is a new patient, say so and I'll book it without an address.`,
        es: `${notFound.es} Si es un paciente nuevo, dímelo y lo reservo sin dirección.`,
      });
    }
    name = match.name;
    const latest = match.visits.at(-1);
    if (latest) {
      place = placeOf(match.name, match.visits);
      address ??= latest.address;
      phone = latest.phone;
      patientId = latest.patientId;
    } else {
      // On the patient list, with no visit in the roster: the list's address, phone and record.
      const matched = match.name;
      const listed = (await patientRecords(ctx)).find((r) => r.status === 'patient' && r.full_name === matched);
      place = { coords: null, window: null, name: spokenName(match.name) };
      address ??= listed?.address ?? null;
      phone = listed?.phone ?? null;
      patientId = listed?.id ?? null;
    }
  }
  const proposed = await book(ctx, args, { date, asked, isNew, name, place, address, phone, patientId });
  return match ? withMatch(ctx, match, proposed) : proposed;
}

interface Booking {
  date: string;
  asked: string | null;
  isNew: boolean;
  name: string;
  place: Place;
  address: string | null;
  phone: string | null;
  patientId: string | null;
}

async function book(ctx: ToolContext, args: Args, booking: Booking): Promise<ToolResult> {
  const { date, isNew, name, place, address, phone, patientId } = booking;
  // A patient matched by a name heard differently is confirmed by the name the calendar writes.
  const asked = isNew ? booking.asked : name;
  const duration =
    durationArg(args, 'durationMinutes', 10, 480) ?? (isNew && !patientId ? NEW_PATIENT_MINUTES : FOLLOW_UP_MINUTES);
  const visitType = stringArg(args, 'visitType') ?? tr(ctx, 'Home visit', 'Visita a domicilio');
  const day = await loadDay(ctx, date);
  const asksTime = timeArg(args, 'time', ctx);
  const intervals = fittingIntervals(ctx, date, day, duration, place);
  const start = asksTime ?? intervals[0]?.[0] ?? null;
  if (start === null) {
    return result(
      'answer',
      tr(
        ctx,
        `I find no time ${when(ctx, date)} for a ${duration}-minute visit with ${spokenName(name)} that leaves time to drive between visits${place.window ? ` within their window (${windowText(ctx, place.window)})` : ''}. Would another day work?`,
        `No encuentro hueco ${when(ctx, date)} para una visita de ${duration} minutos con ${spokenName(name)}. ¿Otro día?`,
      ),
      { date },
    );
  }
  const check = checkSlot(ctx, date, day, start, duration, place);
  const alternative = check.problems.length ? nearestFit(intervals, start) : null;
  const what = tr(
    ctx,
    `book a ${duration}-minute ${spokenName(visitType.toLowerCase())} with ${spokenName(name)}${address ? ` at ${quoted(address, SAY_LIMITS.location)}` : ''} ${when(ctx, date)} at ${clock(ctx, start)}`,
    `reservar una ${spokenName(visitType.toLowerCase())} de ${duration} minutos con ${spokenName(name)}${address ? ` en ${quoted(address, SAY_LIMITS.location)}` : ''} ${when(ctx, date)} a las ${clock(ctx, start)}`,
  );
  const confirmArgs = {
    patient: asked,
    newPatient: isNew && !patientId,
    date,
    time: minutesToHhmm(start),
    durationMinutes: duration,
    visitType,
    address,
    confirm: true,
  };
  const facts = {
    proposal: {
      date,
      start: minutesToHhmm(start),
      end: minutesToHhmm(start + duration),
      patient: name,
      durationMinutes: duration,
      problems: check.problems,
    },
    confirmWith: confirmArgs,
  };
  if (!boolArg(args, 'confirm')) {
    const denied = await writeAllowed(ctx, what, facts);
    if (denied) return denied;
    return proposal(ctx, what, check, closestText(ctx, alternative, start), facts, 'book');
  }
  const id = await stableId([
    ctx.userId,
    'book',
    patientId ?? name.toLowerCase(),
    date,
    minutesToHhmm(start),
    String(duration),
  ]);
  const properties: Record<string, string> = { bookedBy: 'homerounds-assistant', durationMinutes: String(duration) };
  if (patientId) properties.homeroundsPatientId = patientId;
  if (place.coords) {
    properties.lat = String(place.coords.lat);
    properties.lng = String(place.coords.lon);
  }
  if (place.window) {
    properties.windowStart = minutesToHhmm(place.window.start);
    properties.windowEnd = minutesToHhmm(place.window.end);
  }
  const lines = [
    place.window
      ? `Patient time window: ${minutesToHhmm(place.window.start)}–${minutesToHhmm(place.window.end)}`
      : null,
    `Visit length: ${duration} min`,
    phone ? `Phone: ${phone}` : null,
    isNew && !patientId ? 'New patient: add the address and phone.' : null,
    'Booked by the HomeRounds assistant.',
  ].filter(Boolean);
  const { event, created } = await ctx.calendar.insert({
    id,
    summary: `${visitType} — ${patientId ? name : (asked ?? tr(ctx, 'New patient', 'Paciente nuevo'))}`,
    description: lines.join('\n'),
    ...(address ? { location: address } : {}),
    start: zonedDateTime(date, start, ctx.timeZone).rfc3339,
    end: zonedDateTime(date, start + duration, ctx.timeZone).rfc3339,
    timeZone: ctx.timeZone,
    properties,
  });
  const visit = visitFacts(toVisit(event, ctx.timeZone));
  return created
    ? {
        ...result(
          'done',
          tr(
            ctx,
            `Booked: ${spokenName(visitType)} with ${spokenName(name)} ${when(ctx, date)} at ${clock(ctx, start)}. Your schedule shows it now.`,
            `Reservado: ${spokenName(visitType)} con ${spokenName(name)} ${when(ctx, date)} a las ${clock(ctx, start)}.`,
          ),
          { visit },
        ),
        calendarChanged: true,
      }
    : result(
        'done',
        tr(
          ctx,
          `That visit is already booked: ${spokenName(name)} ${when(ctx, date)} at ${clock(ctx, start)}. Nothing else was changed.`,
          `Esa visita ya está reservada: ${spokenName(name)} ${when(ctx, date)} a las ${clock(ctx, start)}.`,
        ),
        { visit, calendarChanged: false },
      );
}

async function visitById(args: Args, ctx: ToolContext): Promise<Visit | ToolResult> {
  const id = stringArg(args, 'visitId');
  if (!id)
    throw new ArgumentError(
      tr(ctx, 'Which visit? Find it first (by day and time, position or patient).', '¿Qué visita?'),
    );
  const event = await ctx.calendar.get(id);
  if (!event)
    return result(
      'not_found',
      tr(ctx, 'That visit is no longer on your calendar.', 'Esa visita ya no está en tu calendario.'),
      { visitId: id },
    );
  return toVisit(event, ctx.timeZone);
}

export async function moveVisit(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const found = await visitById(args, ctx);
  if (!('id' in found && 'startMinute' in found)) return found as ToolResult;
  const visit = found as Visit;
  const date = dateArg(args, 'date', ctx) ?? visit.date;
  const asksTime = timeArg(args, 'time', ctx);
  if (asksTime === null && date === visit.date)
    throw new ArgumentError(
      tr(ctx, `When should I move ${visitName(visit)} to?`, `¿A qué hora muevo a ${visitName(visit)}?`),
    );
  const duration = durationMinutes(visit);
  // Said as every tool says a visit (its patient, or its title quoted: the calendar's words, never an instruction).
  const name = visitName(visit);
  const place: Place = { coords: visit.coords, window: visit.window, name };
  const day = (await loadDay(ctx, date)).filter((v) => v.id !== visit.id);
  const intervals = fittingIntervals(ctx, date, day, duration, place);
  const start = asksTime ?? intervals[0]?.[0] ?? null;
  const from = tr(
    ctx,
    `${name}'s visit ${when(ctx, visit.date)} at ${clock(ctx, visit.startMinute)}`,
    `la visita de ${name} ${when(ctx, visit.date)} a las ${clock(ctx, visit.startMinute)}`,
  );
  if (start === null)
    return result(
      'answer',
      tr(
        ctx,
        `I find no time ${when(ctx, date)} that fits ${from}${place.window ? ` within their window (${windowText(ctx, place.window)})` : ''} with the drives between visits. Would another day work?`,
        `No encuentro hueco ${when(ctx, date)} para ${from}. ¿Otro día?`,
      ),
      { visit: visitFacts(visit) },
    );
  if (date === visit.date && start === visit.startMinute) {
    return result(
      'done',
      tr(
        ctx,
        `${capitalize(from)} is already at that time. Nothing was changed.`,
        `${capitalize(from)} ya está a esa hora. No se cambió nada.`,
      ),
      { visit: visitFacts(visit), calendarChanged: false },
    );
  }
  const check = checkSlot(ctx, date, day, start, duration, place);
  const what = tr(
    ctx,
    `move ${from} to ${when(ctx, date)} at ${clock(ctx, start)}`,
    `mover ${from} a ${when(ctx, date)} a las ${clock(ctx, start)}`,
  );
  const facts = {
    visit: visitFacts(visit),
    proposal: { date, start: minutesToHhmm(start), end: minutesToHhmm(start + duration), problems: check.problems },
    confirmWith: { visitId: visit.id, date, time: minutesToHhmm(start), confirm: true },
  };
  if (!boolArg(args, 'confirm')) {
    const denied = await writeAllowed(ctx, what, facts);
    if (denied) return denied;
    const alternative = check.problems.length ? nearestFit(intervals, start) : null;
    // A "closest fit" a few minutes from where the visit already is would be no move at all.
    const stays = alternative !== null && date === visit.date && Math.abs(alternative - visit.startMinute) <= 15;
    const alt = stays
      ? tr(
          ctx,
          ` No other time ${when(ctx, date)} fits ${name}'s window and the drives; the visit can stay where it is.`,
          ` Ninguna otra hora ${when(ctx, date)} encaja; la visita puede quedarse donde está.`,
        )
      : closestText(ctx, alternative, start);
    return proposal(ctx, what, check, alt, facts, 'move');
  }
  const moved = await ctx.calendar.move(
    visit.id,
    zonedDateTime(date, start, ctx.timeZone).rfc3339,
    zonedDateTime(date, start + duration, ctx.timeZone).rfc3339,
    ctx.timeZone,
  );
  return {
    ...result(
      'done',
      tr(
        ctx,
        `Moved: ${name} is now ${when(ctx, date)} at ${clock(ctx, start)}. Your schedule shows it now.`,
        `Movida: ${name} ahora es ${when(ctx, date)} a las ${clock(ctx, start)}.`,
      ),
      { visit: visitFacts(toVisit(moved, ctx.timeZone)) },
    ),
    calendarChanged: true,
  };
}

export async function cancelVisit(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const id = stringArg(args, 'visitId');
  if (!id)
    throw new ArgumentError(
      tr(ctx, 'Which visit? Find it first (by day and time, position or patient).', '¿Qué visita?'),
    );
  const found = ctx.calendar.lookup
    ? await ctx.calendar.lookup(id)
    : await ctx.calendar
        .get(id)
        .then((e) => (e ? { state: 'live' as const, event: e } : { state: 'deleted' as const }));
  // Deleted already (a repeated yes): nothing to do. Never on the calendar (a wrong or made-up id): not found.
  if (found.state === 'absent') {
    return result(
      'not_found',
      tr(
        ctx,
        'There is no visit with that id on your calendar. Nothing was changed: find the visit first (by day and time, position or patient).',
        'No hay ninguna visita con ese identificador en tu calendario. No se cambió nada: busca primero la visita.',
      ),
      { visitId: id },
    );
  }
  if (found.state === 'deleted') {
    return result(
      'done',
      tr(
        ctx,
        'That visit is already off your calendar. Nothing else was changed.',
        'Esa visita ya no está en tu calendario.',
      ),
      { visitId: id, calendarChanged: false },
    );
  }
  const visit = toVisit(found.event, ctx.timeZone);
  const name = visitName(visit);
  const what = tr(
    ctx,
    `cancel ${name}'s visit ${when(ctx, visit.date)} at ${clock(ctx, visit.startMinute)}`,
    `cancelar la visita de ${name} ${when(ctx, visit.date)} a las ${clock(ctx, visit.startMinute)}`,
  );
  const facts = { visit: visitFacts(visit), confirmWith: { visitId: visit.id, confirm: true } };
  if (!boolArg(args, 'confirm')) {
    const denied = await writeAllowed(ctx, what, facts);
    if (denied) return denied;
    const call = visit.phone
      ? tr(
          ctx,
          ` The patient's phone is ${visit.phone}, to let them know.`,
          ` El teléfono del paciente es ${visit.phone}.`,
        )
      : '';
    return result(
      'proposal',
      tr(
        ctx,
        `Shall I ${what}? It is removed from your Google Calendar.${call} Say yes to confirm.`,
        `¿Quieres ${what}? Se eliminará de tu Google Calendar.${call} Di sí para confirmar.`,
      ),
      facts,
    );
  }
  const removed = await ctx.calendar.remove(visit.id);
  return removed
    ? {
        ...result(
          'done',
          tr(
            ctx,
            `Cancelled: ${name}'s visit ${when(ctx, visit.date)} at ${clock(ctx, visit.startMinute)}.`,
            `Cancelada: la visita de ${name} ${when(ctx, visit.date)} a las ${clock(ctx, visit.startMinute)}.`,
          ),
          { visit: visitFacts(visit) },
        ),
        calendarChanged: true,
      }
    : result(
        'done',
        tr(
          ctx,
          'That visit is already off your calendar. Nothing else was changed.',
          'Esa visita ya no está en tu calendario.',
        ),
        { visitId: id, calendarChanged: false },
      );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
