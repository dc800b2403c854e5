// Route optimiser benchmark: solves every instance in ../shared/benchmarks/routing and prints known value,
// our cost, gap %, time and whether the optimum is proven; then times proofs on random clinician days.
// Prints numbers, asserts nothing. Run: npx tsx bench/routing.bench.ts [--seed N] [--runs N] [--solomon-ms MS]
// [--solomon-only] [--cpu-clock] [--families]
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluateRoute, haversineMatrix, type Problem, solveRoute, type Visit } from '../core/routing/index.ts';
import { solveInstance } from '../core/routing/instances/solve-instance.ts';
import { createRng } from '../core/routing/rng.ts';
import { solveSolomon } from '../core/routing/vrptw/solomon.ts';
import { TSP_FAMILY, tspInstanceName, tspInstanceText } from '../tests/support/routing/tsp-instances.ts';
import { generateTsptw, TSPTW_FAMILY_SPECS } from '../tests/support/routing/tsptw-instances.ts';
import { findPyvrp, type PyvrpResult, runPyvrp } from './pyvrp/pyvrp-result.ts';

// Issue 15's targets are stated at 2 s for both sets.
const TSPLIB_TIME_LIMIT_MS = 2000;
const TSPTW_TIME_LIMIT_MS = 2000;
const DAY_SEEDS = [1, 2, 3, 4, 5];
// Short on purpose (the machine is shared; CI never runs this): raise with --solomon-ms to measure longer.
const SOLOMON_TIME_LIMIT_MS_DEFAULT = 1000;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');
const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const seed = arg('--seed', 1);
/** Heuristic runs (TSPLIB, and TSPTW files too large for the DP): seeds seed..seed+runs-1, with the spread. */
const runs = arg('--runs', 1);
const solomonMs = arg('--solomon-ms', SOLOMON_TIME_LIMIT_MS_DEFAULT);
/** --cpu-clock: the Solomon time limit counts this process's CPU time (fair numbers on a loaded, shared machine). */
const solomonClock = process.argv.includes('--cpu-clock')
  ? {
      now: () => {
        const u = process.cpuUsage();
        return (u.user + u.system) / 1000;
      },
    }
  : {};

function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

function benchmarkInstances(): void {
  if (!existsSync(dir)) {
    console.log(`skipped: ${dir} not found`);
    return;
  }
  const lines = readFileSync(path.join(dir, 'known-values.csv'), 'utf8').trim().split('\n').slice(1);
  console.log(
    row([
      'instance',
      'set',
      'known',
      'ours (best–worst)',
      'gap % (mean / max)',
      'ms to best (max)',
      'ms total (max)',
      'proven',
      'feasible',
    ]),
  );
  console.log(row(['---', '---', '---:', '---:', '---:', '---:', '---:', '---', '---']));
  for (const line of lines) {
    const [set, name, file, valueText] = line.split(',') as [string, string, string, string];
    const value = Number(valueText);
    const text = readFileSync(path.join(dir, file), 'utf8');
    if (set.startsWith('VRPTW')) continue; // own table below
    const format = set === 'TSPLIB' ? 'tsplib' : 'tsptw';
    const results = Array.from({ length: runs }, (_, k) =>
      solveInstance(text, format, {
        timeLimitMs: format === 'tsplib' ? TSPLIB_TIME_LIMIT_MS : TSPTW_TIME_LIMIT_MS,
        seed: seed + k,
        fileName: file,
      }),
    );
    const costs = results.map((r) => r.cost);
    const gaps = costs.map((c) => (100 * (c - value)) / value);
    const best = Math.min(...costs);
    const worst = Math.max(...costs);
    console.log(
      row([
        name,
        set,
        value,
        best === worst ? best : `${best}–${worst}`,
        `${(gaps.reduce((x, y) => x + y, 0) / gaps.length).toFixed(2)} / ${Math.max(...gaps).toFixed(2)}`,
        Math.max(...results.map((r) => r.msToBest)).toFixed(0),
        Math.max(...results.map((r) => r.ms)).toFixed(0),
        results.every((r) => r.provedOptimal) ? 'yes' : 'no',
        results.every((r) => r.feasible) ? 'yes' : 'NO',
      ]),
    );
  }
}

/**
 * A clinician day around Chicago (urban haversine travel). Patient availability is drawn around a booked
 * calendar (random order): each window opens 30–120 min before and closes 30–120 min after the booked start,
 * 30% of visits have no window and one is fixed at its booked time, so every day has a feasible order.
 */
