// core/routing/plan-day: the one day plan of the Route view and the assistant's optimize_route. A booked
// visit keeps its booked start unless the calendar marks it flexible (private extended property
// `flexible` = "true"); the plan never ends the day later than the calendar does; one day gives one plan
// whatever order the events arrive in.
import { describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../core/calendar/index.ts';
import { FLEXIBLE_PROPERTY, isFlexibleEvent, planDay } from '../../core/routing/index.ts';

const DAY = '2026-11-24';

function visit(id: string, start: string, end: string, lat: number, lng: number, flexible = false): CalendarEvent {
  return {
    id,
    title: `Wound care — Patient ${id}`,
    start: `${DAY}T${start}:00-06:00`,
    end: `${DAY}T${end}:00-06:00`,
    allDay: false,
    location: `${id} Street 1, Chicago, IL`,
    properties: {
      lat: String(lat),
      lng: String(lng),
      windowStart: '07:00',
      windowEnd: '18:00',
      ...(flexible ? { [FLEXIBLE_PROPERTY]: 'true' } : {}),
    },
  };
}

// Booked zig-zagging west ↔ east: an optimiser free to move them would reorder (and re-time) them.
const ZIGZAG = [
  visit('a', '08:30', '09:15', 41.9214, -87.7134),
  visit('b', '09:45', '10:30', 41.9231, -87.6331),
  visit('c', '11:00', '11:30', 41.9102, -87.7205),
  visit('d', '12:15', '13:00', 41.9088, -87.6298),
  visit('e', '13:45', '14:30', 41.9434, -87.7001),
];

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

describe('planDay', () => {
  it('keeps every booked visit at its booked start when none is marked flexible', () => {
    const report = planDay(ZIGZAG, DAY).report;
    expect(report).not.toBeNull();
    if (!report) return;
    expect(report.optimized.order).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(report.optimized.stops.map((s) => s.start)).toEqual(['08:30', '09:45', '11:00', '12:15', '13:45']);
    expect(report.savedMinutes).toBe(0);
    // The gaps of the calendar are shown as waits, and the day ends when the last booked visit ends.
    expect(report.optimized.stops.slice(1).some((s) => s.waitMinutes > 0)).toBe(true);
    expect(report.optimized.finish).toBe('14:30');
  });

  it('moves only the visits marked flexible, and never ends the day later than the calendar', () => {
    const events = ZIGZAG.map((e) =>
      e.id === 'b' || e.id === 'c' ? { ...e, properties: { ...e.properties, flexible: 'true' } } : e,
    );
    expect(events.filter(isFlexibleEvent).map((e) => e.id)).toEqual(['b', 'c']);
    const report = planDay(events, DAY).report;
    if (!report) throw new Error('no report');
    const stop = (id: string) => report.optimized.stops.find((s) => s.id === id);
    // The pinned visits keep their booked start.
    expect(stop('a')?.start).toBe('08:30');
    expect(stop('d')?.start).toBe('12:15');
    expect(stop('e')?.start).toBe('13:45');
    // b and c swap: a (west) → c (west) → b (east) → d (east) drives less.
    expect(report.optimized.order).toEqual(['a', 'c', 'b', 'd', 'e']);
    expect(report.savedMinutes).toBeGreaterThan(0);
    expect(report.optimized.feasible).toBe(true);
    expect(minutes(report.optimized.finish)).toBeLessThanOrEqual(minutes('14:30'));
    expect(minutes(report.optimized.stops[0]?.start ?? '')).toBeGreaterThanOrEqual(minutes('08:30'));
  });

  it('gives the same plan whatever order the events come in (the Route view and the assistant agree)', () => {
    const events = ZIGZAG.map((e) => ({ ...e, properties: { ...e.properties, flexible: 'true' } }));
    const one = planDay(events, DAY).report;
    const two = planDay([...events].reverse(), DAY).report;
    expect(two?.optimized.order).toEqual(one?.optimized.order);
    expect(two?.optimized.stops).toEqual(one?.optimized.stops);
    expect(two?.savedMinutes).toBe(one?.savedMinutes);
  });

  it('reads the marker loosely ("TRUE", " true ") and ignores anything else', () => {
    const base = ZIGZAG[0] as CalendarEvent;
    const withFlag = (value: string) => ({ ...base, properties: { ...base.properties, flexible: value } });
    expect(isFlexibleEvent(withFlag('TRUE'))).toBe(true);
    expect(isFlexibleEvent(withFlag(' true '))).toBe(true);
    expect(isFlexibleEvent(withFlag('yes'))).toBe(false);
    expect(isFlexibleEvent(base)).toBe(false);
  });
});
