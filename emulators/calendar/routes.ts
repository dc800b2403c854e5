// /calendar/v3: Google Calendar's events.list, events.insert and events.patch on the primary calendar of
// the user a provider token (`ya29.local-…`, from the local sign-in) belongs to. Reads need a calendar
// scope; writes need https://www.googleapis.com/auth/calendar or …/calendar.events. Error bodies are
// Google's `{"error":{code,message,errors,status}}`.
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { zonedDateTime } from '../../core/time/zoned-time.ts';
import { SEED_TIME_ZONE } from '../../fixtures/time.ts';
import type { PlatformContext } from '../context.ts';
import { BodyTooLargeError, bearer, corsHeaders, drain, preflight, readBody, sendJson, sendJsonText } from '../http.ts';
import { isValidDate, MAX_PAGING_NUMBER, parseRfc3339 } from '../input.ts';
import { type CachedPage, listCacheOf } from './list-cache.ts';
import { buildEventResource, type EventDateTime, type EventResource, eventEtag } from './resource.ts';

const READ_SCOPES = new Set([
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.readonly',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.events.readonly',
  'https://www.googleapis.com/auth/calendar.events.owned',
  'https://www.googleapis.com/auth/calendar.events.owned.readonly',
]);
const WRITE_SCOPES = new Set([
  'https://www.googleapis.com/auth/calendar',
  'https://www.googleapis.com/auth/calendar.events',
  'https://www.googleapis.com/auth/calendar.events.owned',
]);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const EVENT_ID = /^[a-v0-9]{5,1024}$/;

interface GoogleErrorItem {
  domain: string;
  reason: string;
  message: string;
  location?: string;
  locationType?: string;
}

export class CalendarError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly items: GoogleErrorItem[],
    message?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? items[0]?.message ?? 'Error');
  }
  body(): unknown {
    return {
      error: { code: this.status, message: this.message, errors: this.items, status: this.statusText, ...this.extra },
    };
  }
}

function badRequest(message: string, reason = 'badRequest', location?: string): CalendarError {
  const item: GoogleErrorItem = { domain: 'global', reason, message };
  if (location) {
    item.locationType = 'parameter';
    item.location = location;
  }
  return new CalendarError(400, 'INVALID_ARGUMENT', [item], message);
}

const UNAUTHENTICATED_MESSAGE =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

