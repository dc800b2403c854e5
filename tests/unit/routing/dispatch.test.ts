import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeDispatchFromFile } from '../../../cli/handlers/route-dispatch.ts';
import { dispatchInputOf, type LocalDispatchDay } from '../../../cli/handlers/route-dispatch-day.ts';
import { estimateMinutes } from '../../../core/routing/travel/haversine.ts';
import { compareDispatch, type DispatchBooking } from '../../../core/routing/vrptw/dispatch-compare.ts';
import { type DispatchInput, parseClock, validateDispatchInput } from '../../../core/routing/vrptw/dispatch-input.ts';
import { dispatch, formatDispatchReport } from '../../../core/routing/vrptw/dispatch-report.ts';
import { BACKSTOP_MS } from '../../support/routing/budget.ts';

/** Every plan here is decided by an iteration cap (and the seed), never by the clock. */
const budget = { seed: 1, maxIterations: 300, timeLimitMs: BACKSTOP_MS };

const home = (dLat: number, dLon: number) => ({ lat: 41.88 + dLat, lon: -87.65 + dLon });

function day(): DispatchInput {
  return {
    date: '2026-11-24',
    clinicians: [
      { id: 'rn1', skills: ['RN'], home: home(0.02, -0.03), shift: { start: '08:00', end: '16:00' } },
      { id: 'pt1', skills: ['PT', 'OT'], home: home(-0.03, 0.02), shift: { start: '09:00', end: '13:00' } },
      { id: 'aide1', skills: ['aide'], home: home(0, 0), shift: { start: '10:00', end: '18:00' }, maxVisits: 3 },
    ],
    visits: [
      {
        id: 'a',
        lat: 41.89,
        lon: -87.66,
        skill: 'RN',
        durationMinutes: 45,
        window: { earliest: '09:00', latest: '10:00' },
      },
      { id: 'b', lat: 41.87, lon: -87.64, skill: 'PT', durationMinutes: 60 },
      {
        id: 'c',
        lat: 41.86,
        lon: -87.67,
        skill: 'OT',
        durationMinutes: 45,
        window: { earliest: '11:00', latest: '12:00' },
      },
      { id: 'd', lat: 41.9, lon: -87.62, skill: 'aide', durationMinutes: 30 },
      { id: 'e', lat: 41.88, lon: -87.63, skill: 'aide', durationMinutes: 30 },
      { id: 'f', lat: 41.85, lon: -87.66, skill: 'aide', durationMinutes: 30 },
      { id: 'g', lat: 41.91, lon: -87.68, skill: 'RN', durationMinutes: 40, lastClinician: 'rn1' },
    ],
  };
}

