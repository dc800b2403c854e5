// The penalised population search of core/routing/vrptw/hgs (phase 2 of solveVrptw for one kind of vehicle):
// every verdict by iteration counts under a deadline it never reaches, so the same on a quiet or loaded machine.
import { describe, expect, it } from 'vitest';
import { parseSolomon } from '../../../core/routing/instances/solomon.ts';
import { createRng } from '../../../core/routing/rng.ts';
import { HgsData } from '../../../core/routing/vrptw/hgs/data.ts';
import type { Individual } from '../../../core/routing/vrptw/hgs/individual.ts';
import { POPULATION, Population } from '../../../core/routing/vrptw/hgs/population.ts';
import { hgsApplies, hgsSearch } from '../../../core/routing/vrptw/hgs/search.ts';
import { checkVrptwRoute, type VrptwProblem } from '../../../core/routing/vrptw/model.ts';
import { solomonProblem } from '../../../core/routing/vrptw/solomon.ts';
import { solveVrptw } from '../../../core/routing/vrptw/solve.ts';
import { BACKSTOP_MS } from '../../support/routing/budget.ts';
import { vrptwInstanceText } from '../../support/routing/vrptw-instances.ts';

const now = () => performance.now();
const never = () => now() + BACKSTOP_MS;
const problemOf = (klass: 'R1' | 'RC1' | 'C2', n: number, fleet?: number): VrptwProblem =>
  solomonProblem(parseSolomon(vrptwInstanceText({ klass, n, seed: 1 })), 'double', undefined, fleet);
const travelOf = (p: VrptwProblem, routes: number[][]) =>
  routes.reduce((sum, r, k) => sum + checkVrptwRoute(p, k, r).travel, 0);

/** Every customer once, every route feasible by the independent forward check. */
function expectFeasible(p: VrptwProblem, routes: number[][]): void {
  expect(routes.flat().sort((a, b) => a - b)).toEqual(p.customers.map((_, i) => i));
  for (const [k, r] of routes.entries()) expect(checkVrptwRoute(p, k, r).problems).toEqual([]);
}

describe('hgsSearch', () => {
  const rc1 = problemOf('RC1', 40);
  // A start as the route minimiser leaves it: construction and local search only.
  const start = solveVrptw(rc1, { seed: 1, maxIterations: 0, timeLimitMs: BACKSTOP_MS });
  const seed = start.routes.map((r) => r.customers);
  const run = (maxIterations: number, seedValue = 1, fleet = seed.length) =>
    hgsSearch(rc1, {
      fleet,
      hierarchical: true,
      seed,
      seedValue,
      deadline: never(),
      now,
      maxIterations,
    });

  it('returns feasible routes, never worse than its seed, at most the route count it was given', () => {
    expect(start.unassigned).toEqual([]);
    for (const [iterations, seedValue] of [
      [0, 1],
      [3, 2],
      [150, 3],
    ] as const) {
      const r = run(iterations, seedValue);
      expect(r.stoppedBy).toBe('iterations');
      expectFeasible(rc1, r.routes);
      expect(r.routes.length).toBeLessThanOrEqual(seed.length);
      expect(r.travel).toBeLessThanOrEqual(start.travel + 1e-9);
      expect(travelOf(rc1, r.routes)).toBeCloseTo(r.travel, 6);
    }
  });

  it('is deterministic for a seed', () => {
    expect(run(80, 5).routes).toEqual(run(80, 5).routes);
  });

  it('improves a poor start: one customer per route, distance objective', () => {
    const r1 = problemOf('R1', 30, 30);
    const singletons = r1.customers.map((_, i) => [i]);
    const before = travelOf(r1, singletons);
    const r = hgsSearch(r1, {
      fleet: r1.vehicles.length,
      hierarchical: false,
      seed: singletons,
      seedValue: 1,
      deadline: never(),
      now,
      maxIterations: 60,
    });
    expectFeasible(r1, r.routes);
    // What 60 offspring reach (the same on every machine): far below the start, near what the solver finds.
    expect(r.travel).toBeLessThan(0.5 * before);
    const solved = solveVrptw(
      { ...r1, objective: 'distance' },
      { seed: 1, maxIterations: 300, timeLimitMs: BACKSTOP_MS },
    );
    expect(r.travel).toBeLessThan(1.05 * solved.travel);
  });

  it('keeps the route count phase 1 reached (hierarchical objective)', () => {
    const r = solveVrptw(rc1, { seed: 3, maxIterations: 400, timeLimitMs: BACKSTOP_MS });
    const phase1 = solveVrptw(rc1, { seed: 3, maxIterations: 0, timeLimitMs: BACKSTOP_MS });
    expect(r.unassigned).toEqual([]);
    expect(r.vehicles).toBeLessThanOrEqual(phase1.vehicles);
    expectFeasible(
      rc1,
      r.routes.map((x) => x.customers),
    );
  });
});

