// Solomon- and Gehring–Homberger-like instances (tests/support/routing/vrptw-instances.ts) and the VRPTW solver's
// progress reports: generators deterministic, in Solomon's format, with each class's shape and a solution; the
// progress listener told in time order of ever better solutions. Decided by budgets, never by the clock.
import { describe, expect, it } from 'vitest';
import { parseSolomon, type SolomonNode } from '../../../core/routing/instances/solomon.ts';
import type { SearchProgress } from '../../../core/routing/progress.ts';
import { checkVrptwRoute } from '../../../core/routing/vrptw/model.ts';
import { solomonProblem, solveSolomon } from '../../../core/routing/vrptw/solomon.ts';
import { solveVrptw } from '../../../core/routing/vrptw/solve.ts';
import {
  VRPTW_CLASSES,
  VRPTW_SIZES,
  type VrptwClass,
  vrptwClassShape,
  vrptwInstanceName,
  vrptwInstanceText,
} from '../../support/routing/vrptw-instances.ts';

describe('VRPTW instance generators', () => {
  it('are deterministic: the same spec gives the same text, another seed another', () => {
    const spec = { klass: 'RC1' as const, n: 200, seed: 3 };
    expect(vrptwInstanceText(spec)).toBe(vrptwInstanceText({ ...spec }));
    expect(vrptwInstanceText({ ...spec, seed: 4 })).not.toBe(vrptwInstanceText(spec));
    expect(vrptwInstanceName(spec)).toBe('RC1_2_s3');
    expect(vrptwInstanceName({ klass: 'R2', n: 1000, seed: 1 })).toBe('R2_10_s1');
  });

  const shapes: Record<VrptwClass, readonly [number, number]> = {
    R1: [230, 200],
    C1: [1236, 200],
    RC1: [240, 200],
    R2: [1000, 1000],
    C2: [3390, 700],
    RC2: [960, 1000],
  };
  for (const klass of VRPTW_CLASSES)
    for (const n of [100, 400, 1000]) {
      it(`${klass}, ${n} customers: Solomon's format with the class's capacity, horizon and fleet`, () => {
        const inst = parseSolomon(vrptwInstanceText({ klass, n, seed: 1 }));
        const shape = vrptwClassShape(klass, n);
        const [horizon, capacity] = shapes[klass];
        expect(inst.nodes).toHaveLength(n + 1);
        expect(inst.capacity).toBe(capacity);
        expect(inst.vehicles).toBe(n / 4);
        const depot = inst.nodes[0] as SolomonNode;
        // Solomon's horizon at 100 customers; Homberger's grows with the square.
        if (n === 100) expect(depot.due).toBe(horizon);
        else expect(depot.due).toBe(Math.round(horizon * Math.sqrt(n / 100)));
        expect(depot.due).toBe(shape.horizon);
        const service = klass.startsWith('C') ? 90 : 10;
        const dist = (a: SolomonNode, b: SolomonNode) => Math.hypot(a.x - b.x, a.y - b.y);
        for (const c of inst.nodes.slice(1)) {
          expect(c.service).toBe(service);
          expect(c.demand).toBeGreaterThan(0);
          expect(c.x).toBeGreaterThanOrEqual(0);
          expect(c.x).toBeLessThanOrEqual(shape.side);
          // Every customer can be served alone: reached in its window, back by the horizon.
          const start = Math.max(dist(depot, c), c.ready);
          expect(start).toBeLessThanOrEqual(c.due);
          expect(start + c.service + dist(c, depot)).toBeLessThanOrEqual(depot.due + 1e-9);
        }
      });
    }

  it('covers the sizes of Solomon and Homberger', () => {
    expect(VRPTW_SIZES).toEqual([100, 200, 400, 600, 800, 1000]);
  });

  it('R1 and C1 at 100 customers: a complete solution within the fleet (a budget of 50 rounds)', () => {
    for (const klass of ['R1', 'C1'] as const) {
      const r = solveSolomon(vrptwInstanceText({ klass, n: 100, seed: 1 }), {
        timeLimitMs: 600_000,
        maxIterations: 50,
      });
      expect(r.feasible).toBe(true);
      expect(r.vehicles).toBeLessThanOrEqual(25);
    }
  });
});