function clinicianDay(visits: number, daySeed: number, windows = true): Problem {
  const rng = createRng(daySeed * 7919 + visits);
  const at = () => ({ lat: 41.88 + (rng() - 0.5) * 0.16, lon: -87.65 + (rng() - 0.5) * 0.2 });
  const points = [at(), ...Array.from({ length: visits }, at)];
  const matrix = haversineMatrix(points, { area: 'urban' });
  const durations = points.map(() => (visits > 10 ? 20 : 30) + Math.floor(rng() * 21));
  const booked = points.slice(1).map((_, k) => k + 1);
  for (let i = booked.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [booked[i], booked[j]] = [booked[j] as number, booked[i] as number];
  }
  const start = new Map<number, number>();
  let time = 480;
  let prev = 0;
  for (const loc of booked) {
    time += matrix.minutes[prev]?.[loc] ?? 0;
    start.set(loc, time);
    time += durations[loc] ?? 0;
    prev = loc;
  }
  const finish = time + (matrix.minutes[prev]?.[0] ?? 0);
  const quarter = (m: number) => Math.round(m / 15) * 15;
  const list: Visit[] = booked.map((loc, k) => {
    const v: Visit = { id: `v${loc}`, location: loc, durationMinutes: durations[loc] ?? 30 };
    const s0 = start.get(loc) ?? 480;
    if (!windows) return v;
    if (k === Math.floor(booked.length / 2)) v.window = { earliest: s0, latest: s0 };
    else if (rng() < 0.7) {
      v.window = { earliest: quarter(s0 - 30 - rng() * 90), latest: quarter(s0 + 30 + rng() * 90) };
      v.window.earliest = Math.min(v.window.earliest, s0);
      v.window.latest = Math.max(v.window.latest, s0);
    }
    return v;
  });
  return {
    matrix,
    vehicles: [
      {
        id: 'clinician',
        startLocation: 0,
        endLocation: 0,
        shift: { start: 480, end: Math.max(1080, Math.ceil(finish)) },
      },
    ],
    visits: list,
  };
}

/**
 * Solomon VRPTW. Distance-only rows (`VRPTW`, truncated distances, LKH-3's route count) are solved twice:
 * least distance (routes free: the row's own objective, gap when the route count matches) and Solomon's
 * hierarchical objective (fewest vehicles, then distance). `VRPTW-hier` rows (double precision) only the latter.
 */
function benchmarkSolomon(): void {
  if (!existsSync(dir)) return;
  console.log('');
  console.log(
    row([
      'instance',
      'known (routes)',
      'objective',
      'ours: routes / distance (best–worst)',
      'gap % (mean / max, same routes)',
      'ms to best (max)',
      'ms total (max)',
      'feasible',
      ...(pyvrpPython ? ['PyVRP: routes / distance (best–worst), same limit and seeds'] : []),
    ]),
  );
  console.log(row(['---', '---:', '---', '---:', '---:', '---:', '---:', '---', ...(pyvrpPython ? ['---:'] : [])]));
  const lines = readFileSync(path.join(dir, 'known-values.csv'), 'utf8').trim().split('\n').slice(1);
  for (const line of lines) {
    const [set, name, file, valueText, objectiveText] = line.split(',') as [string, string, string, string, string];
    if (!set.startsWith('VRPTW')) continue;
    const value = Number(valueText);
    const knownRoutes = Number(/(\d+) routes/.exec(objectiveText)?.[1]);
    const text = readFileSync(path.join(dir, file), 'utf8');
    const convention = set === 'VRPTW' ? 'truncated' : 'double';
    const objectives =
      set === 'VRPTW' ? (['distance', 'vehicles-then-distance'] as const) : (['vehicles-then-distance'] as const);
    for (const objective of objectives) {
      const results = Array.from({ length: runs }, (_, k) =>
        solveSolomon(text, { timeLimitMs: solomonMs, seed: seed + k, convention, objective, ...solomonClock }),
      );
      const same = results.filter((r) => r.vehicles === knownRoutes);
      const gaps = same.map((r) => (100 * (r.distance - value)) / value);
      const label = (r: { vehicles: number; distance: number }) => `${r.vehicles} / ${r.distance}`;
      const sorted = [...results].sort((a, b) => a.vehicles - b.vehicles || a.distance - b.distance);
      const bestR = sorted[0];
      const worstR = sorted[sorted.length - 1];
      console.log(
        row([
          name,
          `${value} (${knownRoutes})`,
          objective,
          bestR && worstR
            ? label(bestR) === label(worstR)
              ? label(bestR)
              : `${label(bestR)} – ${label(worstR)}`
            : '–',
          gaps.length > 0
            ? `${(gaps.reduce((x, y) => x + y, 0) / gaps.length).toFixed(2)} / ${Math.max(...gaps).toFixed(2)}${gaps.length < results.length ? ` (${gaps.length}/${results.length} runs)` : ''}`
            : 'other route count',
          Math.max(...results.map((r) => r.msToBest)).toFixed(0),
          Math.max(...results.map((r) => r.ms)).toFixed(0),
          results.every((r) => r.feasible) ? 'yes' : 'NO',
          ...(pyvrpPython ? [pyvrpCell(pyvrpPython, path.join(dir, file), convention, objective)] : []),
        ]),
      );
    }
  }
}