describe('when the penalised search runs', () => {
  const base = problemOf('C2', 12);
  it('one kind of vehicle, no skills or extra costs: yes', () => {
    expect(hgsApplies(base)).toBe(true);
  });
  it.each([
    [
      'a vehicle with a longer shift',
      { ...base, vehicles: base.vehicles.map((v, k) => (k === 0 ? { ...v, shiftEnd: v.shiftEnd + 1 } : v)) },
    ],
    [
      'a vehicle with a larger capacity',
      { ...base, vehicles: base.vehicles.map((v, k) => (k === 1 ? { ...v, capacity: v.capacity + 5 } : v)) },
    ],
    ['a skill', { ...base, customers: base.customers.map((c, i) => (i === 2 ? { ...c, allowed: [0] } : c)) }],
    [
      'an extra cost',
      { ...base, customers: base.customers.map((c, i) => (i === 3 ? { ...c, extraCost: (k: number) => k } : c)) },
    ],
  ])('%s: no, the annealing serves it (feasible, every customer)', (_, problem: VrptwProblem) => {
    expect(hgsApplies(problem)).toBe(false);
    const r = solveVrptw(problem, { seed: 1, maxIterations: 200, timeLimitMs: BACKSTOP_MS });
    expect(r.unassigned).toEqual([]);
    for (const route of r.routes) expect(checkVrptwRoute(problem, route.vehicle, route.customers).problems).toEqual([]);
  });
});

describe('penalty adaptation (HGS managePenalties)', () => {
  const data = new HgsData(problemOf('C2', 12));
  const fake = (loadExcess: number, timeWarp: number) => ({ loadExcess, timeWarp }) as unknown as Individual;
  const withShare = (share: number) => {
    const pop = new Population(data, { capacity: 10, timeWarp: 10 }, createRng(1));
    for (let k = 0; k < POPULATION.window; k++) {
      const ok = k < share * POPULATION.window;
      pop.record(fake(ok ? 0 : 3, ok ? 0 : 2));
    }
    pop.managePenalties();
    return pop.penalties;
  };
  it('raises the penalties while too few offspring are feasible (doubles them when none is)', () => {
    expect(withShare(0.1)).toEqual({ capacity: 12, timeWarp: 12 });
    expect(withShare(0)).toEqual({ capacity: 20, timeWarp: 20 });
  });
  it('lowers them when too many are, and leaves them near the target share', () => {
    expect(withShare(0.6)).toEqual({ capacity: 8.5, timeWarp: 8.5 });
    expect(withShare(POPULATION.targetFeasible)).toEqual({ capacity: 10, timeWarp: 10 });
  });
  it('moves the feasible share of a real run toward the target', () => {
    const p = problemOf('RC1', 40);
    const start = solveVrptw(p, { seed: 1, maxIterations: 0, timeLimitMs: BACKSTOP_MS });
    const runFor = (maxIterations: number) =>
      hgsSearch(p, {
        fleet: start.vehicles,
        hierarchical: true,
        seed: start.routes.map((x) => x.customers),
        seedValue: 2,
        deadline: never(),
        now,
        maxIterations,
      });
    // At the initial penalty most offspring of this loose instance are on time (above the 20 % target): the
    // time-warp penalty falls, and the share of offspring on time with it.
    const early = runFor(50);
    const late = runFor(300);
    expect(early.feasibleShare[1]).toBeGreaterThan(POPULATION.targetFeasible + 0.05);
    expect(late.penalties.timeWarp).toBeLessThan(early.penalties.timeWarp / 2);
    expect(late.feasibleShare[1]).toBeLessThan(early.feasibleShare[1]);
  });
});
