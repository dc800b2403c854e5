// VRPTW quality on Solomon's files and a feasibility guard, every run bounded by iterations under a time limit it
// never reaches: the verdicts are the same on a quiet and a loaded machine (the time limit itself is checked by
// time-limit.test.ts and measured by npm run bench:routing).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSolomon } from '../../../core/routing/instances/solomon.ts';
import { checkSolomonRoutes, solomonProblem, solveSolomon } from '../../../core/routing/vrptw/solomon.ts';
import { solveVrptw } from '../../../core/routing/vrptw/solve.ts';
import { BACKSTOP_MS, expectBudgeted } from '../../support/routing/budget.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');
const haveShared = existsSync(path.join(dir, 'known-values.csv'));
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

describe.skipIf(!haveShared)(
  haveShared
    ? 'Solomon 25-customer files'
    : 'Solomon 25-customer files (skipped: ../shared/benchmarks/routing not found)',
  () => {
    it.each([
      ['solomon/C101.25.vrptw', 191.3],
      ['solomon/R101.25.vrptw', 617.1],
      ['solomon/RC101.25.vrptw', 461.1],
    ])('%s: the best known distance (%d) in 300 iterations, feasible by an independent check', (file, value) => {
      // 300 iterations: fewer than a 1 s limit gives on this machine (600–1100), the same answer everywhere.
      const text = read(file);
      const r = solveSolomon(text, { seed: 1, objective: 'distance', maxIterations: 300, timeLimitMs: BACKSTOP_MS });
      expectBudgeted(r);
      expect(checkSolomonRoutes(parseSolomon(text), r.routes, 'truncated')).toEqual([]);
      expect(r.distance).toBe(value);
    });
  },
);

describe.skipIf(!haveShared)(
  haveShared
    ? 'Solomon 100-customer file'
    : 'Solomon 100-customer file (skipped: ../shared/benchmarks/routing not found)',
  () => {
    it("RC101 (100): a feasible solution with Solomon's objective, 15 routes in 300 iterations", () => {
      const text = read('solomon/RC101.txt');
      const r = solveSolomon(text, { seed: 2, convention: 'double', maxIterations: 300, timeLimitMs: BACKSTOP_MS });
      expectBudgeted(r);
      expect(r.feasible).toBe(true);
      expect(checkSolomonRoutes(parseSolomon(text), r.routes, 'double')).toEqual([]);
      // What this budget reaches (the same on every machine): a worse route minimiser or distance phase fails
      // here. The population search (hgs/) of the distance phase has 150 offspring of it: 1664.03 at 15 routes,
      // where the annealing it replaced reached 1730.51.
      expect(r.vehicles).toBeLessThanOrEqual(15);
      if (r.vehicles === 15) expect(r.distance).toBeLessThanOrEqual(1664.03);
    });
  },
);

describe('never infeasible once a complete solution was seen', () => {
  // Clustered customers with tight windows: the construction finds a complete solution; no later phase may
  // give it up, however short the time limit or whatever the seed.
  const text = [
    'T',
    '',
    'VEHICLE',
    'NUMBER     CAPACITY',
    '  25         60',
    '',
    'CUSTOMER',
    'CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME',
    ' ',
    '0 50 50 0 0 500 0',
    ...Array.from({ length: 40 }, (_, k) => {
      const x = 10 + ((k * 37) % 80);
      const y = 10 + ((k * 53) % 80);
      const ready = 60 + ((k * 29) % 250);
      return `${k + 1} ${x} ${y} ${5 + (k % 4) * 5} ${ready} ${ready + 40 + (k % 3) * 20} 10`;
    }),
    '',
  ].join('\n');
  const problem = solomonProblem(parseSolomon(text), 'double');
  const construction = solveVrptw(problem, { seed: 1, maxIterations: 0, timeLimitMs: BACKSTOP_MS });

  // From no iteration at all (construction and its local search only) to a few hundred: no later phase gives
  // up the complete solution, however short the run, whatever the seed.
  it.each([
    [1, 0],
    [2, 5],
    [3, 40],
    [4, 300],
  ])('seed %i, %i iterations: every customer served, every route feasible', (seed, maxIterations) => {
    expect(construction.unassigned).toEqual([]);
    const r = solveSolomon(text, { seed, maxIterations, timeLimitMs: BACKSTOP_MS, convention: 'double' });
    expectBudgeted(r);
    expect(r.iterations).toBe(maxIterations);
    expect(r.problems).toEqual([]);
    expect(r.feasible).toBe(true);
    expect(r.routes.flat()).toHaveLength(40);
  });
});