describe('VRPTW progress', () => {
  it('is told in time order, each report no worse than the last (unassigned, routes, then cost)', () => {
    const problem = solomonProblem(parseSolomon(vrptwInstanceText({ klass: 'RC1', n: 60, seed: 1 })));
    const reports: SearchProgress[] = [];
    let tick = 0;
    const solution = solveVrptw(problem, {
      timeLimitMs: 1e9,
      maxIterations: 400,
      // A counting clock: the listener's elapsed times come from the solver's own clock.
      now: () => tick++,
      onProgress: (p) => reports.push(p),
    });
    expect(solution.stats.timeLimitReached).toBe(false);
    expect(reports[0]?.phase).toBe('construction');
    expect(reports.map((r) => r.phase)).toContain('route elimination');
    const key = (r: SearchProgress) => [r.unassigned ?? 0, r.routes ?? 0, r.bestCost] as const;
    for (let k = 1; k < reports.length; k++) {
      const [a, b] = [reports[k - 1] as SearchProgress, reports[k] as SearchProgress];
      expect(b.elapsedMs).toBeGreaterThanOrEqual(a.elapsedMs);
      expect(b.limitMs).toBe(1e9);
      const [ua, ra, ca] = key(a);
      const [ub, rb, cb] = key(b);
      // Lexicographic: a route removed may lengthen the travel, never the other way round.
      expect(ub < ua || (ub === ua && (rb < ra || (rb === ra && cb <= ca + 1e-9)))).toBe(true);
    }
    const last = reports.at(-1) as SearchProgress;
    expect(last.routes).toBe(solution.vehicles);
    expect(last.bestCost).toBeCloseTo(solution.cost, 6);
  });

  it('moves on to distance once route elimination has failed 3× as long as its successes took (past 35 % of the limit)', () => {
    // Its route count is reached almost at once; the attempts to go below it fail (it is the best found at any
    // limit) and, at 20 clock units per look, would run to 0.6 of the limit (their insertion cap ends them at 0.9).
    const problem = solomonProblem(parseSolomon(vrptwInstanceText({ klass: 'R1', n: 30, seed: 2 })));
    const reports: SearchProgress[] = [];
    let tick = 0;
    const limit = 400_000;
    // A counting clock, which jumps past the limit once the distance phase starts (its length is not the point).
    const now = () => {
      if (reports.some((r) => r.phase === 'distance')) return 2 * limit;
      tick += 20;
      return tick;
    };
    solveVrptw(problem, { timeLimitMs: limit, now, onProgress: (p) => reports.push(p) });
    const lastElimination = Math.max(
      0,
      ...reports.filter((r) => r.phase === 'route elimination').map((r) => r.elapsedMs),
    );
    const distance = reports.find((r) => r.phase === 'distance');
    expect(lastElimination).toBeLessThan(0.05 * limit);
    expect(distance?.elapsedMs).toBeGreaterThan(0.35 * limit);
    expect(distance?.elapsedMs).toBeLessThan(0.4 * limit);
  });

  it('on a limit too short for the regret construction still places every customer, greedily, feasibly', () => {
    const problem = solomonProblem(parseSolomon(vrptwInstanceText({ klass: 'RC2', n: 200, seed: 1 })));
    // The first look is the start; every later one is far past the limit, as on a limit of a few ms at 1,000.
    let looks = 0;
    const solution = solveVrptw(problem, { timeLimitMs: 100, now: () => (looks++ === 0 ? 0 : 1e6) });
    expect(solution.unassigned).toEqual([]);
    expect(solution.stats.stoppedBy).toBe('time-limit');
    const served = solution.routes.flatMap((r) => r.customers).sort((a, b) => a - b);
    expect(served).toEqual(problem.customers.map((_, i) => i));
    for (const r of solution.routes) expect(checkVrptwRoute(problem, r.vehicle, r.customers).feasible).toBe(true);
  });

  it('solveSolomon counts parsing and the matrix against the limit', () => {
    const text = vrptwInstanceText({ klass: 'R1', n: 100, seed: 1 });
    // The limit is spent by the time the problem is built (the first look is before parsing).
    let looks = 0;
    const r = solveSolomon(text, {
      timeLimitMs: 100,
      maxIterations: 200,
      convention: 'double',
      objective: 'vehicles-then-distance',
      now: () => (looks++ === 0 ? 0 : 1e6),
    });
    expect(r.timeLimitReached).toBe(true);
    expect(r.stoppedBy).toBe('time-limit');
    expect(r.feasible).toBe(true);
    expect(r.routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });
});
