// Agency dispatch on the local platform (`homerounds dispatch --date D --local`): every seeded clinician's day
// in one read, and a reassignment applied one visit at a time.
//
// Why a /__local hook and not the Calendar API: dispatch reads and writes every clinician's calendar, and the
// calendar stand-in (like a clinician's own Google token) reaches one primary calendar only. A hosted agency would
// do this with delegated access to each clinician's calendar and Google's events.move (the event keeps its id and
// moves to another calendar in one call) followed by events.patch for the new time; the stand-in has neither
// delegation nor events.move, and insert-then-delete over two tokens would leave a visit on two calendars (or on
// none) when the second call fails. So the hook does what events.move + patch would: the same event id moves to
// the other calendar with its new start, in one transaction per visit (fixtures.visits follows in the same one).
// Each move names where the plan saw the visit; a visit that is elsewhere is a conflict and stays where it is,
// and a visit already where the move puts it is left alone, so applying the same plan twice changes nothing.

import { hhmmToMinutes, minutesToHhmm, zonedDateTime, zonedMinute } from '../core/time/zoned-time.ts';
import { generateSeed } from '../fixtures/seed.ts';
import { SEED_TIME_ZONE } from '../fixtures/time.ts';
import { buildEventResource, type EventResource, eventEtag } from './calendar/resource.ts';
import type { PlatformContext } from './context.ts';
import type { DbExecutor } from './db/db.ts';

/**
 * The agency's working hours on the local platform: the seed has no shifts. 07:00 is the earliest any seeded
 * patient window opens; 19:00 ends a twelve-hour day (a booked day that runs later widens that clinician's hours
 * for the day: cli/handlers/route-dispatch-day.ts).
 */
export const LOCAL_AGENCY_SHIFT = { start: '07:00', end: '19:00' } as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export interface LocalDispatchMove {
  eventId: string;
  from: { clinician: string; start: string; end: string };
  to: { clinician: string; start: string; end: string };
}

export type LocalMoveResult = {
  eventId: string;
  status: 'moved' | 'unchanged' | 'conflict' | 'missing';
  message?: string;
};

/** Chicago midnight to the next midnight of a date. */
function dayBounds(date: string): { from: Date; to: Date } {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return {
    from: zonedDateTime(date, 0, SEED_TIME_ZONE).instant,
    to: zonedDateTime(next.toISOString().slice(0, 10), 0, SEED_TIME_ZONE).instant,
  };
}

/** The seeded clinicians (people do not depend on the date) who have a calendar on this platform. */
async function clinicians(ctx: PlatformContext) {
  const calendars = new Set(
    (await ctx.db.query<{ id: string }>('select id from calendar.calendars')).rows.map((r) => r.id.toLowerCase()),
  );
  return generateSeed({ today: '2026-01-01' }).clinicians.filter((c) => calendars.has(c.email.toLowerCase()));
}

