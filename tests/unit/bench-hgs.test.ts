import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkHgsRoutes,
  findHgs,
  HGS_MAX_ENTRY,
  HGS_SOURCE,
  hgsMsToBest,
  hgsSecondOfBest,
  hgsVrplib,
  parseHgsSolution,
  runHgs,
} from '../../bench/anchors/hgs.ts';
import { parseSolomon } from '../../core/routing/instances/solomon.ts';

// Depot and three customers; customer 3 opens at 30 (after the depot's ready time 10, which HGS needs at 0).
const tiny = [
  'TINY',
  '',
  'VEHICLE',
  'NUMBER     CAPACITY',
  '  3         10',
  '',
  'CUSTOMER',
  'CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME',
  ' ',
  '    0      0          0          0          10       200          0',
  '    1      3          4          4          10       100         5',
  '    2      6          8          4          10       100         5',
  '    3      1          1          4          30        35         5',
].join('\n');

const section = (text: string, name: string) => {
  const lines = text.split('\n');
  const start = lines.indexOf(name) + 1;
  const end = lines.findIndex((l, i) => i >= start && /^[A-Z_]+$/.test(l));
  return lines.slice(start, end).map((l) => l.split(' ').map(Number));
};

describe('HGS VRPLIB writer', () => {
  const inst = parseSolomon(tiny);
  const { text, fixedCost } = hgsVrplib(inst, 3);

  it('writes the header HGS parses after skipping its first three lines', () => {
    const lines = text.split('\n');
    expect(lines[3]).toBe('DIMENSION : 4');
    expect(lines).toContain('EDGE_WEIGHT_TYPE : EXPLICIT');
    expect(lines).toContain('EDGE_WEIGHT_FORMAT : FULL_MATRIX');
    expect(lines).toContain('CAPACITY : 10');
    expect(lines).toContain('VEHICLES : 3');
    expect(text.trim().endsWith('DEPOT_SECTION\n1\n-1\nEOF')).toBe(true);
  });

  it('rounds distances up in hundredths and puts the largest M that fits on the depot legs only', () => {
    const m = section(text, 'EDGE_WEIGHT_SECTION');
    // 0→1 is exactly 5 (500); 0→3 is √2 = 141.42… → 142; 1→2 exactly 5; 1→3 √13 = 360.55… → 361.
    expect(fixedCost).toBe(HGS_MAX_ENTRY - 1000); // the longest depot leg is 0→2 = 10
    expect(m[0]).toEqual([0, 500 + fixedCost, 1000 + fixedCost, 142 + fixedCost]);
    expect(m[1]).toEqual([500, 0, 500, 361]);
    expect(m[3]?.[0]).toBe(142);
    expect(Math.max(...m.flat())).toBe(HGS_MAX_ENTRY);
  });

  it('shifts windows so the depot opens at 0, scales them, and adds M (service in hundredths)', () => {
    expect(section(text, 'TIME_WINDOW_SECTION')).toEqual([
      [1, 0, 19000 + fixedCost],
      [2, fixedCost, 9000 + fixedCost],
      [3, fixedCost, 9000 + fixedCost],
      [4, 2000 + fixedCost, 2500 + fixedCost],
    ]);
    expect(section(text, 'SERVICE_TIME_SECTION')).toEqual([
      [1, 0],
      [2, 500],
      [3, 500],
      [4, 500],
    ]);
    expect(section(text, 'DEMAND_SECTION').map((r) => r[1])).toEqual([0, 4, 4, 4]);
  });

  it('takes a coarser scale for a larger fixed cost per route', () => {
    const tenths = hgsVrplib(inst, 3, 10);
    expect(tenths.fixedCost).toBe(HGS_MAX_ENTRY - 100);
    expect(section(tenths.text, 'EDGE_WEIGHT_SECTION')[1]).toEqual([50, 0, 50, 37]);
  });

  it('refuses distances HGS would reject', () => {
    const far = parseSolomon(tiny.replace('    2      6          8', '    2   2000       2000'));
    expect(() => hgsVrplib(far, 3)).toThrow(/too long for HGS/);
  });
});

