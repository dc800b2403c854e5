import { describe, expect, it } from 'vitest';
import { compile, scoreOrder } from '../../../core/routing/compile.ts';
import { bestConstruction } from '../../../core/routing/construct.ts';
import { evaluateRoute, solveRoute } from '../../../core/routing/index.ts';
import { iteratedLocalSearch, localSearch } from '../../../core/routing/local-search.ts';
import { BACKSTOP_MS, expectBudgeted } from '../../support/routing/budget.ts';
import { randomDay } from './helpers.ts';

// exactMaxVisits: 0 and no windows force the heuristic; maxIterations makes it independent of machine speed
// (the time limit is a backstop it never reaches).
const heuristicOnly = { exactMaxVisits: 0, maxIterations: 40, timeLimitMs: BACKSTOP_MS };

describe('iterated local search', () => {
  it('is deterministic for a fixed seed', () => {
    const problem = randomDay({ visits: 30, seed: 11, shortVisits: true, shiftEnd: 2000 });
    const a = solveRoute(problem, { ...heuristicOnly, seed: 5 });
    const b = solveRoute(problem, { ...heuristicOnly, seed: 5 });
    expectBudgeted(a);
    expectBudgeted(b);
    expect(a.method).toBe('iterated-local-search');
    expect(a.provedOptimal).toBe(false);
    expect(b.routes[0]?.order).toEqual(a.routes[0]?.order);
    expect(b.stats.iterations).toBe(a.stats.iterations);
  });

  it.each([21, 22, 23, 24])('is never worse than the construction and its cost recomputes (seed %i)', (seed) => {
    const problem = randomDay({ visits: 25, seed, shortVisits: true, shiftEnd: 2000, asymmetric: seed % 2 === 0 });
    const start = bestConstruction(compile(problem));
    const solution = solveRoute(problem, { ...heuristicOnly, seed });
    expectBudgeted(solution);
    const route = solution.routes[0];
    if (!route) throw new Error('no route');
    expect(route.totalTravelMinutes).toBeLessThanOrEqual(start.score.travel + 1e-9);
    const again = evaluateRoute(problem, route.order);
    expect(again.totalTravelMinutes).toBeCloseTo(solution.totalTravelMinutes, 9);
    expect(again.feasible).toBe(solution.feasible);
  });

  it('local search reaches a 2-opt local optimum on a circle (reversing any segment cannot help)', () => {
    // 12 points on a circle, given in a scrambled order: the optimum is the circle itself.
    const pts = Array.from({ length: 13 }, (_, i) => [
      Math.cos((2 * Math.PI * i) / 13),
      Math.sin((2 * Math.PI * i) / 13),
    ]);
    const minutes = pts.map((a) => pts.map((b) => Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0))));
    const problem = {
      matrix: { minutes },
      vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 0, end: 1e9 } }],
      visits: pts.slice(1).map((_, k) => ({ id: `p${k + 1}`, location: k + 1, durationMinutes: 0 })),
    };
    const c = compile(problem);
    const scrambled = [5, 0, 9, 3, 11, 7, 1, 10, 2, 8, 4, 6];
    const result = localSearch(c, scrambled, Number.POSITIVE_INFINITY);
    const perimeter = 13 * 2 * Math.sin(Math.PI / 13);
    expect(result.score.travel).toBeCloseTo(perimeter, 9);
    expect(scoreOrder(c, scrambled).travel).toBeGreaterThan(perimeter + 1);
  });

  it('with time windows, its routes are feasible and never better than the proven optimum', () => {
    let compared = 0;
    for (const seed of [31, 32, 33, 34]) {
      const problem = randomDay({ visits: 10, seed, windows: true, shortVisits: true, shiftEnd: 1260 });
      // 10 visits: proved by the DP within its label budget, whatever the machine.
      const exact = solveRoute(problem, { timeLimitMs: BACKSTOP_MS });
      expectBudgeted(exact);
      expect(exact.provedOptimal).toBe(true);
      if (!exact.feasible) continue;
      const c = compile(problem);
      const ils = iteratedLocalSearch(c, bestConstruction(c).order, {
        seed,
        deadline: Number.POSITIVE_INFINITY,
        maxIterations: 30,
      });
      const route = evaluateRoute(
        problem,
        ils.order.map((i) => c.ids[i] as string),
      );
      expect(route.feasible).toBe(true);
      expect(route.totalTravelMinutes).toBeCloseTo(ils.score.travel, 9);
      expect(route.totalTravelMinutes).toBeGreaterThanOrEqual(exact.totalTravelMinutes - 1e-9);
      compared++;
    }
    expect(compared).toBeGreaterThan(1);
  });
});
