// The windowed search on instances of the public TSPTW families (Dumas, Gendreau, Ohlmann–Thomas), generated
// with a tour known to be feasible: a feasible instance never comes back infeasible or costlier than that tour
// (nor than the search reaches at a fixed number of rounds), small ones reach the exact DP's proven optimum, and
// a run bounded by iterations is the same for the same seed. Every run is bounded by rounds, never by the clock
// (the time limit on 200 customers is measured by npm run bench:routing and time-limit.test.ts).
import { describe, expect, it } from 'vitest';
import { type Compiled, compile } from '../../../core/routing/compile.ts';
import { bestConstruction } from '../../../core/routing/construct.ts';
import { solveExact } from '../../../core/routing/exact-dp.ts';
import { solveInstance } from '../../../core/routing/instances/solve-instance.ts';
import { parseTsptw } from '../../../core/routing/instances/tsptw.ts';
import { twSearch } from '../../../core/routing/tw-search.ts';
import { BACKSTOP_MS, expectBudgeted } from '../../support/routing/budget.ts';
import {
  type GeneratedTsptw,
  generateTsptw,
  TSPTW_FAMILY_SPECS,
  type TsptwSpec,
} from '../../support/routing/tsptw-instances.ts';

/** The instance as the solver sees it (as core/routing/instances/solve-instance.ts builds it). */
function compiled(g: GeneratedTsptw): Compiled {
  const inst = parseTsptw(g.text, `${g.name}.txt`);
  const depot = inst.windows[0] ?? { earliest: 0, latest: Number.MAX_SAFE_INTEGER };
  return compile({
    matrix: { minutes: inst.matrix },
    vehicles: [{ id: 'tour', startLocation: 0, endLocation: 0, shift: { start: depot.earliest, end: depot.latest } }],
    visits: inst.windows
      .slice(1)
      .map((w, k) => ({ id: String(k + 1), location: k + 1, durationMinutes: 0, window: w })),
  });
}

describe('every family comes back feasible, never costlier than its known tour', () => {
  // 100 rounds: about what 100–200 ms give on these sizes. `reached` is the costlier of seeds 1 and 2 at that
  // budget (the same on every machine): a change that makes the search worse on any of them fails here.
  const reached: Record<string, number> = {
    'dumas-n60w100.001': 541,
    'dumas-n100w60.002': 807,
    'dumas-n150w40.003': 959,
    'dumas-n200w20.004': 1089,
    'dumas-n200w60.005': 1044,
    'gendreau-n60w80.006': 509,
    'gendreau-n100w60.007': 661,
    'ohlmann-thomas-n150w140.008': 876,
    'ohlmann-thomas-n200w160.009': 863,
  };
  it.each(TSPTW_FAMILY_SPECS.map((spec) => [generateTsptw(spec).name, spec] as const))(
    '%s at 100 rounds (seeds 1, 2)',
    (name, spec) => {
      const g = generateTsptw(spec);
      for (const seed of [1, 2]) {
        const r = solveInstance(g.text, 'tsptw', {
          timeLimitMs: BACKSTOP_MS,
          maxIterations: 100,
          seed,
          fileName: `${g.name}.txt`,
        });
        expectBudgeted(r);
        expect(r.feasible).toBe(true);
        expect(r.cost).toBeLessThanOrEqual(g.feasibleCost);
        expect(r.cost, `seed ${seed}`).toBeLessThanOrEqual(reached[name] ?? 0);
      }
    },
  );
});

// Small enough for the exact DP to prove the optimum; the search alone must find it.
const SMALL: readonly TsptwSpec[] = [
  { family: 'dumas', customers: 25, width: 40, seed: 31 },
  { family: 'dumas', customers: 30, width: 100, seed: 32 },
  { family: 'gendreau', customers: 25, width: 60, seed: 33 },
  { family: 'ohlmann-thomas', customers: 30, width: 140, seed: 34 },
];

describe('small instances: the search reaches the proven optimum', () => {
  it.each(SMALL.map((spec) => [generateTsptw(spec).name, spec] as const))('%s', { timeout: 30_000 }, (_name, spec) => {
    const c = compiled(generateTsptw(spec));
    const exact = solveExact(c);
    expect(exact.status).toBe('optimal');
    if (exact.status !== 'optimal') return;
    const optimum = exact.travel;
    for (const seed of [1, 2]) {
      const r = twSearch(c, bestConstruction(c).order, {
        seed,
        deadline: Number.POSITIVE_INFINITY,
        maxIterations: 300,
      });
      expect(r.score.penalty).toBe(0);
      expect(r.score.travel).toBeCloseTo(optimum, 9);
    }
  });
});

describe('reproducible per seed when bounded by iterations', () => {
  it('the same seed gives the same route, the same number of rounds and the same score', { timeout: 30_000 }, () => {
    const c = compiled(generateTsptw({ family: 'ohlmann-thomas', customers: 120, width: 140, seed: 51 }));
    const start = bestConstruction(c).order;
    const run = (seed: number) => twSearch(c, start, { seed, deadline: Number.POSITIVE_INFINITY, maxIterations: 60 });
    const a = run(3);
    const b = run(3);
    expect(b.order).toEqual(a.order);
    expect(b.score).toEqual(a.score);
    expect(b.iterations).toBe(60);
  });
});
