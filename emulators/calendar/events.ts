// events.get/insert/patch/delete on one event; writes honour If-Match and a delete cancels the event.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { PlatformContext } from '../context.ts';
import type { DbExecutor } from '../db/db.ts';
import type { Caller } from './caller.ts';
import { alreadyExists, badRequest, deleted, notFound } from './errors.ts';
import { checkIfMatch, optionalText, parseDateTime, privateProperties } from './request.ts';
import { buildEventResource, type EventResource, eventEtag } from './resource.ts';

const EVENT_ID = /^[a-v0-9]{5,1024}$/;

/** events.get: a deleted event is gone (it stays listed as cancelled with showDeleted=true). */
export async function getEvent(ctx: PlatformContext, caller: Caller, eventId: string): Promise<EventResource> {
  const row = (
    await ctx.db.query<{ resource: EventResource }>(
      'select resource from calendar.events where calendar_id = $1 and id = $2',
      [caller.calendarId, eventId],
    )
  ).rows[0];
  if (!row) throw notFound();
  if (row.resource.status === 'cancelled') throw deleted();
  return row.resource;
}

/** The event's row, locked for the write that follows (404 when there is none). */
async function lockEvent(
  tx: DbExecutor,
  caller: Caller,
  eventId: string,
): Promise<{ resource: EventResource; sequence: number }> {
  const row = (
    await tx.query<{ resource: EventResource; sequence: number }>(
      'select resource, sequence from calendar.events where calendar_id = $1 and id = $2 for update',
      [caller.calendarId, eventId],
    )
  ).rows[0];
  if (!row) throw notFound();
  return row;
}

export async function insertEvent(
  ctx: PlatformContext,
  caller: Caller,
  body: Record<string, unknown>,
): Promise<EventResource> {
  const start = parseDateTime(body.start, 'start');
  const end = parseDateTime(body.end, 'end');
  if (end.instant < start.instant) throw badRequest('The specified time range is empty.', 'timeRangeEmpty', 'end');
  const requestedId = body.id;
  if (requestedId !== undefined && (typeof requestedId !== 'string' || !EVENT_ID.test(requestedId))) {
    throw badRequest('Invalid resource id value.', 'invalid', 'id');
  }
  const id = (requestedId as string | undefined) ?? randomBytes(16).toString('hex') /* hex ⊂ base32hex */;
  const now = ctx.now().toISOString();
  const resource = buildEventResource({
    id,
    calendarId: caller.calendarId,
    created: now,
    status: body.status === 'tentative' ? 'tentative' : 'confirmed',
    summary: optionalText(body, 'summary', 1024),
    description: optionalText(body, 'description'),
    location: optionalText(body, 'location', 1024),
    start: start.dt,
    end: end.dt,
    extendedProperties: privateProperties(body),
  });
  const inserted = await ctx.db.query(
    `insert into calendar.events (id, calendar_id, status, starts_at, ends_at, updated_at, created_at, sequence, resource)
     values ($1, $2, $3, $4, $5, $6, $6, 0, $7) on conflict do nothing returning id`,
    [id, caller.calendarId, resource.status, new Date(start.instant), new Date(end.instant), new Date(now), resource],
  );
  if (inserted.rows.length === 0) {
    throw alreadyExists();
  }
  return resource;
}

export async function patchEvent(
  ctx: PlatformContext,
  caller: Caller,
  eventId: string,
  body: Record<string, unknown>,
  req?: IncomingMessage,
): Promise<EventResource> {
  return ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, caller, eventId);
    // Two writers: the one holding a stale etag gets 412 instead of overwriting the other's change.
    if (req) checkIfMatch(req, row.resource.etag);
    const next: EventResource = { ...row.resource };
    for (const key of ['summary', 'description', 'location'] as const) {
      if (key in body) {
        const value = optionalText(body, key);
        if (value === undefined) delete next[key];
        else next[key] = value;
      }
    }
    if ('status' in body) {
      if (!['confirmed', 'tentative', 'cancelled'].includes(String(body.status))) {
        throw badRequest('Invalid value for status.', 'invalid', 'status');
      }
      next.status = String(body.status);
    }
    const start = 'start' in body ? parseDateTime(body.start, 'start') : undefined;
    const end = 'end' in body ? parseDateTime(body.end, 'end') : undefined;
    if (start) next.start = start.dt;
    if (end) next.end = end.dt;
    const startsAt = parseDateTime(next.start, 'start').instant;
    const endsAt = parseDateTime(next.end, 'end').instant;
    if (endsAt < startsAt) throw badRequest('The specified time range is empty.', 'timeRangeEmpty', 'end');
    const ext = privateProperties(body);
    if (ext)
      next.extendedProperties = {
        ...next.extendedProperties,
        private: { ...next.extendedProperties?.private, ...ext.private },
      };
    const updated = ctx.now().toISOString();
    const sequence = row.sequence + (start || end ? 1 : 0);
    next.updated = updated;
    next.sequence = sequence;
    next.etag = eventEtag(eventId, updated, sequence, row.resource.etag);
    await tx.query(
      `update calendar.events set status = $3, starts_at = $4, ends_at = $5, updated_at = $6, sequence = $7, resource = $8
       where calendar_id = $1 and id = $2`,
      [
        caller.calendarId,
        eventId,
        next.status,
        new Date(startsAt),
        new Date(endsAt),
        new Date(updated),
        sequence,
        next,
      ],
    );
    return next;
  });
}

/** events.delete: the event is cancelled (Google keeps deleted events listable with showDeleted). */
export async function deleteEvent(
  ctx: PlatformContext,
  caller: Caller,
  eventId: string,
  req: IncomingMessage,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockEvent(tx, caller, eventId);
    if (row.resource.status === 'cancelled') throw deleted();
    checkIfMatch(req, row.resource.etag);
    const updated = ctx.now().toISOString();
    const next: EventResource = {
      ...row.resource,
      status: 'cancelled',
      updated,
      etag: eventEtag(eventId, updated, row.sequence, row.resource.etag),
    };
    await tx.query(
      `update calendar.events set status = 'cancelled', updated_at = $3, resource = $4 where calendar_id = $1 and id = $2`,
      [caller.calendarId, eventId, new Date(updated), next],
    );
  });
}