function pyvrpCell(python: string, file: string, convention: 'truncated' | 'double', objective: string): string {
  try {
    const rs: PyvrpResult[] = Array.from({ length: runs }, (_, k) =>
      runPyvrp(python, file, { seconds: solomonMs / 1000, seed: seed + k, convention, objective }),
    );
    const label = (r: PyvrpResult) => `${r.vehicles} / ${r.distance}${r.feasible ? '' : ' (infeasible)'}`;
    const sorted = [...rs].sort((a, b) => a.vehicles - b.vehicles || a.distance - b.distance);
    const first = sorted[0] as PyvrpResult;
    const last = sorted[sorted.length - 1] as PyvrpResult;
    return label(first) === label(last) ? label(first) : `${label(first)} – ${label(last)}`;
  } catch (error) {
    return `error: ${(error as Error).message.slice(0, 60)}`;
  }
}

function benchmarkDays(): void {
  console.log('');
  console.log(
    row([
      'visits',
      'days',
      'proven',
      'feasible',
      'median ms',
      'max ms',
      'median labels',
      'saved vs calendar (median %)',
    ]),
  );
  console.log(row(['---:', '---:', '---:', '---:', '---:', '---:', '---:', '---:']));
  for (const [n, windows] of [
    [8, true],
    [12, true],
    [15, true],
    [15, false],
  ] as const) {
    const ms: number[] = [];
    const labels: number[] = [];
    let proven = 0;
    let feasible = 0;
    const saved: number[] = [];
    for (const s of DAY_SEEDS) {
      const day = clinicianDay(n, s, windows);
      const solution = solveRoute(day, { timeLimitMs: 5000, seed });
      // The booked order is the visits' listed order; it is feasible by construction.
      const calendar = evaluateRoute(
        day,
        day.visits.map((v) => v.id),
      ).totalTravelMinutes;
      saved.push((100 * (calendar - solution.totalTravelMinutes)) / calendar);
      ms.push(solution.stats.ms);
      labels.push(solution.stats.labels ?? 0);
      if (solution.provedOptimal) proven++;
      if (solution.feasible) feasible++;
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    console.log(
      row([
        windows ? n : `${n} (no windows)`,
        DAY_SEEDS.length,
        proven,
        feasible,
        median(ms).toFixed(0),
        Math.max(...ms).toFixed(0),
        median(labels),
        median(saved).toFixed(1),
      ]),
    );
  }
}

console.log(
  `# routing benchmark — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, seed ${seed}, runs ${runs}, limits ${TSPLIB_TIME_LIMIT_MS} / ${TSPTW_TIME_LIMIT_MS} / ${solomonMs} ms (TSPLIB / TSPTW / Solomon), load ${os.loadavg()[0]?.toFixed(1)}`,
);
console.log('');
// PyVRP (issue 15's side-by-side reference, PyPI only): a column beside ours on the Solomon rows where it is
// installed (python3, or the interpreter PYVRP_PYTHON names); otherwise one line saying why.
const pyvrp = findPyvrp();
const pyvrpPython = 'python' in pyvrp ? pyvrp.python : undefined;
console.log(
  'python' in pyvrp
    ? `PyVRP: ${pyvrp.python}, Solomon rows only (bench/pyvrp/solve.py, same time limit and seeds)`
    : `PyVRP: not run: ${pyvrp.reason}`,
);
console.log('');
/**
 * --families: instances generated by the families' published procedures (held-back instances are of these
 * families). No known optimum: the spread over seeds and the cost against the generating tour (TSPTW) show
 * whether a run settles where the others do; every TSPTW one has a feasible tour by construction.
 */
function benchmarkFamilies(): void {
  console.log('');
  console.log(
    row(['generated instance', 'ours (best–worst)', 'spread %', 'generating tour', 'ms total (max)', 'feasible']),
  );
  console.log(row(['---', '---:', '---:', '---:', '---:', '---']));
  const cases = [
    ...TSP_FAMILY.map((o) => ({
      name: tspInstanceName(o),
      text: tspInstanceText(o),
      format: 'tsplib' as const,
      tour: '–',
    })),
    ...TSPTW_FAMILY_SPECS.map((spec) => {
      const g = generateTsptw(spec);
      return { name: g.name, text: g.text, format: 'tsptw' as const, tour: String(g.feasibleCost) };
    }),
  ];
  for (const c of cases) {
    const results = Array.from({ length: runs }, (_, k) =>
      solveInstance(c.text, c.format, { timeLimitMs: 2000, seed: seed + k, fileName: `${c.name}.txt` }),
    );
    const costs = results.map((r) => r.cost);
    const best = Math.min(...costs);
    const worst = Math.max(...costs);
    console.log(
      row([
        c.name,
        best === worst ? best : `${best}–${worst}`,
        ((100 * (worst - best)) / best).toFixed(2),
        c.tour,
        Math.max(...results.map((r) => r.ms)).toFixed(0),
        results.every((r) => r.feasible) ? 'yes' : 'NO',
      ]),
    );
  }
}

const solomonOnly = process.argv.includes('--solomon-only');
if (!solomonOnly) benchmarkInstances();
benchmarkSolomon();
if (!solomonOnly) benchmarkDays();
if (process.argv.includes('--families')) benchmarkFamilies();
