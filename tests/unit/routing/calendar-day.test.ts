// visitsFromCalendar: which events of a day the optimiser plans, with what window and coordinates.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import { visitsFromCalendar } from '../../../core/routing/index.ts';

const visit = (id: string, start: string, end: string, properties?: Record<string, string>): CalendarEvent => ({
  id,
  title: `Wound care — Patient ${id}`,
  start,
  end,
  allDay: false,
  location: `${id} N Halsted St, Chicago, IL`,
  ...(properties ? { properties } : {}),
});

describe('visitsFromCalendar', () => {
  const events: CalendarEvent[] = [
    visit('a', '2026-11-24T09:00:00-06:00', '2026-11-24T09:45:00-06:00', {
      lat: '41.92',
      lng: '-87.65',
      windowStart: '08:00',
      windowEnd: '11:00',
    }),
    // A window shorter than the visit says nothing usable about its start.
    visit('b', '2026-11-24T13:00:00-06:00', '2026-11-24T14:00:00-06:00', {
      lat: '41.90',
      lng: '-87.70',
      windowStart: '13:00',
      windowEnd: '13:30',
    }),
    visit('c', '2026-11-24T15:00:00-06:00', '2026-11-24T15:30:00-06:00'),
    visit('d', '2026-11-25T09:00:00-06:00', '2026-11-25T09:30:00-06:00', { lat: '41.9', lng: '-87.6' }),
    { id: 'e', title: 'Team meeting day', start: '2026-11-24', end: '2026-11-25', allDay: true },
  ];

  it('plans the timed visits of the day, with coordinates, duration and the latest start that fits the window', () => {
    const { visits } = visitsFromCalendar(events, '2026-11-24');
    expect(visits).toEqual([
      {
        id: 'a',
        title: 'Wound care — Patient a',
        address: 'a N Halsted St, Chicago, IL',
        lat: 41.92,
        lon: -87.65,
        start: '2026-11-24T09:00:00-06:00',
        durationMinutes: 45,
        window: { earliest: '08:00', latest: '10:15' },
      },
      {
        id: 'b',
        title: 'Wound care — Patient b',
        address: 'b N Halsted St, Chicago, IL',
        lat: 41.9,
        lon: -87.7,
        start: '2026-11-24T13:00:00-06:00',
        durationMinutes: 60,
      },
    ]);
  });

  it('reports events without coordinates as skipped, and ignores all-day events and other days', () => {
    const { skipped } = visitsFromCalendar(events, '2026-11-24');
    expect(skipped).toEqual([
      { id: 'c', title: 'Wound care — Patient c', reason: 'no coordinates on the event (not a HomeRounds visit)' },
    ]);
  });
});