describe('agency dispatch', () => {
  it("gives each visit to a clinician with its skill, inside its window and the clinician's shift", () => {
    const input = day();
    const report = dispatch(input, budget);
    expect(report.stats.timeLimitReached).toBe(false);
    expect(report.unassigned).toEqual([]);
    expect(report.feasible).toBe(true);
    const byId = new Map(input.visits.map((v) => [v.id, v]));
    const assigned = report.routes.flatMap((r) => r.stops.map((s) => s.visitId)).sort();
    expect(assigned).toEqual(input.visits.map((v) => v.id).sort());
    for (const route of report.routes) {
      const clinician = input.clinicians.find((c) => c.id === route.clinicianId);
      if (!clinician) throw new Error(`unknown clinician ${route.clinicianId}`);
      expect(route.stops.length).toBeLessThanOrEqual(clinician.maxVisits ?? Number.POSITIVE_INFINITY);
      expect(parseClock(route.leaveHome)).toBeGreaterThanOrEqual(parseClock(clinician.shift.start));
      expect(parseClock(route.backHome)).toBeLessThanOrEqual(parseClock(clinician.shift.end));
      for (const stop of route.stops) {
        const visit = byId.get(stop.visitId);
        if (!visit) throw new Error(`unknown visit ${stop.visitId}`);
        expect(clinician.skills).toContain(visit.skill);
        if (visit.window) {
          expect(parseClock(stop.start)).toBeGreaterThanOrEqual(parseClock(visit.window.earliest));
          expect(parseClock(stop.start)).toBeLessThanOrEqual(parseClock(visit.window.latest));
        }
      }
    }
    expect(report.totals.continuityKept).toBe(1); // g stays with rn1, the only RN
  });

  it('says why a visit cannot be assigned: no one has the skill, or no one can reach it in time', () => {
    const input = day();
    input.visits.push({ id: 'speech', lat: 41.88, lon: -87.65, skill: 'SLP', durationMinutes: 30 });
    input.visits.push({
      id: 'early-pt',
      lat: 41.88,
      lon: -87.65,
      skill: 'PT',
      durationMinutes: 30,
      window: { earliest: '07:00', latest: '07:30' }, // before the only PT's shift starts
    });
    const report = dispatch(input, budget);
    expect(report.feasible).toBe(false);
    expect(report.unassigned).toEqual([
      { visitId: 'speech', reason: 'no clinician has the skill SLP' },
      { visitId: 'early-pt', reason: expect.stringMatching(/reach it inside its window/) },
    ]);
    expect(formatDispatchReport(report)).toMatch(/! speech not assigned: no clinician has the skill SLP/);
  });

  it('keeps a patient with the clinician who saw them last when that costs less than the continuity weight', () => {
    const input: DispatchInput = {
      continuityMinutes: 60,
      clinicians: [
        { id: 'near', skills: ['RN'], home: home(0, 0), shift: { start: '08:00', end: '17:00' } },
        { id: 'far', skills: ['RN'], home: home(0.05, 0.05), shift: { start: '08:00', end: '17:00' } },
      ],
      visits: [{ id: 'p', lat: 41.881, lon: -87.651, skill: 'RN', durationMinutes: 30, lastClinician: 'far' }],
    };
    const kept = dispatch(input, budget);
    expect(kept.routes.map((r) => r.clinicianId)).toEqual(['far']);
    const cheaper = dispatch({ ...input, continuityMinutes: 0 }, budget);
    expect(cheaper.routes.map((r) => r.clinicianId)).toEqual(['near']);
  });

  it('answers the same plan for the same seed', () => {
    const a = dispatch(day(), { ...budget, seed: 3 });
    const b = dispatch(day(), { ...budget, seed: 3 });
    expect(a.stats).toMatchObject({ iterations: 300, timeLimitReached: false });
    expect(b.routes).toEqual(a.routes);
  });

  it('lists every problem in a dispatch file', () => {
    expect(() =>
      validateDispatchInput({
        clinicians: [{ id: 'x', skills: ['doctor'], home: { lat: 95, lon: 0 }, shift: { start: '9am', end: '17:00' } }],
        visits: [{ id: 'v', lat: 0, lon: 0, skill: 'RN', durationMinutes: 30, lastClinician: 'nobody' }],
      }),
    ).toThrow(
      /clinicians\[0\]\.skills\[0\] must be one of RN, PT, OT, SLP, aide[\s\S]*clinicians\[0\]\.home\.lat[\s\S]*clinicians\[0\]\.shift\.start must be a time "HH:MM"[\s\S]*visits\[0\]\.lastClinician/,
    );
  });

  it('reads a dispatch file from the command line handler', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dispatch-'));
    const file = path.join(dir, 'day.json');
    writeFileSync(file, JSON.stringify(day()));
    // The handler takes no iteration cap: the run ends when it stalls (a count), long before the backstop.
    const report = await routeDispatchFromFile(file, { timeLimitMs: BACKSTOP_MS });
    expect(report.stats.timeLimitReached).toBe(false);
    expect(report.totals.visitsAssigned).toBe(7);
    writeFileSync(file, JSON.stringify({ clinicians: [], visits: [] }));
    await expect(routeDispatchFromFile(file)).rejects.toThrow(/clinicians must be a non-empty list/);
  });
});

