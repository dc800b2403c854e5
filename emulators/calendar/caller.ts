// Who calls the Calendar stand-in: the provider token's user and calendar, checked for expiry and scope.
import type { IncomingMessage } from 'node:http';
import { SEED_TIME_ZONE } from '../../fixtures/time.ts';
import type { PlatformContext } from '../context.ts';
import { bearer } from '../http.ts';
import { insufficientScope, invalidCredentials, loginRequired, notFound } from './errors.ts';

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

export interface Caller {
  userId: string;
  calendarId: string;
  scopes: string[];
  /** The calendar's row, read with the token (one query less on every list). */
  calendar: { summary: string; timeZone: string; updatedAt: Date; eventsVersion: string };
}

/**
 * The caller of `method` (a Google method name, for the 403's ErrorInfo); with `calendarParam`, also checks
 * that the path names the caller's calendar (`primary` or its id), else 404.
 */
export async function authenticate(
  ctx: PlatformContext,
  req: IncomingMessage,
  method: string,
  write: boolean,
  calendarParam?: string,
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
  if (calendarParam !== undefined && calendarParam !== 'primary' && calendarParam !== row.calendar_id) {
    throw notFound();
  }
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
