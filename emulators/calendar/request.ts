// Reading a Calendar request: its JSON body, its If-Match header and the fields of an Event resource in it.
import type { IncomingMessage } from 'node:http';
import { zonedDateTime } from '../../core/time/zoned-time.ts';
import { SEED_TIME_ZONE } from '../../fixtures/time.ts';
import { readBody } from '../http.ts';
import { isValidDate, parseRfc3339 } from '../input.ts';
import { badRequest, preconditionFailed } from './errors.ts';
import type { EventDateTime, EventResource } from './resource.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const text = await readBody(req);
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badRequest('Parse Error', 'parseError');
}

/** `If-Match`: `*` or a list of etags, one of which must be the event's current etag (else 412). */
export function checkIfMatch(req: IncomingMessage, etag: string): void {
  const header = req.headers['if-match'];
  if (header === undefined) return;
  const value = (Array.isArray(header) ? header.join(',') : header).trim();
  if (value === '*') return;
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [value];
  if (!tags.some((tag) => tag.replace(/^W\//, '') === etag)) throw preconditionFailed();
}

export function parseDateTime(value: unknown, field: string): { dt: EventDateTime; instant: number } {
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

export function optionalText(body: Record<string, unknown>, key: string, max = 8192): string | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`Invalid value for ${key}.`, 'invalid', key);
  return value.slice(0, max);
}

export function privateProperties(body: Record<string, unknown>): EventResource['extendedProperties'] {
  const ext = body.extendedProperties as { private?: unknown } | undefined;
  if (!ext || typeof ext !== 'object' || typeof ext.private !== 'object' || ext.private === null) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(ext.private as Record<string, unknown>)) {
    if (typeof v === 'string') out[k.slice(0, 44)] = v.slice(0, 1024);
  }
  return { private: out };
}
