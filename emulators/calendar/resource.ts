// Google Calendar `Event` resources as the stand-in stores and returns them.
import { createHash } from 'node:crypto';

export interface EventDateTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}

export interface EventResource {
  kind: 'calendar#event';
  etag: string;
  id: string;
  status: string;
  htmlLink: string;
  created: string;
  updated: string;
  summary?: string;
  description?: string;
  location?: string;
  creator: { email: string; self: boolean };
  organizer: { email: string; self: boolean };
  start: EventDateTime;
  end: EventDateTime;
  iCalUID: string;
  sequence: number;
  reminders: { useDefault: boolean };
  eventType: string;
  extendedProperties?: { private?: Record<string, string>; shared?: Record<string, string> };
  [key: string]: unknown;
}

/**
 * A new etag for every change, as Google's: chained to the one it replaces, so two writes at the same clock
 * reading (a frozen clock, the same millisecond) still differ and a writer holding the older one gets 412.
 */
export function eventEtag(id: string, updated: string, sequence: number, previous = ''): string {
  const source = `${id}|${updated}|${sequence}|${previous}`;
  const digits = BigInt(`0x${createHash('sha256').update(source).digest('hex').slice(0, 13)}`);
  return `"${digits.toString().padStart(16, '3').slice(0, 16)}"`;
}

export function eventHtmlLink(id: string, calendarId: string): string {
  const eid = Buffer.from(`${id} ${calendarId}`).toString('base64url');
  return `https://www.google.com/calendar/event?eid=${eid}`;
}

export function buildEventResource(input: {
  id: string;
  calendarId: string;
  created: string;
  updated?: string;
  status?: string;
  summary?: string;
  description?: string;
  location?: string;
  start: EventDateTime;
  end: EventDateTime;
  sequence?: number;
  extendedProperties?: EventResource['extendedProperties'];
}): EventResource {
  const updated = input.updated ?? input.created;
  const sequence = input.sequence ?? 0;
  const resource: EventResource = {
    kind: 'calendar#event',
    etag: eventEtag(input.id, updated, sequence),
    id: input.id,
    status: input.status ?? 'confirmed',
    htmlLink: eventHtmlLink(input.id, input.calendarId),
    created: input.created,
    updated,
    creator: { email: input.calendarId, self: true },
    organizer: { email: input.calendarId, self: true },
    start: input.start,
    end: input.end,
    iCalUID: `${input.id}@google.com`,
    sequence,
    reminders: { useDefault: true },
    eventType: 'default',
  };
  if (input.summary !== undefined) resource.summary = input.summary;
  if (input.description !== undefined) resource.description = input.description;
  if (input.location !== undefined) resource.location = input.location;
  if (input.extendedProperties) resource.extendedProperties = input.extendedProperties;
  return resource;
}