/** Every seeded clinician's day: who they are, the day's visits (with the patient and window) and other events. */
export async function localDispatchDay(ctx: PlatformContext, date: string): Promise<Record<string, unknown>> {
  const people = await clinicians(ctx);
  // The home on a clinician's profile (set on the dashboard) is where their day starts; the seeded one otherwise.
  const profileHomes = new Map(
    (
      await ctx.db.query<{ email: string; home_label: string | null; home_lat: number; home_lng: number }>(
        `select lower(u.email) as email, p.home_label, p.home_lat, p.home_lng from public.profiles p
         join auth.users u on u.id = p.id where p.home_lat is not null and p.home_lng is not null`,
      )
    ).rows.map((r) => [r.email, { address: r.home_label ?? '', lat: Number(r.home_lat), lng: Number(r.home_lng) }]),
  );
  const discipline = new Map(people.map((c) => [c.email.toLowerCase(), c.discipline]));
  const { from, to } = dayBounds(date);
  const { rows } = await ctx.db.query<{ calendar_id: string; resource: EventResource; starts_at: Date; ends_at: Date }>(
    `select calendar_id, resource, starts_at, ends_at from calendar.events
     where status <> 'cancelled' and starts_at >= $1 and starts_at < $2 order by starts_at, id`,
    [from, to],
  );
  const patients = new Map(
    (
      await ctx.db.query<{ id: string; full_name: string; email: string | null }>(
        `select p.id, p.full_name, u.email from fixtures.patients p left join auth.users u on u.id = p.clinician_id`,
      )
    ).rows.map((p) => [p.id, p]),
  );
  // Continuity: the clinician of the patient's latest visit before this day, else the patient's own clinician.
  const last = new Map(
    (
      await ctx.db.query<{ patient: string; calendar_id: string }>(
        `select distinct on (resource->'extendedProperties'->'private'->>'homeroundsPatientId')
           resource->'extendedProperties'->'private'->>'homeroundsPatientId' as patient, calendar_id
         from calendar.events
         where status <> 'cancelled' and ends_at <= $1
           and resource->'extendedProperties'->'private' ? 'homeroundsPatientId'
         order by resource->'extendedProperties'->'private'->>'homeroundsPatientId', starts_at desc, id`,
        [from],
      )
    ).rows.map((r) => [r.patient, r.calendar_id]),
  );
  const visits: unknown[] = [];
  const otherEvents: unknown[] = [];
  for (const row of rows) {
    const event = row.resource;
    if (event.start.date !== undefined) continue; // all-day: a label on the day, not time taken
    const clinician = row.calendar_id;
    const start = minutesToHhmm(zonedMinute(new Date(row.starts_at), SEED_TIME_ZONE));
    const end = minutesToHhmm(zonedMinute(new Date(row.ends_at), SEED_TIME_ZONE));
    const props = event.extendedProperties?.private ?? {};
    const lat = Number(props.lat);
    const lng = Number(props.lng);
    if (!props.lat || !props.lng || !Number.isFinite(lat) || !Number.isFinite(lng)) {
      otherEvents.push({ eventId: event.id, clinician, title: event.summary ?? '(no title)', start, end });
      continue;
    }
    const patientId = props.homeroundsPatientId;
    const patient = patientId ? patients.get(patientId) : undefined;
    const windowStart = props.windowStart;
    const windowEnd = props.windowEnd;
    visits.push({
      eventId: event.id,
      clinician,
      // What the visit needs: the event's `skill` property, else the discipline of the clinician it is booked with.
      skill: props.skill ?? discipline.get(clinician.toLowerCase()) ?? null,
      patientId: patientId ?? null,
      patient: patient?.full_name ?? event.summary ?? null,
      address: event.location ?? null,
      lat,
      lng,
      start,
      end,
      durationMinutes: Math.round((new Date(row.ends_at).getTime() - new Date(row.starts_at).getTime()) / 60_000),
      window:
        windowStart && windowEnd && HHMM.test(windowStart) && HHMM.test(windowEnd)
          ? { start: windowStart, end: windowEnd }
          : null,
      lastClinician: (patientId && (last.get(patientId) ?? patient?.email)) || null,
    });
  }
  return {
    date,
    timeZone: SEED_TIME_ZONE,
    clinicians: people.map((c) => ({
      email: c.email,
      name: c.fullName,
      discipline: c.discipline,
      home: profileHomes.get(c.email.toLowerCase()) ?? c.home,
      shift: LOCAL_AGENCY_SHIFT,
    })),
    visits,
    otherEvents,
  };
}

/** Checks a move from the request; returns a message for the first problem. */
export function moveProblem(value: unknown, index: number): string | undefined {
  const where = `moves[${index}]`;
  if (typeof value !== 'object' || value === null) return `${where} must be an object`;
  const move = value as Record<string, unknown>;
  if (typeof move.eventId !== 'string' || move.eventId === '') return `${where}.eventId must be a string`;
  for (const side of ['from', 'to'] as const) {
    const s = move[side] as Record<string, unknown> | undefined;
    if (typeof s !== 'object' || s === null || typeof s.clinician !== 'string')
      return `${where}.${side} must be {"clinician", "start", "end"}`;
    for (const key of ['start', 'end'] as const)
      if (typeof s[key] !== 'string' || !HHMM.test(s[key] as string)) return `${where}.${side}.${key} must be "HH:MM"`;
    if (hhmmToMinutes(s.end as string) <= hhmmToMinutes(s.start as string))
      return `${where}.${side} must end after it starts`;
  }
  return undefined;
}

