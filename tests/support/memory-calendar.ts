// An in-memory calendar port over the deterministic seed: the tools' unit tests run against exactly the
// events the local platform serves, without a database, and can see every write.
import type { CalendarEvent, ProviderEvent } from '../../core/calendar/calendar.types.ts';
import type { CalendarPort, NewCalendarEvent } from '../../core/calendar/google-calendar.ts';
import { mapProviderEvent } from '../../core/calendar/map-events.ts';
import { generateSeed, type Seed, type SeedEvent } from '../../fixtures/seed.ts';

export interface MemoryCalendar extends CalendarPort {
  events: Map<string, CalendarEvent>;
  writes: Array<{ kind: 'insert' | 'move' | 'remove'; id: string }>;
}

function toProvider(e: SeedEvent): ProviderEvent {
  const item: ProviderEvent = { id: e.id, start: e.start, end: e.end };
  if (e.summary !== undefined) item.summary = e.summary;
  if (e.description !== undefined) item.description = e.description;
  if (e.location !== undefined) item.location = e.location;
  if (e.extendedProperties) item.extendedProperties = e.extendedProperties;
  return item;
}

export function seedFor(today: string): Seed {
  return generateSeed({ today });
}

export function memoryCalendar(seed: Seed, email: string, timeZone = 'America/Chicago'): MemoryCalendar {
  const clinician = seed.clinicians.find((c) => c.email === email);
  if (!clinician) throw new Error(`no seeded clinician ${email}`);
  const events = new Map<string, CalendarEvent>();
  const bounds = new Map<string, { start: number; end: number }>();
  for (const e of seed.events.filter((x) => x.clinicianId === clinician.id)) {
    events.set(e.id, mapProviderEvent(toProvider(e)));
    bounds.set(e.id, { start: Date.parse(e.startsAt), end: Date.parse(e.endsAt) });
  }
  const writes: MemoryCalendar['writes'] = [];
  // Google keeps a deleted event under its id: a lookup says "deleted", and an insert with that id restores it.
  const deleted = new Set<string>();
  const span = (e: CalendarEvent) => bounds.get(e.id) ?? { start: Date.parse(e.start), end: Date.parse(e.end) };
  return {
    events,
    writes,
    async list(from, to) {
      return [...events.values()]
        .filter((e) => span(e).end > from.getTime() && span(e).start < to.getTime())
        .sort((a, b) => span(a).start - span(b).start);
    },
    async timeZone() {
      return timeZone;
    },
    async get(id) {
      return events.get(id) ?? null;
    },
    async lookup(id) {
      const event = events.get(id);
      if (event) return { state: 'live', event };
      return { state: deleted.has(id) ? 'deleted' : 'absent' };
    },
    async insert(event: NewCalendarEvent) {
      const existing = events.get(event.id);
      if (existing) return { event: existing, created: false };
      const created: CalendarEvent = {
        id: event.id,
        title: event.summary,
        start: event.start,
        end: event.end,
        allDay: false,
        ...(event.description ? { description: event.description } : {}),
        ...(event.location ? { location: event.location } : {}),
        ...(event.properties ? { properties: event.properties } : {}),
      };
      events.set(event.id, created);
      deleted.delete(event.id);
      writes.push({ kind: 'insert', id: event.id });
      return { event: created, created: true };
    },
    async move(id, start, end, _timeZone, options) {
      const event = events.get(id);
      if (!event) throw new Error(`no event ${id}`);
      const properties = options?.properties ? { ...event.properties, ...options.properties } : event.properties;
      const moved = { ...event, start, end, ...(properties ? { properties } : {}) };
      events.set(id, moved);
      bounds.delete(id);
      writes.push({ kind: 'move', id });
      return moved;
    },
    async remove(id) {
      const had = events.delete(id);
      if (had) {
        deleted.add(id);
        writes.push({ kind: 'remove', id });
      }
      return had;
    },
  };
}
