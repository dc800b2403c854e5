import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSolomon } from '../../../core/routing/instances/solomon.ts';
import { checkSolomonRoutes, solomonProblem, solveSolomon } from '../../../core/routing/vrptw/solomon.ts';
import { solveVrptw } from '../../../core/routing/vrptw/solve.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');
const haveShared = existsSync(path.join(dir, 'known-values.csv'));
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
/** This process's CPU time: the search's clock in the quality tests, so other work on the machine cannot
 * starve the search of the second it is promised (the deadline test below uses the wall clock). */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

describe.skipIf(!haveShared)(
  haveShared
    ? 'Solomon 25-customer files'
    : 'Solomon 25-customer files (skipped: ../shared/benchmarks/routing not found)',
  () => {
    it.each([
      ['solomon/C101.25.vrptw', 191.3],
      ['solomon/R101.25.vrptw', 617.1],
      ['solomon/RC101.25.vrptw', 461.1],
    ])(
      '%s: the best known distance (%d) in 1 s, feasible by an independent check',
      { timeout: 30_000 },
      (file, value) => {
        const text = read(file);
        const r = solveSolomon(text, { seed: 1, objective: 'distance', timeLimitMs: 1000, now: cpuMs });
        expect(checkSolomonRoutes(parseSolomon(text), r.routes, 'truncated')).toEqual([]);
        expect(r.distance).toBe(value);
      },
    );
  },
);

describe.skipIf(!haveShared)(
  haveShared
    ? 'Solomon 100-customer file'
    : 'Solomon 100-customer file (skipped: ../shared/benchmarks/routing not found)',
  () => {
    it('RC101 (100): answers within 5 % of a 1 s limit with a feasible solution', { timeout: 30_000 }, () => {
      const text = read('solomon/RC101.txt');
      const limit = 1000;
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const r = solveSolomon(text, { seed: 2, convention: 'double', timeLimitMs: limit });
      const wall = performance.now() - t0;
      const used = process.cpuUsage(cpu0);
      // As in vrptw.test.ts: a loaded machine may keep the process waiting after its deadline (wall time
      // grows, CPU time does not); a search that ran past the deadline would show in both.
      expect(Math.min(wall, (used.user + used.system) / 1000)).toBeLessThanOrEqual(limit * 1.05);
      expect(r.feasible).toBe(true);
      expect(checkSolomonRoutes(parseSolomon(text), r.routes, 'double')).toEqual([]);
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
  const construction = solveVrptw(problem, { seed: 1, maxIterations: 0, timeLimitMs: 60_000 });

  it.each([
    [1, 5],
    [2, 20],
    [3, 80],
    [4, 300],
  ])('seed %i, %i ms: every customer served, every route feasible', (seed, limit) => {
    expect(construction.unassigned).toEqual([]);
    const r = solveSolomon(text, { seed, timeLimitMs: limit, convention: 'double' });
    expect(r.problems).toEqual([]);
    expect(r.feasible).toBe(true);
    expect(r.routes.flat()).toHaveLength(40);
  });
});