/** Applies each move in its own transaction; a move that fails leaves its visit where it was. */
export async function localDispatchApply(
  ctx: PlatformContext,
  date: string,
  moves: readonly LocalDispatchMove[],
): Promise<LocalMoveResult[]> {
  const known = new Set((await clinicians(ctx)).map((c) => c.email.toLowerCase()));
  const results: LocalMoveResult[] = [];
  for (const move of moves) {
    if (!known.has(move.to.clinician.toLowerCase())) {
      results.push({ eventId: move.eventId, status: 'conflict', message: `no seeded clinician ${move.to.clinician}` });
      continue;
    }
    results.push(await ctx.db.transaction((tx) => applyMove(ctx, tx, date, move)));
  }
  return results;
}

async function applyMove(
  ctx: PlatformContext,
  tx: DbExecutor,
  date: string,
  move: LocalDispatchMove,
): Promise<LocalMoveResult> {
  const { from, to } = dayBounds(date);
  const row = (
    await tx.query<{ calendar_id: string; resource: EventResource; sequence: number; starts_at: Date; ends_at: Date }>(
      `select calendar_id, resource, sequence, starts_at, ends_at from calendar.events
       where id = $1 and status <> 'cancelled' and starts_at >= $2 and starts_at < $3 for update`,
      [move.eventId, from, to],
    )
  ).rows;
  if (row.length !== 1) {
    return {
      eventId: move.eventId,
      status: 'missing',
      message: row.length === 0 ? `no event ${move.eventId} on ${date}` : 'the event id is on several calendars',
    };
  }
  const current = row[0] as (typeof row)[number];
  const at = (side: LocalDispatchMove['from']) =>
    current.calendar_id.toLowerCase() === side.clinician.toLowerCase() &&
    new Date(current.starts_at).getTime() ===
      zonedDateTime(date, hhmmToMinutes(side.start), SEED_TIME_ZONE).instant.getTime() &&
    new Date(current.ends_at).getTime() ===
      zonedDateTime(date, hhmmToMinutes(side.end), SEED_TIME_ZONE).instant.getTime();
  if (at(move.to)) return { eventId: move.eventId, status: 'unchanged' };
  if (!at(move.from)) {
    return {
      eventId: move.eventId,
      status: 'conflict',
      message: `changed since the plan was made (now on ${current.calendar_id}); left where it is`,
    };
  }
  const start = zonedDateTime(date, hhmmToMinutes(move.to.start), SEED_TIME_ZONE);
  const end = zonedDateTime(date, hhmmToMinutes(move.to.end), SEED_TIME_ZONE);
  const calendarId = move.to.clinician.toLowerCase();
  const updated = ctx.now().toISOString();
  const sequence = current.sequence + 1;
  const old = current.resource;
  // As events.move + patch: same id, the new calendar as organizer, new times, sequence bumped.
  const resource: EventResource = {
    ...old,
    ...buildEventResource({
      id: old.id,
      calendarId,
      created: old.created,
      updated,
      status: old.status,
      summary: old.summary,
      description: old.description,
      location: old.location,
      start: { dateTime: start.rfc3339, timeZone: SEED_TIME_ZONE },
      end: { dateTime: end.rfc3339, timeZone: SEED_TIME_ZONE },
      sequence,
      extendedProperties: old.extendedProperties,
    }),
    etag: eventEtag(old.id, updated, sequence, old.etag),
  };
  await tx.query(
    `update calendar.events set calendar_id = $3, starts_at = $4, ends_at = $5, updated_at = $6, sequence = $7, resource = $8
     where calendar_id = $1 and id = $2`,
    [current.calendar_id, old.id, calendarId, start.instant, end.instant, new Date(updated), sequence, resource],
  );
  await tx.query(
    `update fixtures.visits set clinician_id = (select user_id from calendar.calendars where id = $2),
       starts_at = $3, ends_at = $4 where event_id = $1`,
    [old.id, calendarId, start.instant, end.instant],
  );
  return { eventId: move.eventId, status: 'moved' };
}
