import { describe, expect, it } from 'vitest';
import { compile } from '../../../core/routing/compile.ts';
import { solveExact } from '../../../core/routing/exact-dp.ts';
import { evaluateRoute, solveRoute } from '../../../core/routing/index.ts';
import { createRng } from '../../../core/routing/rng.ts';
import { BACKSTOP_MS, expectBudgeted } from '../../support/routing/budget.ts';
import { clinicianDay } from '../../support/routing/clinician-day.ts';
import { bruteForce, randomDay } from './helpers.ts';

const cases: { visits: number; seed: number; windows: boolean; tight: boolean; asymmetric: boolean }[] = [];
for (let seed = 1; seed <= 60; seed++) {
  cases.push({
    visits: 1 + (seed % 7) + (seed % 10 === 0 ? 1 : 0),
    seed,
    windows: seed % 3 !== 0,
    tight: seed % 4 === 1,
    asymmetric: seed % 5 === 0,
  });
}

describe('exact DP against brute force (n ≤ 8)', () => {
  it.each(cases)('n=$visits seed=$seed windows=$windows tight=$tight asym=$asymmetric', (o) => {
    const problem = randomDay(o);
    const reference = bruteForce(problem);
    // Up to 8 visits: proved within the DP's label budget; the time limit is a backstop it never reaches.
    const solution = solveRoute(problem, { timeLimitMs: BACKSTOP_MS });
    expectBudgeted(solution);
    expect(solution.provedOptimal).toBe(true);
    expect(solution.method).toBe('exact-dp');
    if (reference === null) {
      expect(solution.feasible).toBe(false);
      expect(solution.violations.length).toBeGreaterThan(0);
      return;
    }
    const route = solution.routes[0];
    expect(route).toBeDefined();
    expect(solution.feasible).toBe(true);
    expect(route?.totalTravelMinutes).toBeCloseTo(reference.totalTravelMinutes, 6);
    expect(route?.finish).toBeCloseTo(reference.finish, 6);
    // The reported route recomputes to the same numbers from the problem alone.
    const again = evaluateRoute(problem, route?.order ?? []);
    expect(again.feasible).toBe(true);
    expect(again.totalTravelMinutes).toBeCloseTo(solution.totalTravelMinutes, 9);
  });

  it('both feasible and infeasible cases occur in the sample (the comparison is not vacuous)', () => {
    // The solver's verdicts equal brute force's (tests above), so they are a cheap way to count both kinds.
    const outcomes = cases.map((o) => solveRoute(randomDay(o), { timeLimitMs: BACKSTOP_MS }).feasible);
    expect(outcomes.filter(Boolean).length).toBeGreaterThan(10);
    expect(outcomes.filter((x) => !x).length).toBeGreaterThan(3);
  });
});

describe('exact DP at day size', () => {
  it('proves the optimum for 15 visits with time windows', () => {
    const problem = randomDay({ visits: 15, seed: 7, windows: true, shortVisits: true, shiftEnd: 1260 });
    const solution = solveRoute(problem, { timeLimitMs: BACKSTOP_MS });
    expectBudgeted(solution);
    expect(solution.provedOptimal).toBe(true);
    expect(solution.feasible).toBe(true);
    // No 2-visit swap of the proven route is better (a cheap optimality sanity check).
    const order = solution.routes[0]?.order ?? [];
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        const swapped = [...order];
        [swapped[i], swapped[j]] = [swapped[j] as string, swapped[i] as string];
        const r = evaluateRoute(problem, swapped);
        if (r.feasible) expect(r.totalTravelMinutes).toBeGreaterThanOrEqual(solution.totalTravelMinutes - 1e-9);
      }
    }
  });
});

describe('exact DP lower bounds never cut off the optimum', () => {
  // The tree bound with Held–Karp penalties prunes against the incumbent: with the optimum itself as the
  // incumbent (the tightest case) the DP must still return it. Asymmetric legs and unreachable legs included.
  const fuzz = Array.from({ length: 80 }, (_, k) => 500 + k);
  it.each(fuzz)('seed %i: with the optimum as incumbent, and without one, the DP returns brute force', (seed) => {
    const rng = createRng(seed);
    const visits = 2 + Math.floor(rng() * 6);
    const problem = randomDay({
      visits,
      seed,
      windows: rng() < 0.6,
      tight: rng() < 0.3,
      asymmetric: rng() < 0.4,
      shortVisits: rng() < 0.5,
    });
    if (rng() < 0.25) {
      const i = Math.floor(rng() * (visits + 1));
      const j = Math.floor(rng() * (visits + 1));
      if (i !== j) (problem.matrix.minutes[i] as (number | null)[])[j] = null;
    }
    const reference = bruteForce(problem);
    const c = compile(problem);
    const incumbents = reference ? [undefined, reference.totalTravelMinutes, reference.totalTravelMinutes * 1.03] : [];
    for (const upperBound of incumbents) {
      const r = solveExact(c, { upperBound });
      expect(r.status).toBe('optimal');
      if (r.status !== 'optimal' || !reference) return;
      expect(r.travel).toBeCloseTo(reference.totalTravelMinutes, 6);
      expect(r.finish).toBeCloseTo(reference.finish, 6);
    }
    if (!reference) expect(solveExact(c).status).toBe('infeasible');
  });

  it.each([
    [12, 1, false],
    [13, 2, false],
    [13, 3, true],
    [12, 4, true],
  ] as const)(
    '%i visits (seed %i, windows %s): same optimum as the DP without bounds, far fewer labels',
    (n, seed, windows) => {
      const c = compile(clinicianDay(n, seed, windows));
      const plain = solveExact(c); // no incumbent: no bound pruning at all, the plain label-setting DP
      const bounded = solveExact(c, plain.status === 'optimal' ? { upperBound: plain.travel * 1.01 } : {});
      expect(plain.status).toBe('optimal');
      if (plain.status !== 'optimal' || bounded.status !== 'optimal') throw new Error(bounded.status);
      expect(bounded.travel).toBeCloseTo(plain.travel, 9);
      expect(bounded.labels).toBeLessThan(plain.labels);
    },
  );
});
