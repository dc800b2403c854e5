// An instance with a known feasible order never comes back infeasible from solveRoute, however short the run
// and whichever seed: the public TSPTW families (generated with a feasible generating tour) and clinician days
// whose booked calendar order is feasible by construction. Runs are budgeted in iterations and DP work (a short
// run = few iterations, a DP that gives up early), so every verdict is the same on a quiet and a loaded machine.
import { describe, expect, it } from 'vitest';
import { evaluateRoute } from '../../../core/routing/evaluate.ts';
import { solveRoute } from '../../../core/routing/solve.ts';
import { BACKSTOP_MS, exactWorkOf, expectBudgeted } from '../../support/routing/budget.ts';
import { clinicianDay } from '../../support/routing/clinician-day.ts';
import { tsptwProblem } from '../../support/routing/problems.ts';
import { feasibleTourCost, generateTsptw, TSPTW_FAMILY_SPECS } from '../../support/routing/tsptw-instances.ts';

describe('a feasible TSPTW instance stays feasible', () => {
  // A short run (20 rounds: about what 20–50 ms give on 200 customers) and a longer one (200 rounds: the search
  // spends many of them in late routes at a low penalty weight), alternating over seeds so each instance sees
  // both without doubling the runtime. No DP here (every instance is above 47 customers).
  const cases = TSPTW_FAMILY_SPECS.flatMap((spec) => [
    { spec, seed: 1, maxIterations: 20 },
    { spec, seed: 2, maxIterations: 200 },
  ]);
  it.each(cases)(
    '$spec.family n$spec.customers w$spec.width, seed $seed, $maxIterations rounds',
    ({ spec, seed, maxIterations }) => {
      const instance = generateTsptw(spec);
      const problem = tsptwProblem(instance.matrix, instance.windows);
      // The generating tour is feasible under the same model the solver uses (the support file's premise).
      expect(feasibleTourCost(instance, instance.feasibleTour)).not.toBeNull();
      expect(evaluateRoute(problem, instance.feasibleTour.map(String)).feasible).toBe(true);
      const s = solveRoute(problem, { timeLimitMs: BACKSTOP_MS, seed, maxIterations });
      expectBudgeted(s);
      expect(s.stats.iterations).toBe(maxIterations);
      expect(s.feasible, `${instance.name}: ${s.violations.length} violations`).toBe(true);
      expect(s.violations).toEqual([]);
      // And never worse than the tour the instance was generated from.
      expect(s.totalTravelMinutes).toBeLessThanOrEqual(instance.feasibleCost);
    },
  );
});

describe('a clinician day whose calendar order is feasible stays feasible', () => {
  // Two runs per day: a short one (the DP gives up after 20 000 steps, 3 search rounds: what a 100 ms limit
  // gave on a loaded machine) and a longer one (the DP's work at a 200 ms limit, 100 rounds). Between them the
  // days meet both paths (every day has windows, so the DP always runs): proved, and given up then searched.
  const days = [8, 12, 15, 16, 20, 30].flatMap((visits) => [1, 2, 3].map((daySeed) => ({ visits, daySeed })));
  const paths = new Set<string>();
  it.each(days)('$visits visits, day $daySeed, a short and a longer run', ({ visits, daySeed }) => {
    const day = clinicianDay(visits, daySeed, true);
    expect(
      evaluateRoute(
        day,
        day.visits.map((v) => v.id),
      ).feasible,
    ).toBe(true);
    for (const [budget, seed] of [
      [{ maxExactWork: 20_000, maxIterations: 3 }, daySeed],
      [{ maxExactWork: exactWorkOf(200), maxIterations: 100 }, daySeed + 10],
    ] as const) {
      const s = solveRoute(day, { timeLimitMs: BACKSTOP_MS, seed, ...budget });
      expectBudgeted(s);
      paths.add(s.provedOptimal ? 'proved' : `search after ${s.stats.exact?.stop ?? 'no DP'}`);
      expect(s.feasible, `${JSON.stringify(budget)}: ${s.violations.map((v) => v.message).join('; ')}`).toBe(true);
    }
  });

  it('the days met both paths: proved by the DP, and the search after the DP gave up', () => {
    expect([...paths].sort()).toEqual(['proved', 'search after work']);
  });
});
