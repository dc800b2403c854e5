import { describe, expect, it } from 'vitest';
import { lkhMsToBest, lkhParameterFile, parseLkhTour } from '../../bench/anchors/lkh.ts';
import { ortoolsVrptwInput, parseOrtoolsOutput } from '../../bench/anchors/ortools.ts';
import { classSummaryTable, summarizeClasses } from '../../bench/routing/class-summary.ts';
import { parseKnownValues } from '../../bench/routing/known-values.ts';
import { fmtGap, gapPercent, header, median, parseBenchArgs, vrptwGap } from '../../bench/routing/table.ts';
import { tourLowerBound } from '../../bench/routing/tsp-large.ts';
import { anchorCell, anchorMsToBest, overrunCell } from '../../bench/routing/vrptw-runs.ts';

describe('bench flags', () => {
  it('defaults to every family, and reads --family lists, --quick, --ms and --cpu-clock', () => {
    expect(parseBenchArgs([]).families).toEqual(['classic', 'tsp', 'solomon', 'homberger']);
    const a = parseBenchArgs(['--family', 'tsp,solomon', '--family', 'tsp', '--quick', '--ms', '3000', '--cpu-clock']);
    expect(a).toMatchObject({ families: ['tsp', 'solomon'], quick: true, ms: 3000, cpuClock: true, seed: 1 });
    expect(parseBenchArgs(['--solomon-ms', '500', '--seeds', '2'])).toMatchObject({ solomonMs: 500, seeds: 2 });
  });
  it('refuses an unknown family or a non-numeric limit instead of running something else', () => {
    expect(() => parseBenchArgs(['--family', 'tsplib'])).toThrow(/--family wants one of/);
    expect(() => parseBenchArgs(['--ms', 'ten'])).toThrow(/--ms wants a positive number/);
  });
});

describe('table helpers', () => {
  it('formats gaps with a sign and a header with its alignment row', () => {
    expect(gapPercent(101, 100)).toBeCloseTo(1, 12);
    expect(fmtGap(0.4239)).toBe('+0.42');
    expect(fmtGap(-0.1)).toBe('-0.10');
    expect(fmtGap(-0.001)).toBe('0.00');
    expect(fmtGap(undefined)).toBe('–');
    expect(
      header([
        ['a', 'l'],
        ['b', 'r'],
      ]),
    ).toBe('| a | b |\n| --- | ---: |');
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeUndefined();
  });
  it('compares distance with an anchor only at the same route count', () => {
    const hgs = { vehicles: 10, distance: 1000, feasible: true };
    expect(vrptwGap({ vehicles: 10, distance: 1010 }, hgs).text).toBe('+1.00');
    expect(vrptwGap({ vehicles: 10, distance: 1010 }, hgs).gap).toBeCloseTo(1, 12);
    expect(vrptwGap({ vehicles: 11, distance: 900 }, hgs).text).toBe('+1 route');
    expect(vrptwGap({ vehicles: 8, distance: 900 }, hgs).text).toBe('-2 routes');
    expect(vrptwGap({ vehicles: 10, distance: 900 }, { ...hgs, feasible: false }).text).toBe('anchor infeasible');
  });
});

describe('per-class summary against HGS', () => {
  const side = (vehicles: number, distance: number, feasible = true) => ({ vehicles, distance, feasible });
  const results = [
    { klass: 'R1', run: { ours: side(12, 1010), hgs: side(12, 1000) } }, // +1 %
    { klass: 'R1', run: { ours: side(12, 995), hgs: side(12, 1000) } }, // −0.5 %
    { klass: 'R1', run: { ours: side(13, 900), hgs: side(12, 1000) } }, // a route more: not in the mean
    { klass: 'R1', run: { ours: side(12, 900), hgs: 'not installed' } }, // not compared
    { klass: 'C1', run: { ours: side(10, 828.94, false), hgs: side(10, 828.94) } },
  ];
  it('means the gap over same-route instances and counts route differences apart', () => {
    const [r1, c1] = summarizeClasses(results);
    expect(r1).toMatchObject({ klass: 'R1', instances: 4, compared: 3, fewerRoutes: 0, moreRoutes: 1, above05: 1 });
    expect(r1?.meanGap).toBeCloseTo(0.25, 10);
    expect(r1?.maxGap).toBeCloseTo(1, 10);
    expect(c1).toMatchObject({ klass: 'C1', meanGap: 0, oursInfeasible: 1 });
  });
  it('prints one row per class', () => {
    const table = classSummaryTable(results).split('\n');
    expect(table).toHaveLength(4);
    expect(table[2]).toBe('| R1 | 4 (3) | 0 / 1 | +0.25 | +1.00 | 1 | 0 |');
  });
});

