// /calendar/v3 route table: matches the Google Calendar v3 paths and methods and answers Google's errors.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { BodyTooLargeError, corsHeaders, drain, preflight, sendJson, sendJsonText } from '../http.ts';
import { calendarList } from './calendar-list.ts';
import { authenticate } from './caller.ts';
import { backendError, CalendarError, methodNotAllowed, notFound } from './errors.ts';
import { deleteEvent, getEvent, insertEvent, patchEvent } from './events.ts';
import { listEvents } from './list-events.ts';
import { readJson } from './request.ts';

export { CalendarError };

/**
 * Google Calendar's calendarList and events (list, get, insert, patch, delete) on the primary calendar of
 * the user a provider token belongs to; every error is Google's `{"error":{code,message,errors,status}}`.
 */
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
      const googleMethod = entryId === undefined ? 'calendar.v3.CalendarList.List' : 'calendar.v3.CalendarList.Get';
      const caller = await authenticate(ctx, req, googleMethod, false, entryId);
      return sendJson(res, 200, calendarList(caller, entryId), corsHeaders(req));
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
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.List', false, calendarParam);
        return sendJsonText(res, 200, await listEvents(ctx, caller, url.searchParams), corsHeaders(req));
      }
      if (method === 'POST') {
        const body = await readJson(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Insert', true, calendarParam);
        return sendJson(res, 200, await insertEvent(ctx, caller, body), corsHeaders(req));
      }
    } else {
      if (method === 'PATCH') {
        const body = await readJson(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Patch', true, calendarParam);
        return sendJson(res, 200, await patchEvent(ctx, caller, eventId, body, req), corsHeaders(req));
      }
      if (method === 'DELETE') {
        drain(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Delete', true, calendarParam);
        await deleteEvent(ctx, caller, eventId, req);
        res.writeHead(204, { ...corsHeaders(req), 'Content-Length': '0' });
        res.end();
        return;
      }
      if (method === 'GET' || method === 'HEAD') {
        drain(req);
        const caller = await authenticate(ctx, req, 'calendar.v3.Events.Get', false, calendarParam);
        return sendJson(res, 200, await getEvent(ctx, caller, eventId), corsHeaders(req));
      }
    }
    drain(req);
    throw methodNotAllowed();
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw error;
    if (error instanceof CalendarError) {
      return sendJson(res, error.status, error.body(), { ...corsHeaders(req), ...error.headers });
    }
    throw error;
  }
}