// Two RNs on opposite sides of town, each booked with the other's neighbours: the plan swaps them.
function crossedDay(): { input: DispatchInput; bookings: DispatchBooking[] } {
  const west = { lat: 41.9, lon: -87.75 };
  const east = { lat: 41.9, lon: -87.62 };
  const near = (p: { lat: number; lon: number }, d: number) => ({ lat: p.lat + d, lon: p.lon + d / 2 });
  const input: DispatchInput = {
    date: '2026-11-24',
    continuityMinutes: 0,
    clinicians: [
      { id: 'w', name: 'West', skills: ['RN'], home: west, shift: { start: '07:00', end: '19:00' } },
      { id: 'e', name: 'East', skills: ['RN'], home: east, shift: { start: '07:00', end: '19:00' } },
    ],
    visits: [
      {
        id: 'w1',
        ...near(west, 0.004),
        skill: 'RN',
        durationMinutes: 45,
        window: { earliest: '08:00', latest: '12:00' },
      },
      {
        id: 'w2',
        ...near(west, -0.004),
        skill: 'RN',
        durationMinutes: 45,
        window: { earliest: '10:00', latest: '14:00' },
      },
      {
        id: 'e1',
        ...near(east, 0.004),
        skill: 'RN',
        durationMinutes: 45,
        window: { earliest: '08:00', latest: '12:00' },
      },
      {
        id: 'e2',
        ...near(east, -0.004),
        skill: 'RN',
        durationMinutes: 45,
        window: { earliest: '10:00', latest: '14:00' },
      },
    ],
  };
  const bookings = [
    { visitId: 'e1', clinicianId: 'w', start: '09:00' },
    { visitId: 'e2', clinicianId: 'w', start: '11:00' },
    { visitId: 'w1', clinicianId: 'e', start: '09:00' },
    { visitId: 'w2', clinicianId: 'e', start: '11:00' },
  ];
  return { input, bookings };
}