describe('LKH-3 files', () => {
  it('writes a parameter file in LKH-3 format with the problem first and a limit that decides', () => {
    const par = lkhParameterFile({ problemFile: '/t/p.tsp', tourFile: '/t/p.tour', seconds: 30, seed: 7 });
    const lines = par.trim().split('\n');
    expect(lines[0]).toBe('PROBLEM_FILE = /t/p.tsp');
    expect(lines).toEqual(
      expect.arrayContaining(['OUTPUT_TOUR_FILE = /t/p.tour', 'TIME_LIMIT = 30', 'SEED = 7', 'RUNS = 1']),
    );
    expect(lines.every((l) => /^[A-Z_]+ = \S+$/.test(l))).toBe(true);
  });
  it('reads TOUR_SECTION up to -1 and the time to best from the trace', () => {
    const tour = 'NAME : p.1234.tour\nTYPE : TOUR\nDIMENSION : 4\nTOUR_SECTION\n1\n3\n2\n4\n-1\nEOF\n';
    expect(parseLkhTour(tour)).toEqual([1, 3, 2, 4]);
    expect(() => parseLkhTour('TYPE : TOUR\n')).toThrow(/TOUR_SECTION/);
    const trace =
      '* 1: Cost = 1300, Time = 0.05 sec.\n* 5: Cost = 1234, Time = 1.25 sec.\nRun 1: Cost = 1234, Time = 30.00 sec.\n';
    expect(lkhMsToBest(trace, 1234)).toBe(1250);
    expect(lkhMsToBest(trace, 1000)).toBeUndefined();
  });
});

describe('OR-Tools runner', () => {
  it('validates solve.py output and passes its error through', () => {
    expect(parseOrtoolsOutput('log\n{"routes": [[1, 2], [3]], "seconds": 1.5, "secondsToBest": 0.5}')).toEqual({
      version: 'unknown',
      routes: [[1, 2], [3]],
      seconds: 1.5,
      secondsToBest: 0.5,
    });
    expect(() => parseOrtoolsOutput('{"error": "ortools not importable"}')).toThrow('ortools not importable');
    expect(() => parseOrtoolsOutput('{"routes": [[-1]], "seconds": 1}')).toThrow(/without routes/);
    expect(() => parseOrtoolsOutput('')).toThrow(/no JSON/);
  });
  it('hands it integer hundredths rounded to the tight side', () => {
    const text = [
      'T',
      '',
      'VEHICLE',
      'NUMBER     CAPACITY',
      '  2         10',
      '',
      'CUSTOMER',
      'CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME',
      ' ',
      '    0      0          0          0          0       100          0',
      '    1      1          1          4          5        50         10',
    ].join('\n');
    const { input } = ortoolsVrptwInput(text);
    expect(input).toMatchObject({
      travel: [
        [0, 142],
        [142, 0],
      ],
      service: [0, 1000],
      ready: [0, 500],
      due: [10000, 5000],
    });
    expect(input).toMatchObject({ demand: [0, 4], capacity: 10, fleet: 2 });
  });
});

describe('known values and the tour bound', () => {
  it('reads the route count from the objective column', () => {
    const [k] = parseKnownValues(
      'set,instance,file,value,objective,distance_convention\nVRPTW-hier,R101,solomon/R101.txt,1645.79,minimise routes then total distance; 19 routes (best known),x\n',
    );
    expect(k).toEqual({ set: 'VRPTW-hier', instance: 'R101', file: 'solomon/R101.txt', value: 1645.79, routes: 19 });
  });
  it('bounds a closed tour from below by the 1-tree, and meets the optimum on a square', () => {
    const square = ['NAME : sq', 'TYPE : TSP', 'DIMENSION : 5', 'EDGE_WEIGHT_TYPE : EUC_2D', 'NODE_COORD_SECTION'];
    const pts = [
      [0, 0],
      [0, 10],
      [10, 10],
      [10, 0],
      [5, 0],
    ];
    const text = [...square, ...pts.map(([x, y], i) => `${i + 1} ${x} ${y}`), 'EOF', ''].join('\n');
    // The optimum walks the square's perimeter through (5, 0): 40.
    expect(tourLowerBound(text, 40, 100)).toBe(40);
  });
});

describe('VRPTW cells', () => {
  it('shows elapsed against the limit with the overrun, and an anchor or why it did not run', () => {
    expect(overrunCell(10_110, 10_000)).toBe('10110 / 10000 (+1.1 %)');
    expect(overrunCell(9_500, 10_000)).toBe('9500 / 10000 (-5.0 %)');
    const run = { vehicles: 10, distance: 828.937, feasible: true, problems: [], msToBest: 3500 };
    expect(anchorCell(run)).toBe('10 / 828.94');
    expect(anchorCell({ ...run, feasible: false })).toBe('10 / 828.94 (INFEASIBLE)');
    expect(anchorCell('not installed')).toBe('not installed');
    expect(anchorMsToBest(run)).toBe('3500');
    expect(anchorMsToBest({ ...run, msToBestApprox: true })).toBe('~3500');
    expect(anchorMsToBest('not installed')).toBe('–');
  });
});