function loginRequired(): CalendarError {
  return new CalendarError(
    401,
    'UNAUTHENTICATED',
    [
      {
        domain: 'global',
        reason: 'required',
        message: 'Login Required',
        locationType: 'header',
        location: 'Authorization',
      },
    ],
    'Login Required.',
    {},
    { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/"' },
  );
}

function invalidCredentials(): CalendarError {
  return new CalendarError(
    401,
    'UNAUTHENTICATED',
    [
      {
        message: 'Invalid Credentials',
        domain: 'global',
        reason: 'authError',
        location: 'Authorization',
        locationType: 'header',
      },
    ],
    UNAUTHENTICATED_MESSAGE,
    {},
    { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );
}

function insufficientScope(method: string): CalendarError {
  return new CalendarError(
    403,
    'PERMISSION_DENIED',
    [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
    'Request had insufficient authentication scopes.',
    {
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
          domain: 'googleapis.com',
          metadata: { service: 'calendar-json.googleapis.com', method },
        },
      ],
    },
    { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"' },
  );
}

function notFound(): CalendarError {
  return new CalendarError(
    404,
    'NOT_FOUND',
    [{ domain: 'global', reason: 'notFound', message: 'Not Found' }],
    'Not Found',
  );
}

function deleted(): CalendarError {
  return new CalendarError(
    410,
    'NOT_FOUND',
    [{ domain: 'global', reason: 'deleted', message: 'Resource has been deleted' }],
    'Resource has been deleted',
  );
}

function preconditionFailed(): CalendarError {
  return new CalendarError(
    412,
    'FAILED_PRECONDITION',
    [
      {
        domain: 'global',
        reason: 'conditionNotMet',
        message: 'Precondition Failed',
        locationType: 'header',
        location: 'If-Match',
      },
    ],
    'Precondition Failed',
  );
}

/** `If-Match`: `*` or a list of etags, one of which must be the event's current etag (else 412). */
function checkIfMatch(req: IncomingMessage, etag: string): void {
  const header = req.headers['if-match'];
  if (header === undefined) return;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return;
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [value];
  if (!tags.some((tag) => tag.replace(/^W\//, '') === etag)) throw preconditionFailed();
}

function backendError(): CalendarError {
  return new CalendarError(
    500,
    'INTERNAL',
    [{ domain: 'global', reason: 'backendError', message: 'Backend Error' }],
    'Backend Error',
  );
}

interface Caller {
  userId: string;
  calendarId: string;
  scopes: string[];
  /** The calendar's row, read with the token (one query less on every list). */
  calendar: { summary: string; timeZone: string; updatedAt: Date; eventsVersion: string };
}

async function authenticate(
  ctx: PlatformContext,
  req: IncomingMessage,
  method: string,
  write: boolean,
): Promise<Caller> {
  const authorization = req.headers.authorization;
  if (!authorization) throw loginRequired();
  const token = bearer(req);
  if (!token || token.length > 4096) throw invalidCredentials();
  const row = (
    await ctx.db.query<{
      user_id: string;
      scopes: string[];
      expires_at: Date;
      calendar_id: string | null;
      summary: string | null;
      time_zone: string | null;
      updated_at: Date | null;
      events_version: string | null;
    }>(
      `select t.user_id, t.scopes, t.expires_at, c.id as calendar_id, c.summary, c.time_zone, c.updated_at,
         c.events_version::text as events_version
       from local_oauth.provider_tokens t left join calendar.calendars c on c.user_id = t.user_id where t.token = $1`,
      [token],
    )
  ).rows[0];
  if (!row || new Date(row.expires_at).getTime() <= ctx.now().getTime()) throw invalidCredentials();
  const allowed = write ? WRITE_SCOPES : READ_SCOPES;
  if (!row.scopes.some((s) => allowed.has(s))) throw insufficientScope(method);
  if (!row.calendar_id) throw notFound();
  return {
    userId: row.user_id,
    calendarId: row.calendar_id,
    scopes: row.scopes,
    calendar: {
      summary: row.summary ?? row.calendar_id,
      timeZone: row.time_zone ?? SEED_TIME_ZONE,
      updatedAt: new Date(row.updated_at ?? 0),
      eventsVersion: row.events_version ?? '',
    },
  };
}

export async function handleCalendar(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (method === 'OPTIONS') {
    drain(req);
    return preflight(req, res, 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
  }
  try {
    if (ctx.faults.calendar === 'down') {
      drain(req);
      req.socket.destroy();
      return;
    }
    if (ctx.faults.calendar === '500') {
      drain(req);
      throw backendError();
    }
    const list = /^\/users\/me\/calendarList(?:\/([^/]+))?\/?$/.exec(path);
    if (list && (method === 'GET' || method === 'HEAD')) {
      drain(req);
      const entryId = list[1] === undefined ? undefined : decodeURIComponent(list[1]);
      const caller = await authenticate(
        ctx,
        req,
        entryId === undefined ? 'calendar.v3.CalendarList.List' : 'calendar.v3.CalendarList.Get',
        false,
      );
      if (entryId !== undefined) checkCalendar(caller, entryId);
      const entry = calendarListEntry(caller);
      if (entryId !== undefined) return sendJson(res, 200, entry, corsHeaders(req));
      return sendJson(
        res,
        200,
        {
          kind: 'calendar#calendarList',
          etag: entry.etag,
          nextSyncToken: `local-${entry.etag.slice(2, 14)}`,
          items: [entry],
        },
        corsHeaders(req),
      );
    }
    const match = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?\/?$/.exec(path);
    if (!match) {
      drain(req);
      throw notFound();
    }
    const calendarParam = decodeURIComponent(match[1] ?? '');
    const eventId = match[2] === undefined ? undefined : decodeURIComponent(match[2]);
    if (eventId === undefined) {
      if (method === 'GET' || method === 'HEAD') {
        drain(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.List', false);
        checkCalendar(caller, calendarParam);
        return sendJsonText(res, 200, await listEvents(ctx, caller, url.searchParams), corsHeaders(req));
      }
      if (method === 'POST') {
        const body = await readJson(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Insert', true);
        checkCalendar(caller, calendarParam);
        return sendJson(res, 200, await insertEvent(ctx, caller, body), corsHeaders(req));
      }
    } else {
      if (method === 'PATCH') {
        const body = await readJson(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Patch', true);
        checkCalendar(caller, calendarParam);
        return sendJson(res, 200, await patchEvent(ctx, caller, eventId, body, req), corsHeaders(req));
      }
      if (method === 'DELETE') {
        drain(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Delete', true);
        checkCalendar(caller, calendarParam);
        await deleteEvent(ctx, caller, eventId, req);
        res.writeHead(204, { ...corsHeaders(req), 'Content-Length': '0' });
        res.end();
        return;
      }
      if (method === 'GET' || method === 'HEAD') {
        drain(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Get', false);
        checkCalendar(caller, calendarParam);
        const row = (
          await ctx.db.query<{ resource: EventResource }>(
            'select resource from calendar.events where calendar_id = $1 and id = $2',
            [caller.calendarId, eventId],
          )
        ).rows[0];
        if (!row) throw notFound();
        // A deleted event is gone for get (it stays listed as cancelled with showDeleted=true).
        if (row.resource.status === 'cancelled') throw deleted();
        return sendJson(res, 200, row.resource, corsHeaders(req));
      }
    }
    drain(req);
    throw new CalendarError(
      405,
      'METHOD_NOT_ALLOWED',
      [{ domain: 'global', reason: 'httpMethodNotAllowed', message: 'Method Not Allowed' }],
      'Method Not Allowed',
    );
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    if (error instanceof CalendarError) {
      return sendJson(res, error.status, error.body(), { ...corsHeaders(req), ...error.headers });
    }
    throw error;
  }
}

function checkCalendar(caller: Caller, calendarParam: string): void {
  if (calendarParam !== 'primary' && calendarParam !== caller.calendarId) throw notFound();
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badRequest('Parse Error', 'parseError');
}

function parseTime(value: string | null): number | undefined {
  if (value === null) return undefined;
  // Strict: a real calendar day, an offset, years 0001–9999 (Date.parse would roll February 30 over).
  const ms = parseRfc3339(value);
  if (ms === undefined) throw badRequest('Bad Request');
  return ms;
}

interface PageToken {
  o: number;
  q: string;
}

function queryFingerprint(params: URLSearchParams): string {
  const keys = ['timeMin', 'timeMax', 'singleEvents', 'orderBy', 'q', 'showDeleted', 'updatedMin'];
  return createHash('sha256')
    .update(keys.map((k) => `${k}=${params.get(k) ?? ''}`).join('&'))
    .digest('base64url')
    .slice(0, 12);
}

function encodePageToken(token: PageToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodePageToken(raw: string, fingerprint: string): PageToken {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<PageToken>;
    if (
      typeof value.o === 'number' &&
      Number.isSafeInteger(value.o) &&
      value.o >= 0 &&
      value.o <= MAX_PAGING_NUMBER &&
      value.q === fingerprint
    ) {
      return { o: value.o, q: value.q };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid Value', 'invalid', 'pageToken');
}

/** events.list, serialised: the page's JSON bytes (the events' JSON comes from Postgres as text, or the cache). */
async function listEvents(ctx: PlatformContext, caller: Caller, params: URLSearchParams): Promise<Buffer> {
  const timeMin = parseTime(params.get('timeMin'));
  const timeMax = parseTime(params.get('timeMax'));
  if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
    throw new CalendarError(
      400,
      'INVALID_ARGUMENT',
      [
        {
          domain: 'calendar',
          reason: 'timeRangeEmpty',
          message: 'The specified time range is empty.',
          locationType: 'parameter',
          location: 'timeMax',
        },
      ],
      'The specified time range is empty.',
    );
  }
  const singleEventsRaw = params.get('singleEvents');
  if (singleEventsRaw !== null && !['true', 'false'].includes(singleEventsRaw)) {
    throw badRequest(
      `Invalid value '${singleEventsRaw.slice(0, 100)}'. Values must be true or false.`,
      'invalidParameter',
      'singleEvents',
    );
  }
  const orderBy = params.get('orderBy');
  if (orderBy !== null && orderBy !== 'startTime' && orderBy !== 'updated') {
    throw badRequest(`Invalid value for: ${orderBy.slice(0, 100)} is not a valid value`, 'invalidParameter', 'orderBy');
  }
  if (orderBy === 'startTime' && singleEventsRaw !== 'true') {
    throw badRequest('The requested ordering is not available for the particular query.', 'badRequest');
  }
  const maxRaw = params.get('maxResults');
  const maxResults = maxRaw === null ? 250 : Number(maxRaw);
  if (maxRaw !== null && (!/^\d+$/.test(maxRaw) || maxResults < 1 || maxResults > 2500)) {
    throw badRequest(
      `Invalid value '${maxRaw.slice(0, 100)}'. Values must be within the range: [1, 2500]`,
      'invalid',
      'maxResults',
    );
  }
  if (params.get('syncToken') !== null) {
    throw badRequest('syncToken is not supported by the HomeRounds local platform', 'badRequest', 'syncToken');
  }
  const pageTokenRaw = params.get('pageToken');
  const offset = pageTokenRaw ? decodePageToken(pageTokenRaw, queryFingerprint(params)).o : 0;
  const showDeleted = params.get('showDeleted') === 'true';
  const order =
    orderBy === 'startTime' ? 'starts_at, ends_at, id' : orderBy === 'updated' ? 'updated_at, id' : 'created_at, id';
  // While the calendar's events version stands (a trigger bumps it on every write), the page is the same bytes.
  const cache = listCacheOf(ctx.db);
  const key = [
    caller.calendarId,
    caller.calendar.eventsVersion,
    order,
    timeMin,
    timeMax,
    showDeleted,
    maxResults,
    offset,
  ]
    .map(String)
    .join('\n');
  let page = caller.calendar.eventsVersion ? cache.get(key) : undefined;
  if (!page) {
    page = await queryPage(ctx, caller, { order, timeMin, timeMax, showDeleted, maxResults, offset });
    if (caller.calendar.eventsVersion) cache.set(key, page);
  }
  const calendar = caller.calendar;
  let updated = calendar.updatedAt.toISOString();
  if (page.updated && page.updated > updated) updated = page.updated;
  const head: Record<string, unknown> = {
    kind: 'calendar#events',
    etag: `"p${createHash('sha256').update(`${caller.calendarId}|${updated}|${offset}`).digest('hex').slice(0, 14)}"`,
    summary: calendar.summary,
    description: '',
    updated,
    timeZone: calendar.timeZone,
    accessRole: 'owner',
    defaultReminders: [{ method: 'popup', minutes: 10 }],
  };
  if (page.more) head.nextPageToken = encodePageToken({ o: offset + maxResults, q: queryFingerprint(params) });
  else head.nextSyncToken = `local-${randomBytes(12).toString('base64url')}`;
  const text = JSON.stringify(head);
  return Buffer.concat([Buffer.from(`${text.slice(0, -1)},"items":`), page.items, CLOSE_BRACE]);
}

const CLOSE_BRACE = Buffer.from('}');

/** One page of events from the database, as the JSON text Postgres keeps (resource_text), not re-serialised. */
async function queryPage(
  ctx: PlatformContext,
  caller: Caller,
  query: {
    order: string;
    timeMin: number | undefined;
    timeMax: number | undefined;
    showDeleted: boolean;
    maxResults: number;
    offset: number;
  },
): Promise<CachedPage> {
  const { rows } = await ctx.db.query<{ resource: string; updated: string | null }>(
    `select resource_text as resource, resource->>'updated' as updated from calendar.events
     where calendar_id = $1
       and ($2::timestamptz is null or ends_at > $2::timestamptz)
       and ($3::timestamptz is null or starts_at < $3::timestamptz)
       and ($4::boolean or status <> 'cancelled')
     order by ${query.order}
     limit $5 offset $6`,
    [
      caller.calendarId,
      query.timeMin === undefined ? null : new Date(query.timeMin),
      query.timeMax === undefined ? null : new Date(query.timeMax),
      query.showDeleted,
      query.maxResults + 1,
      query.offset,
    ],
  );
  const items = rows.slice(0, query.maxResults);
  let updated: string | null = null;
  for (const item of items) if (item.updated && (updated === null || item.updated > updated)) updated = item.updated;
  return {
    items: Buffer.from(`[${items.map((item) => item.resource).join(',')}]`),
    updated,
    more: rows.length > query.maxResults,
  };
}

function parseDateTime(value: unknown, field: string): { dt: EventDateTime; instant: number } {
  if (typeof value !== 'object' || value === null) throw badRequest(`Missing ${field} time.`, 'required', field);
  const v = value as Record<string, unknown>;
  if (typeof v.date === 'string' && DATE.test(v.date) && isValidDate(v.date)) {
    return { dt: { date: v.date }, instant: zonedDateTime(v.date, 0, SEED_TIME_ZONE).instant.getTime() };
  }
  const instant = typeof v.dateTime === 'string' ? parseRfc3339(v.dateTime) : undefined;
  if (typeof v.dateTime === 'string' && instant !== undefined) {
    const dt: EventDateTime = { dateTime: v.dateTime };
    if (typeof v.timeZone === 'string') dt.timeZone = v.timeZone.slice(0, 64);
    return { dt, instant };
  }
  throw badRequest('Invalid start or end time.', 'invalid', field);
}

function optionalText(body: Record<string, unknown>, key: string, max = 8192): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Invalid value for ${key}.`, 'invalid', key);
  return value.slice(0, max);
}

function privateProperties(body: Record<string, unknown>): EventResource['extendedProperties'] {
  const ext = body.extendedProperties as { private?: unknown } | undefined;
  if (!ext || typeof ext !== 'object' || typeof ext.private !== 'object' || ext.private === null) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ext.private as Record<string, unknown>)) {
    if (typeof v === 'string') out[k.slice(0, 44)] = v.slice(0, 1024);
  }
  return { private: out };
}

async function insertEvent(
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
    throw new CalendarError(
      409,
      'ALREADY_EXISTS',
      [{ domain: 'global', reason: 'duplicate', message: 'The requested identifier already exists.' }],
      'The requested identifier already exists.',
    );
  }
  return resource;
}

async function patchEvent(
  ctx: PlatformContext,
  caller: Caller,
  eventId: string,
  body: Record<string, unknown>,
  req?: IncomingMessage,
): Promise<EventResource> {
  return ctx.db.transaction(async (tx) => {
    const row = (
      await tx.query<{ resource: EventResource; sequence: number }>(
        'select resource, sequence from calendar.events where calendar_id = $1 and id = $2 for update',
        [caller.calendarId, eventId],
      )
    ).rows[0];
    if (!row) throw notFound();
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
async function deleteEvent(ctx: PlatformContext, caller: Caller, eventId: string, req: IncomingMessage): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = (
      await tx.query<{ resource: EventResource; sequence: number }>(
        'select resource, sequence from calendar.events where calendar_id = $1 and id = $2 for update',
        [caller.calendarId, eventId],
      )
    ).rows[0];
    if (!row) throw notFound();
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

/** The caller's one calendar as a calendar#calendarListEntry. */
function calendarListEntry(caller: Caller): Record<string, unknown> & { etag: string } {
  const updated = caller.calendar.updatedAt.toISOString();
  return {
    kind: 'calendar#calendarListEntry',
    etag: `"${createHash('sha256').update(`${caller.calendarId}|${updated}`).digest('hex').slice(0, 16)}"`,
    id: caller.calendarId,
    summary: caller.calendarId,
    timeZone: 'America/Chicago',
    colorId: '14',
    backgroundColor: '#9fe1e7',
    foregroundColor: '#000000',
    selected: true,
    accessRole: 'owner',
    defaultReminders: [{ method: 'popup', minutes: 10 }],
    notificationSettings: { notifications: [] },
    primary: true,
    conferenceProperties: { allowedConferenceSolutionTypes: ['hangoutsMeet'] },
  };
}
