// A fake of the assistant's calendar over the deterministic seed: one clinician's events (as the
// calendar stand-in returns them, mapped like the product maps them) and patients, in memory.

import type { CalendarEvent } from '../../../core/calendar/calendar.types.ts';
import { mapProviderEvent } from '../../../core/calendar/map-events.ts';
import type { AssistantCalendar, NewEvent, PatientRecord } from '../../../emulators/assistant/brain.ts';
import { generateSeed, type Seed, type SeedClinician } from '../../../fixtures/seed.ts';

export interface FakeCalendar extends AssistantCalendar {
  events: CalendarEvent[];
  inserted: NewEvent[];
  moved: Array<{ id: string; start: string; end: string }>;
  clinician: SeedClinician;
  seed: Seed;
}

export function fakeCalendar(email: string, today: string): FakeCalendar {
  const seed = generateSeed({ today });
  const clinician = seed.clinicians.find((c) => c.email === email);
  if (!clinician) throw new Error(`no clinician ${email}`);
  const events: CalendarEvent[] = seed.events
    .filter((e) => e.clinicianId === clinician.id)
    .map((e) =>
      mapProviderEvent({
        id: e.id,
        summary: e.summary,
        description: e.description,
        location: e.location,
        start: e.start,
        end: e.end,
        extendedProperties: e.extendedProperties,
      }),
    );
  const patients: PatientRecord[] = seed.patients
    .filter((p) => p.clinicianId === clinician.id)
    .map((p) => ({ id: p.id, fullName: p.fullName, address: p.address, lat: p.lat, lng: p.lng }));
  const inserted: NewEvent[] = [];
  const moved: Array<{ id: string; start: string; end: string }> = [];
  const instant = (e: CalendarEvent, which: 'start' | 'end') => {
    const value = e[which];
    return e.allDay ? Date.parse(`${value}T06:00:00Z`) : Date.parse(value);
  };
  return {
    events,
    inserted,
    moved,
    clinician,
    seed,
    async listEvents(from, to) {
      return events
        .filter((e) => instant(e, 'end') > from.getTime() && instant(e, 'start') < to.getTime())
        .sort((a, b) => instant(a, 'start') - instant(b, 'start'));
    },
    async insertEvent(event) {
      inserted.push(event);
      const created: CalendarEvent = {
        id: `new${inserted.length}`,
        title: event.summary,
        start: event.start,
        end: event.end,
        allDay: false,
        description: event.description,
        properties: event.properties,
      };
      if (event.location) created.location = event.location;
      events.push(created);
      return created;
    },
    async moveEvent(id, start, end) {
      const event = events.find((e) => e.id === id);
      if (!event) throw new Error(`no event ${id}`);
      moved.push({ id, start, end });
      event.start = start;
      event.end = end;
      return event;
    },
    async patients() {
      return patients;
    },
  };
}
