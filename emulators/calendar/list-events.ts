// events.list: one page of the caller's events (Postgres or the list cache) as Google's calendar#events.
import { createHash, randomBytes } from 'node:crypto';
import type { PlatformContext } from '../context.ts';
import type { Caller } from './caller.ts';
import { type CachedPage, listCacheOf } from './list-cache.ts';
import { type ListQuery, parseListQuery } from './list-query.ts';
import { encodePageToken, queryFingerprint } from './page-token.ts';

/** events.list, serialised: the page's JSON bytes (the events' JSON comes from Postgres as text, or the cache). */
export async function listEvents(ctx: PlatformContext, caller: Caller, params: URLSearchParams): Promise<Buffer> {
  const query = parseListQuery(params);
  const { order, timeMin, timeMax, showDeleted, maxResults, offset } = query;
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
    page = await queryPage(ctx, caller, query);
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
async function queryPage(ctx: PlatformContext, caller: Caller, query: ListQuery): Promise<CachedPage> {
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
