import { describe, expect, it } from 'vitest';
import { compareWithCalendarOrder, evaluateRoute, type Problem } from '../../../core/routing/index.ts';
import { BACKSTOP_MS } from '../../support/routing/budget.ts';

/** Decided by the DP's budgets (and, when it gives up, 50 search rounds), never by the clock. */
const budget = { timeLimitMs: BACKSTOP_MS, maxIterations: 50 };

// Five houses on a straight road, 10 min apart; home at 0. The calendar zig-zags.
function street(): Problem {
  const xs = [0, 10, 20, 30, 40];
  return {
    matrix: { minutes: xs.map((a) => xs.map((b) => Math.abs(a - b))) },
    vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 480, end: 1080 } }],
    visits: [
      { id: 'a', label: 'Mrs A', location: 1, durationMinutes: 30 },
      { id: 'b', label: 'Mr B', location: 2, durationMinutes: 30, window: { earliest: 540, latest: 660 } },
      { id: 'c', label: 'Ms C', location: 3, durationMinutes: 30 },
      { id: 'd', label: 'Mr D', location: 4, durationMinutes: 30 },
    ],
  };
}

describe('compareWithCalendarOrder', () => {
  it('reports travel before/after, the saving in minutes and %, and one line per moved visit', () => {
    const problem = street();
    const calendar = ['d', 'a', 'c', 'b'];
    const cmp = compareWithCalendarOrder(problem, calendar, undefined, budget);
    // Calendar: 0→40→10→30→20→0 = 40+30+20+10+20 = 120; best: out and back = 80.
    expect(cmp.travelBeforeMinutes).toBe(120);
    expect(cmp.travelAfterMinutes).toBe(80);
    expect(cmp.savedMinutes).toBe(40);
    expect(cmp.savedPercent).toBeCloseTo(33.333, 2);
    expect(cmp.provedOptimal).toBe(true);
    expect(cmp.optimized.feasible).toBe(true);
    // The per-change savings add up to the total, and each moved visit gets one line.
    expect(cmp.changes.reduce((s, c) => s + c.savedMinutes, 0)).toBeCloseTo(40, 9);
    expect(cmp.changes.length).toBeGreaterThan(0);
    expect(cmp.changes.length).toBeLessThan(4);
    for (const change of cmp.changes) expect(change.line).toMatch(/^Moved (Mrs A|Mr B|Ms C|Mr D) /);
    const b = cmp.changes.find((c) => c.visitId === 'b');
    if (b) expect(b.line).toMatch(/window 09:00–11:00 still met/);
  });

  it('says why the order is not proven optimal when the exact search hits its memory cap, and never claims it', () => {
    const cmp = compareWithCalendarOrder(street(), ['d', 'a', 'c', 'b'], undefined, {
      ...budget,
      maxExactMemoryMb: 0.0001,
    });
    expect(cmp.provedOptimal).toBe(false);
    expect(cmp.proofNote).toMatch(/^Not proven optimal: memory cap of 0.0001 MB reached/);
    // The heuristic still finds the out-and-back order.
    expect(cmp.travelAfterMinutes).toBe(80);
    const proved = compareWithCalendarOrder(street(), ['d', 'a', 'c', 'b'], undefined, budget);
    expect(proved.provedOptimal).toBe(true);
    expect(proved.proofNote).toBeUndefined();
  });

  it('says nothing moved when the calendar is already optimal', () => {
    const problem = street();
    const optimal = compareWithCalendarOrder(problem, ['d', 'c', 'b', 'a'], undefined, budget).optimized.order;
    const again = compareWithCalendarOrder(problem, optimal, undefined, budget);
    expect(again.savedMinutes).toBe(0);
    expect(again.changes).toEqual([]);
    expect(again.optimized.order).toEqual(optimal);
    // A calendar order that ties with the optimum (same travel, same finish) is kept as is.
    const tie = compareWithCalendarOrder(
      problem,
      [...optimal]
        .reverse()
        .filter((v) => v !== 'b')
        .concat('b'),
      undefined,
      budget,
    );
    if (tie.savedMinutes === 0) expect(tie.changes).toEqual([]);
  });

  it('accepts an explicit optimised order and explains each step', () => {
    const problem = street();
    const cmp = compareWithCalendarOrder(problem, ['d', 'a', 'b', 'c'], ['a', 'b', 'c', 'd']);
    expect(cmp.changes).toHaveLength(1);
    expect(cmp.changes[0]?.line).toBe('Moved Mr D to the end of the day: saves 40 min of driving');
    expect(cmp.travelAfterMinutes).toBe(evaluateRoute(problem, ['a', 'b', 'c', 'd']).totalTravelMinutes);
  });
});
