// Free slots on a day written by people (issue 21): the drives between visits are counted from the places the
// server's geocoder located; where a visit's place is not known, the answer says the drive is assumed — never
// "drives included" while counting none.
import { describe, expect, it } from 'vitest';
import type { ToolContext } from '../../../core/assistant/tool-kit.ts';
import { findFreeSlots } from '../../../core/assistant/tools/write-tools.ts';
import type { CalendarPort } from '../../../core/calendar/google-calendar.ts';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import type { Geocoder } from '../../../core/geo/geocoder.ts';

const DAY = '2026-12-02';
const A = '1815 W Cortland St, Chicago, IL 60622';
const B = '5230 N Kenmore Ave, Chicago, IL 60640';
const EVENTS: CalendarEvent[] = [
  {
    id: 'a',
    title: 'PT eval - Rosa Delgado',
    start: `${DAY}T09:00:00-06:00`,
    end: `${DAY}T10:00:00-06:00`,
    allDay: false,
    location: A,
  },
  {
    id: 'b',
    title: 'SN f/u: WINTER, IDA',
    start: `${DAY}T13:00:00-06:00`,
    end: `${DAY}T14:00:00-06:00`,
    allDay: false,
    location: B,
  },
];

function context(geocoder?: Geocoder): ToolContext {
  const calendar = { list: async () => EVENTS, timeZone: async () => 'America/Chicago' } as unknown as CalendarPort;
  return {
    calendar,
    userId: 'u-1',
    timeZone: 'America/Chicago',
    now: new Date(`${DAY}T06:00:00-06:00`),
    language: 'en',
    canWrite: async () => false,
    ...(geocoder ? { geocoder } : {}),
  };
}

describe('find_free_slots on a day written by people', () => {
  it('says a drive is assumed where no place is known', async () => {
    const answer = await findFreeSlots({ date: DAY, durationMinutes: 30 }, context());
    expect(answer.say).toContain('(drives between visits included; about 20 min assumed where a place is not known)');
  });

  it('counts the drives from the located places, and says nothing is assumed', async () => {
    const asked: string[] = [];
    const geocoder: Geocoder = {
      locate: async (address) => {
        asked.push(address);
        return address === A
          ? { lat: 41.9163, lon: -87.6744, approximate: false, formatted: A }
          : { lat: 41.9775, lon: -87.6561, approximate: false, formatted: B };
      },
    };
    const answer = await findFreeSlots({ date: DAY, durationMinutes: 30 }, context(geocoder));
    expect(asked.sort()).toEqual([A, B].sort());
    expect(answer.say).toContain('(drives between visits included)');
    expect(answer.say).not.toContain('assumed');
  });
});
