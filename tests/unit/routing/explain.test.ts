import { describe, expect, it } from 'vitest';
import { evaluateRoute, type Problem, solveRoute as solveWithOptions } from '../../../core/routing/index.ts';
import { BACKSTOP_MS } from '../../support/routing/budget.ts';

/** Days of 0–2 visits: proved by the DP (its label budget), with a time limit that is only a backstop. */
const solveRoute = (p: Problem) => solveWithOptions(p, { timeLimitMs: BACKSTOP_MS });

// Locations: 0 home, 1 A, 2 B. Home→A 5, home→B 20, A↔B 10 (minutes).
function twoFixedVisits(): Problem {
  return {
    matrix: {
      minutes: [
        [0, 5, 20],
        [5, 0, 10],
        [20, 10, 0],
      ],
    },
    vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 480, end: 1080 } }],
    visits: [
      { id: 'A', label: 'Mrs A', location: 1, durationMinutes: 30, window: { earliest: 540, latest: 540 } },
      { id: 'B', label: 'Mr B', location: 2, durationMinutes: 50, window: { earliest: 540, latest: 540 } },
    ],
  };
}

describe('evaluateRoute', () => {
  it('computes arrival, wait, start, departure, legs and totals', () => {
    const r = evaluateRoute(twoFixedVisits(), ['A', 'B']);
    expect(r.stops[0]).toEqual({ visitId: 'A', arrival: 485, wait: 55, start: 540, departure: 570, lateBy: 0 });
    expect(r.stops[1]).toEqual({ visitId: 'B', arrival: 580, wait: 0, start: 580, departure: 630, lateBy: 40 });
    expect(r.legs.map((l) => l.minutes)).toEqual([5, 10, 20]);
    expect(r.totalTravelMinutes).toBe(35);
    expect(r.totalWaitMinutes).toBe(55);
    expect(r.finish).toBe(650);
    expect(r.feasible).toBe(false);
    expect(r.latestDepartStart).toBe(480); // late somewhere: no advice to leave later
  });

  it('suggests leaving later when that only removes waiting', () => {
    const p = twoFixedVisits();
    p.visits = [
      { id: 'A', location: 1, durationMinutes: 30, window: { earliest: 540, latest: 600 } },
      { id: 'B', location: 2, durationMinutes: 30, window: { earliest: 660, latest: 720 } },
    ];
    const r = evaluateRoute(p, ['A', 'B']);
    // Waits: 55 min at A (arrive 08:05, start 09:00), 80 min at B (arrive 09:40, start 11:00).
    expect(r.stops.map((s) => s.wait)).toEqual([55, 80]);
    // A may start as late as 10:00, i.e. 55 + 60 min of room: leave at 09:55; B then still waits until 11:00.
    expect(r.latestDepartStart).toBe(595);
    const leaveAt = (start: number) =>
      evaluateRoute({ ...p, vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start, end: 1080 } }] }, [
        'A',
        'B',
      ]);
    expect(leaveAt(595)).toMatchObject({ feasible: true, finish: r.finish });
    expect(leaveAt(596).feasible).toBe(false);
  });

  it('rejects orders that skip or repeat a visit', () => {
    expect(() => evaluateRoute(twoFixedVisits(), ['A'])).toThrow(/missing visits: B/);
    expect(() => evaluateRoute(twoFixedVisits(), ['A', 'A', 'B'])).toThrow(/twice/);
  });
});

describe('infeasibility is explained', () => {
  it('names the visit that misses its window and by how much (least-late order chosen)', () => {
    const s = solveRoute(twoFixedVisits());
    expect(s.feasible).toBe(false);
    expect(s.provedOptimal).toBe(true);
    // A first makes B 40 min late; B first would make A 60 min late.
    expect(s.routes[0]?.order).toEqual(['A', 'B']);
    expect(s.violations).toEqual([expect.objectContaining({ visitId: 'B', reason: 'window', lateByMinutes: 40 })]);
    expect(s.violations[0]?.message).toMatch(/Mr B.*40 min after the latest start 09:00/);
    expect(s.unservable).toEqual([]); // each visit alone is fine: the conflict is between them
  });

  it('flags a visit unreachable in its window even as the first stop', () => {
    const p = twoFixedVisits();
    p.visits = [{ id: 'B', label: 'Mr B', location: 2, durationMinutes: 30, window: { earliest: 480, latest: 490 } }];
    const s = solveRoute(p);
    expect(s.feasible).toBe(false);
    expect(s.unservable).toEqual([expect.objectContaining({ visitId: 'B', reason: 'window', lateByMinutes: 10 })]);
    expect(s.violations).toEqual([expect.objectContaining({ visitId: 'B', reason: 'window', lateByMinutes: 10 })]);
  });

  it('flags a visit that cannot fit inside working hours at all', () => {
    const p = twoFixedVisits();
    p.visits = [{ id: 'long', location: 1, durationMinutes: 600 }];
    const s = solveRoute(p);
    expect(s.feasible).toBe(false);
    // 08:00 + 5 + 600 + 5 = 18:10, ten minutes after 18:00.
    expect(s.unservable).toEqual([
      expect.objectContaining({ visitId: 'long', reason: 'working-hours', lateByMinutes: 10 }),
    ]);
    expect(s.violations).toEqual([
      expect.objectContaining({ visitId: null, reason: 'working-hours', lateByMinutes: 10 }),
    ]);
  });

  it('treats a null matrix entry as an unreachable leg and avoids it when another order exists', () => {
    const p = twoFixedVisits();
    p.visits = p.visits.map((v) => ({ ...v, window: undefined }));
    const row0 = p.matrix.minutes[0] as (number | null)[];
    row0[2] = null; // no route home → B
    const s = solveRoute(p);
    expect(s.feasible).toBe(true);
    expect(s.routes[0]?.order).toEqual(['A', 'B']);
    const row1 = p.matrix.minutes[1] as (number | null)[];
    row1[2] = null; // …nor A → B: B can only be reached by an unreachable leg
    const t = solveRoute(p);
    expect(t.feasible).toBe(false);
    expect(t.violations.some((v) => v.reason === 'unreachable' && v.visitId === 'B')).toBe(true);
    expect(t.unservable).toEqual([expect.objectContaining({ visitId: 'B', reason: 'unreachable' })]);
  });

  it('handles an empty day and a single visit', () => {
    const p = twoFixedVisits();
    p.visits = [];
    const empty = solveRoute(p);
    expect(empty).toMatchObject({ feasible: true, totalTravelMinutes: 0 });
    expect(empty.routes[0]?.finish).toBe(480);
    p.visits = [{ id: 'B', location: 2, durationMinutes: 30 }];
    const one = solveRoute(p);
    expect(one).toMatchObject({ feasible: true, provedOptimal: true, totalTravelMinutes: 40 });
    expect(one.routes[0]?.legs.map((l) => [l.from, l.to])).toEqual([
      ['start', 'B'],
      ['B', 'end'],
    ]);
  });

  it('requires exactly one clinician and says so', () => {
    const p = twoFixedVisits();
    p.vehicles.push({ id: 'd', startLocation: 0, endLocation: 0, shift: { start: 480, end: 1080 } });
    expect(() => solveRoute(p)).toThrow(/exactly one vehicle/);
  });
});
