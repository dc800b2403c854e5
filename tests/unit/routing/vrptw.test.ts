import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSolomon } from '../../../core/routing/instances/solomon.ts';
import { createRng } from '../../../core/routing/rng.ts';
import type { VrptwProblem, VrptwSolution } from '../../../core/routing/vrptw/model.ts';
import { solomonProblem, solveSolomon } from '../../../core/routing/vrptw/solomon.ts';
import { solveVrptw } from '../../../core/routing/vrptw/solve.ts';
import { BACKSTOP_MS, expectBudgeted } from '../../support/routing/budget.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');
const haveShared = existsSync(path.join(dir, 'known-values.csv'));
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

/** Independent of the solver's caches: simulate every route from the problem and check the partition. */
function violations(problem: VrptwProblem, solution: VrptwSolution): string[] {
  const out: string[] = [];
  const seen = new Map<number, number>();
  for (const route of solution.routes) {
    const v = problem.vehicles[route.vehicle];
    if (!v) {
      out.push(`unknown vehicle ${route.vehicle}`);
      continue;
    }
    let t = v.shiftStart;
    let at = v.start;
    let load = 0;
    let travel = 0;
    for (const i of route.customers) {
      const c = problem.customers[i];
      if (!c) {
        out.push(`unknown customer ${i}`);
        continue;
      }
      seen.set(i, (seen.get(i) ?? 0) + 1);
      const leg = problem.travel[at]?.[c.location] ?? Number.NaN;
      travel += leg;
      t = Math.max(t + leg, c.ready);
      if (!(t <= c.due + 1e-6)) out.push(`customer ${i} starts at ${t} after ${c.due}`);
      if (c.allowed && !c.allowed.includes(route.vehicle)) out.push(`customer ${i} on a vehicle without the skill`);
      t += c.service;
      load += c.demand;
      at = c.location;
    }
    const back = problem.travel[at]?.[v.end] ?? Number.NaN;
    travel += back;
    if (!(t + back <= v.shiftEnd + 1e-6)) out.push(`vehicle ${route.vehicle} back at ${t + back} after ${v.shiftEnd}`);
    if (load > v.capacity) out.push(`vehicle ${route.vehicle} carries ${load} > ${v.capacity}`);
    if (Math.abs(travel - route.travel) > 1e-6) out.push(`vehicle ${route.vehicle} travel ${route.travel} ≠ ${travel}`);
  }
  for (const u of solution.unassigned) seen.set(u, (seen.get(u) ?? 0) + 1);
  for (let i = 0; i < problem.customers.length; i++)
    if (seen.get(i) !== 1) out.push(`customer ${i} appears ${seen.get(i) ?? 0} times`);
  if (new Set(solution.routes.map((r) => r.vehicle)).size !== solution.routes.length) out.push('a vehicle used twice');
  return out;
}

/** Random instance: depot in the middle, customers in a 100 × 100 square, windows of 30–150, some skills. */
function randomProblem(n: number, seed: number, opts: { skills?: boolean; vehicles?: number } = {}): VrptwProblem {
  const rng = createRng(seed);
  const pts = Array.from({ length: n + 1 }, (_, i) => (i === 0 ? [50, 50] : [rng() * 100, rng() * 100]));
  const travel = pts.map(([ax = 0, ay = 0]) => pts.map(([bx = 0, by = 0]) => Math.hypot(ax - bx, ay - by)));
  const vehicles = Array.from({ length: opts.vehicles ?? n }, () => ({
    start: 0,
    end: 0,
    shiftStart: 0,
    shiftEnd: 600,
    capacity: 100,
  }));
  const customers = pts.slice(1).map((_, k) => {
    const ready = Math.floor(rng() * 400);
    const c: VrptwProblem['customers'][number] = {
      location: k + 1,
      demand: 5 + Math.floor(rng() * 20),
      ready,
      due: ready + 30 + Math.floor(rng() * 120),
      service: 10,
    };
    if (opts.skills && rng() < 0.4) c.allowed = [0, 1, 2].filter(() => rng() < 0.5);
    if (opts.skills && rng() < 0.3) {
      const last = Math.floor(rng() * 3);
      c.extraCost = (v) => (v === last ? 0 : 25);
    }
    return c;
  });
  return { travel, vehicles, customers, objective: 'vehicles-then-distance' };
}