describe('a booked day against the dispatch plan', () => {
  it('counts the booked day with the legs from home and back, as the plan does', () => {
    const { input, bookings } = crossedDay();
    const report = compareDispatch(input, bookings, budget);
    const west = input.clinicians[0]?.home as { lat: number; lon: number };
    const [e1, e2] = [input.visits[2], input.visits[3]] as [DispatchInput['visits'][0], DispatchInput['visits'][0]];
    const legs = estimateMinutes(west, e1) + estimateMinutes(e1, e2) + estimateMinutes(e2, west);
    expect(report.before.rows[0]?.driveMinutes).toBeCloseTo(legs, 0);
    expect(report.before.feasible).toBe(true);
    // The swap: every visit moves to the clinician next door, at its booked time (the route allows it).
    expect(report.decision).toBe('plan');
    expect(report.moves.map((m) => [m.visitId, m.from, m.to, m.fromStart, m.toStart]).sort()).toEqual([
      ['e1', 'w', 'e', '09:00', '09:00'],
      ['e2', 'w', 'e', '11:00', '11:00'],
      ['w1', 'e', 'w', '09:00', '09:00'],
      ['w2', 'e', 'w', '11:00', '11:00'],
    ]);
    expect(report.after.totals.driveMinutes).toBeLessThan(report.before.totals.driveMinutes);
    expect(report.savedDriveMinutes).toBeCloseTo(
      report.before.totals.driveMinutes - report.after.totals.driveMinutes,
      5,
    );
    const sum = report.after.rows.reduce((s, r) => s + r.driveMinutes, 0);
    expect(report.after.totals.driveMinutes).toBeCloseTo(sum, 5);
  });

  it('moves nothing when run again on the applied plan', () => {
    const { input, bookings } = crossedDay();
    const first = compareDispatch(input, bookings, budget);
    const applied = first.after.rows.flatMap((r) =>
      r.stops.map((s) => ({ visitId: s.visitId, clinicianId: r.clinicianId, start: s.start })),
    );
    const again = compareDispatch(input, applied, budget);
    expect(again.decision).toBe('calendar');
    expect(again.moves).toEqual([]);
    expect(again.after).toEqual(again.before);
    expect(again.before.totals.driveMinutes).toBeCloseTo(first.after.totals.driveMinutes, 5);
  });

  it('says the booked day is infeasible instead of claiming a saving', () => {
    const { input, bookings } = crossedDay();
    // e2 is booked before it can be reached from e1 (45 min visit at 09:00, next at 09:30).
    const tight = {
      ...input,
      visits: input.visits.map((v) => (v.id === 'e2' ? { ...v, window: { earliest: '09:30', latest: '14:00' } } : v)),
    };
    const squeezed = bookings.map((b) => (b.visitId === 'e2' ? { ...b, start: '09:30' } : b));
    const report = compareDispatch(tight, squeezed, budget);
    expect(report.before.feasible).toBe(false);
    expect(report.before.rows[0]?.lateVisits).toBe(1);
    expect(report.before.rows[0]?.problems.join('\n')).toMatch(/starts 09:30 but cannot be reached before 09:5\d/);
    expect(report.savedDriveMinutes).toBeNull();
    expect(report.after.feasible).toBe(true);
    expect(report.after.totals.lateVisits).toBe(0);
  });

  it('keeps a visit the plan cannot place where it is booked, with the reason', () => {
    const { input, bookings } = crossedDay();
    input.visits.push({
      id: 'night',
      lat: 41.9,
      lon: -87.7,
      skill: 'RN',
      durationMinutes: 60,
      window: { earliest: '18:30', latest: '18:30' },
    });
    bookings.push({ visitId: 'night', clinicianId: 'w', start: '18:30' });
    const report = compareDispatch(input, bookings, budget);
    expect(report.before.feasible).toBe(false); // back home after 19:00
    expect(report.unassigned).toEqual([
      expect.objectContaining({
        visitId: 'night',
        clinicianId: 'w',
        start: '18:30',
        reason: expect.stringMatching(/end of the shift/),
      }),
    ]);
    expect(report.moves.map((m) => m.visitId)).not.toContain('night');
    const placed = report.after.rows.flatMap((r) => r.stops.map((s) => s.visitId));
    expect([...placed, 'night'].sort()).toEqual(input.visits.map((v) => v.id).sort());
  });

  it("reads the local platform's day: windows on the start, edge events shorten the shift", () => {
    const day: LocalDispatchDay = {
      date: '2026-11-24',
      timeZone: 'America/Chicago',
      clinicians: [
        {
          email: 'a@x',
          name: 'A',
          discipline: 'PT',
          home: { address: '', lat: 41.9, lng: -87.7 },
          shift: { start: '07:00', end: '19:00' },
        },
      ],
      visits: [
        {
          eventId: 'v2',
          clinician: 'a@x',
          skill: 'PT',
          patient: 'P',
          address: null,
          lat: 41.91,
          lng: -87.7,
          start: '09:00',
          end: '10:00',
          durationMinutes: 60,
          window: { start: '08:00', end: '12:00' },
          lastClinician: 'a@x',
        },
        {
          eventId: 'v1',
          clinician: 'a@x',
          skill: 'PT',
          patient: 'Q',
          address: null,
          lat: 41.92,
          lng: -87.7,
          start: '13:00',
          end: '13:45',
          durationMinutes: 45,
          window: null,
          lastClinician: 'gone@x',
        },
      ],
      otherEvents: [{ eventId: 'admin', clinician: 'a@x', title: 'Charting', start: '07:00', end: '07:30' }],
    };
    const { input, bookings, windows } = dispatchInputOf(day, undefined);
    expect(input.clinicians[0]?.shift).toEqual({ start: '07:30', end: '19:00' });
    expect(input.visits.map((v) => v.id)).toEqual(['v1', 'v2']);
    expect(input.visits[1]?.window).toEqual({ earliest: '08:00', latest: '11:00' });
    expect(input.visits[0]?.window).toEqual({ earliest: '13:00', latest: '13:00' }); // no window: pinned
    expect(input.visits[0]?.lastClinician).toBeUndefined();
    expect(windows).toEqual({ patient: 1, booked: 1 });
    expect(bookings).toEqual([
      { visitId: 'v1', clinicianId: 'a@x', start: '13:00' },
      { visitId: 'v2', clinicianId: 'a@x', start: '09:00' },
    ]);
  });
});
