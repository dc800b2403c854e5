// calendarList.list and calendarList.get: the caller's one (primary) calendar as Google's calendarListEntry.
import { createHash } from 'node:crypto';
import type { Caller } from './caller.ts';

/** calendarList.get's entry, or calendarList.list's one-entry list when `entryId` is undefined. */
export function calendarList(caller: Caller, entryId: string | undefined): unknown {
  const entry = calendarListEntry(caller);
  if (entryId !== undefined) return entry;
  return {
    kind: 'calendar#calendarList',
    etag: entry.etag,
    nextSyncToken: `local-${entry.etag.slice(2, 14)}`,
    items: [entry],
  };
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