describe('solveVrptw: every returned route is feasible (independent check)', () => {
  it.each([
    [30, 1, {}],
    [60, 2, {}],
    [40, 3, { skills: true, vehicles: 6 }],
  ] as const)('random instance n=%i seed %i', (n, seed, opts) => {
    const problem = randomProblem(n, seed, opts);
    const solution = solveVrptw(problem, { seed: 1, maxIterations: 300, timeLimitMs: BACKSTOP_MS });
    expectBudgeted(solution);
    expect(violations(problem, solution)).toEqual([]);
    expect(solution.vehicles).toBe(solution.routes.length);
  });

  it('leaves a customer unassigned (and says so) when no vehicle may serve it, and still serves the rest', () => {
    const problem = randomProblem(20, 4, { vehicles: 5 });
    (problem.customers[3] as { allowed?: number[] }).allowed = [];
    const solution = solveVrptw(problem, { seed: 1, maxIterations: 100, timeLimitMs: BACKSTOP_MS });
    expectBudgeted(solution);
    expect(solution.unassigned).toContain(3);
    expect(violations(problem, solution)).toEqual([]);
  });

  it('with the same seed and iteration cap, answers the same routes', () => {
    const problem = randomProblem(40, 5);
    const a = solveVrptw(problem, { seed: 7, maxIterations: 200, timeLimitMs: BACKSTOP_MS });
    const b = solveVrptw(problem, { seed: 7, maxIterations: 200, timeLimitMs: BACKSTOP_MS });
    expectBudgeted(a);
    expectBudgeted(b);
    expect(a.stats.stoppedBy).not.toBe('time-limit');
    expect(b.routes).toEqual(a.routes);
    expect(b.travel).toBe(a.travel);
  });

  it("minimises vehicles first under Solomon's convention: never more routes than the distance objective", () => {
    const problem = randomProblem(40, 6);
    const hier = solveVrptw(problem, { seed: 1, maxIterations: 300, timeLimitMs: BACKSTOP_MS });
    const dist = solveVrptw(
      { ...problem, objective: 'distance' },
      { seed: 1, maxIterations: 300, timeLimitMs: BACKSTOP_MS },
    );
    expectBudgeted(hier);
    expectBudgeted(dist);
    expect(hier.vehicles).toBeLessThanOrEqual(dist.vehicles);
    expect(dist.travel).toBeLessThanOrEqual(hier.travel + 1e-6);
  });
});

describe.skipIf(!haveShared)(
  haveShared ? 'Solomon instances' : 'Solomon instances (skipped: ../shared/benchmarks/routing not found)',
  () => {
    const known = haveShared
      ? read('known-values.csv')
          .trim()
          .split('\n')
          .map((l) => l.split(','))
          .filter((c) => c[0] === 'VRPTW')
      : [];
    /**
     * What 300 iterations reach (seed 1, the same on every machine): the known value on every row but RC101.50
     * (957.1 with 9 routes; 1000 iterations reach 944). A worse search fails here; the gap at a time limit is
     * measured by bench/routing.bench.ts.
     */
    const reached: Record<string, number> = { 'RC101.50': 957.1 };
    it.each(known.map((c) => [c[1], c[2], Number(c[3]), c[4]] as const))(
      '%s: feasible; distance-only optimum never beaten; 300 iterations reach the known value',
      (name, file, value, objective) => {
        const text = read(file as string);
        const r = solveSolomon(text, { seed: 1, objective: 'distance', maxIterations: 300, timeLimitMs: BACKSTOP_MS });
        expectBudgeted(r);
        expect(r.problems).toEqual([]);
        expect(r.feasible).toBe(true);
        // Proven optima (README §3): a lower distance would mean a wrong distance convention.
        if (/optimal/.test(objective as string)) expect(r.distance).toBeGreaterThanOrEqual(value);
        expect(r.distance).toBeLessThanOrEqual(reached[name as string] ?? value);
        // Same problem through the generic checker.
        const problem = solomonProblem(parseSolomon(text), 'truncated', 'distance', r.routes.length);
        const solution: VrptwSolution = {
          routes: r.routes.map((route, k) => ({
            vehicle: k,
            customers: route.map((id) => id - 1),
            travel:
              route.reduce(
                (sum, id, i) => sum + (problem.travel[i === 0 ? 0 : (route[i - 1] as number)]?.[id] ?? 0),
                0,
              ) + (problem.travel[route[route.length - 1] as number]?.[0] ?? 0),
          })),
          unassigned: [],
          vehicles: r.vehicles,
          travel: r.distance,
          cost: r.distance,
          stats: { ms: 0, msToBest: 0, iterations: 0, stoppedBy: 'stalled', timeLimitReached: false },
        };
        expect(violations(problem, solution)).toEqual([]);
      },
    );
  },
);

describe('route solve --format solomon (handler)', () => {
  const tiny =
    'TINY\n\nVEHICLE\nNUMBER     CAPACITY\n  3         10\n\nCUSTOMER\nCUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME\n \n    0      0      0      0      0    100      0\n    1      3      4      6      0     20      5\n    2      6      8      6     10     30      5\n    3     -3     -4      2      0     50      5\n';
  it('solves the original text format, with no known value outside the benchmark folder', async () => {
    const { routeSolve } = await import('../../../cli/handlers/route-solve.ts');
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'solomon-'));
    const file = path.join(tmp, 'TINY.txt');
    writeFileSync(file, tiny);
    // The search uses its whole limit (a population restarts); an iteration cap ends it long before the backstop.
    const r = await routeSolve({ file, format: 'solomon', timeLimitMs: BACKSTOP_MS, maxIterations: 300 });
    expect(r.timeLimitReached).toBe(false);
    expect(r.feasible).toBe(true);
    expect(r.vehicles).toBe(2); // demand 14 > capacity 10
    expect(r.known).toBeUndefined();
    writeFileSync(file, 'not a solomon file');
    await expect(routeSolve({ file, format: 'solomon' })).rejects.toThrow(/is not a valid solomon instance/);
  });
  it.skipIf(!haveShared)('reports the known value and the gap for a benchmark file', async () => {
    const { routeSolve } = await import('../../../cli/handlers/route-solve.ts');
    const r = await routeSolve({
      file: path.join(dir, 'solomon/C101.25.vrptw'),
      format: 'solomon',
      timeLimitMs: BACKSTOP_MS,
      maxIterations: 300,
    });
    expect(r.timeLimitReached).toBe(false);
    expect(r.known).toMatchObject({ value: 191.3, routes: 3, convention: 'truncated' });
    expect(r.vehicles === 3 ? r.gapPercent : 0).toBeGreaterThanOrEqual(0);
  });
});