describe('HGS solution and progress', () => {
  const inst = parseSolomon(tiny);

  it('parses routes, cost and time from the .sol', () => {
    const sol = parseHgsSolution('Route #1: 3 1\r\nRoute #2: 2\r\nCost 12345\r\nTime 1.5\r\n');
    expect(sol).toEqual({ routes: [[3, 1], [2]], cost: 12345, seconds: 1.5 });
    expect(() => parseHgsSolution('Route #1: 1 x\n')).toThrow(/bad route line/);
  });

  it('re-costs routes in double precision and reports what breaks', () => {
    // 0→1→2→0 is 5 + 5 + 10 = 20 and on time; 0→3→0 is 2·√2, served at 30 (its ready time).
    const ok = checkHgsRoutes(inst, 3, [[1, 2], [3]]);
    expect(ok.problems).toEqual([]);
    expect(ok.distance).toBeCloseTo(20 + 2 * Math.SQRT2, 2);
    // Capacity 10 exceeded, and customer 3 reached after 1 and 2 only past its due time 35.
    const bad = checkHgsRoutes(inst, 3, [[1, 2, 3]]);
    expect(bad.problems.some((p) => /load 12 over capacity 10/.test(p))).toBe(true);
    expect(bad.problems.some((p) => /after its due time 35/.test(p))).toBe(true);
    expect(checkHgsRoutes(inst, 3, [[1], [2]]).problems).toContain('customer 3 not visited');
    expect(checkHgsRoutes(inst, 1, [[1], [2], [3]]).problems).toContain('3 routes > fleet 1');
  });

  it('takes the time to best from the first progress line at the final cost', () => {
    const out = [
      'It      0      0 | T(s) 0.12 | Feas 3 205000.00 206000.00 | Inf 2 1 2 | Div 0.1 0.2',
      'It    500     10 | T(s) 0.80 | Feas 9 203456.70 204000.00 | NO-INFEASIBLE | Div 0.1 0.2',
      'It   1000    510 | T(s) 1.60 | Feas 9 203456.70 204000.00 | NO-INFEASIBLE | Div 0.1 0.2',
    ].join('\n');
    expect(hgsMsToBest(out, 203456)).toBe(800);
    expect(hgsMsToBest(out, 100)).toBeUndefined();
  });
});

const hasShared = existsSync(path.join(HGS_SOURCE, 'Makefile'));
const solomon25 = path.join(HGS_SOURCE, '../../benchmarks/routing/solomon/R101.25.vrptw');
const hgs = hasShared && existsSync(solomon25) ? findHgs() : { binary: null, reason: '../shared absent' };

describe('HGS built from ../shared', () => {
  it.skipIf(hgs.binary === null)(
    `builds and solves R101.25 feasibly in double precision (${hgs.reason ?? 'built'})`,
    () => {
      const r = runHgs(readFileSync(solomon25, 'utf8'), { seconds: 1, seed: 1, binary: hgs.binary ?? undefined });
      expect(r.problems).toEqual([]);
      expect(r.feasible).toBe(true);
      expect(r.vehicles).toBe(8); // the optimum's route count (617.1 truncated; ≥ 618.33 in double precision)
      expect(r.distance).toBeGreaterThanOrEqual(618.3);
      expect(r.distance).toBeLessThan(640);
      expect(r.routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    },
    120_000,
  );
});

describe('HGS time to best without a progress line', () => {
  it('reads the whole second of the best from .PG.csv (seconds stored in a clock_t, divided by 10⁶)', () => {
    const csv = 'x.vrp;1;205000;0\nx.vrp;1;203456.7;3e-06\nx.vrp;1;203400;4e-06\n';
    expect(hgsSecondOfBest(csv, 203456)).toBe(3500);
    expect(hgsSecondOfBest(csv, 100)).toBeUndefined();
  });
});
