// The time limit is a limit: solveRoute and solveInstance return within 5 % of it, counted from the call
// (setup, construction, every search, the DP and the final evaluation included), on instances of every kind
// the solver routes differently, on a quiet machine and next to a process that keeps a core busy.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { solveInstance } from '../../../core/routing/instances/solve-instance.ts';
import type { Problem } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';
import { solveRoute } from '../../../core/routing/solve.ts';
import { clinicianDay } from '../../support/routing/clinician-day.ts';
import { generateTsptw } from '../../support/routing/tsptw-instances.ts';

const TOLERANCE = 1.05;

/** Uniform points as TSPLIB EUC_2D text (no windows, symmetric: the neighbour-list search). */
function tsplibText(n: number, seed: number): string {
  const rng = createRng(seed);
  const lines = Array.from(
    { length: n },
    (_, i) => `${i + 1} ${Math.round(rng() * 10_000)} ${Math.round(rng() * 10_000)}`,
  );
  return [
    'NAME : t',
    'TYPE : TSP',
    `DIMENSION : ${n}`,
    'EDGE_WEIGHT_TYPE : EUC_2D',
    'NODE_COORD_SECTION',
    ...lines,
    'EOF',
  ].join('\n');
}

function tsptwProblem(matrix: number[][], windows: Array<[number, number]>): Problem {
  const [open, close] = windows[0] ?? [0, 1e9];
  return {
    matrix: { minutes: matrix },
    vehicles: [{ id: 't', startLocation: 0, endLocation: 0, shift: { start: open, end: close } }],
    visits: windows.slice(1).map(([earliest, latest], k) => ({
      id: String(k + 1),
      location: k + 1,
      durationMinutes: 0,
      window: { earliest, latest },
    })),
  };
}

/** AFG-like: asymmetric legs (each shortened by 0–30 %, so the generating tour stays feasible) and windows. */
function afgLike(customers: number, seed: number): Problem {
  const g = generateTsptw({ family: 'dumas', customers, width: 60, seed });
  const rng = createRng(seed);
  return tsptwProblem(
    g.matrix.map((row) => row.map((v) => Math.round(v * (1 - 0.3 * rng())))),
    g.windows,
  );
}

/** Asymmetric, no windows: the generic iterated local search. */
function asymmetric(n: number, seed: number): Problem {
  const rng = createRng(seed);
  const pts = Array.from({ length: n + 1 }, () => [rng() * 100, rng() * 100] as const);
  const minutes = pts.map((a) => pts.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]) * (1 + 0.3 * rng()))));
  return {
    matrix: { minutes },
    vehicles: [{ id: 'c', startLocation: 0, endLocation: 0, shift: { start: 0, end: 1e9 } }],
    visits: pts.slice(1).map((_, k) => ({ id: `a${k + 1}`, location: k + 1, durationMinutes: 0 })),
  };
}

interface Kind {
  name: string;
  /** Which part of the solver does the work (named in a failure). */
  by: string;
  solve: (timeLimitMs: number) => { phases?: Record<string, number> };
  /** Also measured at 1 000 ms (the others at 200 ms only, to keep the file short). */
  long?: boolean;
}

const tsplib442 = tsplibText(442, 4);
const dumas200 = generateTsptw({ family: 'dumas', customers: 200, width: 20, seed: 4 }).text;
const afg = afgLike(100, 3);
const asym = asymmetric(300, 5);
const dayWindows = clinicianDay(16, 2, true);
const dayOpen = clinicianDay(16, 1, false);
const gendreau = generateTsptw({ family: 'gendreau', customers: 40, width: 100, seed: 1 });
const gendreauProblem = tsptwProblem(gendreau.matrix, gendreau.windows);

const KINDS: Kind[] = [
  {
    name: 'TSPLIB 442 nodes, no windows (solveInstance)',
    by: 'tsp-search',
    solve: (timeLimitMs) => {
      solveInstance(tsplib442, 'tsplib', { timeLimitMs });
      return {};
    },
    long: true,
  },
  {
    name: 'Dumas 200 nodes with windows (solveInstance)',
    by: 'tw-search',
    solve: (timeLimitMs) => {
      solveInstance(dumas200, 'tsptw', { timeLimitMs, fileName: 'n200.txt' });
      return {};
    },
    long: true,
  },
  {
    name: 'AFG-like asymmetric 100 nodes with windows',
    by: 'tw-search',
    solve: (t) => solveRoute(afg, { timeLimitMs: t }).stats,
    long: true,
  },
  {
    name: 'asymmetric 300 nodes, no windows',
    by: 'local-search',
    solve: (t) => solveRoute(asym, { timeLimitMs: t }).stats,
  },
  {
    name: 'clinician day, 16 visits with windows',
    by: 'exact-dp',
    solve: (t) => solveRoute(dayWindows, { timeLimitMs: t }).stats,
    long: true,
  },
  { name: 'clinician day, 16 visits', by: 'exact-dp', solve: (t) => solveRoute(dayOpen, { timeLimitMs: t }).stats },
  {
    name: 'Gendreau 40 nodes (DP budget, then tw-search)',
    by: 'exact-dp + tw-search',
    solve: (t) => solveRoute(gendreauProblem, { timeLimitMs: t }).stats,
  },
];

/**
 * Wall time around the call, best of three: on an oversubscribed machine one run can be paused for 20–60 ms
 * by a young-generation collection whose helper threads wait for a core, or by the scheduler (measured
 * between two of the DP's clock checks 1,024 steps apart). A phase that systematically ignores the deadline
 * (uncounted setup, a loop that rarely looks at the clock) fails every attempt.
 *
 * When `npm test` runs this file beside a browser journey and the busy process below, every attempt can lose
 * 100 ms or more waiting for a core. An attempt whose own CPU time (this process: the solver, its collections)
 * stays within the limit did not run past it; the rest of its wall time was spent waiting, which only the
 * scheduler decides. Such an attempt counts as within the limit, and says so. The solver never sleeps or waits
 * on I/O, so a solver that ignored the deadline would use CPU time past it and still fail.
 */
function measure(kind: Kind, limit: number): void {
  const attempts: string[] = [];
  /** Per attempt, the time the solver ran: the wall time, or its CPU time when it waited for a core. */
  const ran: number[] = [];
  for (let attempt = 0; attempt < 3 && !ran.some((ms) => ms <= limit * TOLERANCE); attempt++) {
    const cpu = process.cpuUsage();
    const t = performance.now();
    const stats = kind.solve(limit);
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    ran.push(Math.min(wall, cpuMs));
    if (wall > limit * TOLERANCE && cpuMs <= limit * TOLERANCE) {
      console.warn(
        `${kind.name} at ${limit} ms: ${wall.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU (waited for a core)`,
      );
    }
    const phases = Object.entries(stats.phases ?? {})
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', ');
    attempts.push(`${wall.toFixed(0)} ms wall, ${cpuMs.toFixed(0)} ms CPU [${phases}]`);
  }
  expect(
    Math.min(...ran),
    `${kind.name} (${kind.by}) overran ${limit} ms by more than 5 %: ${attempts.join('; ')}`,
  ).toBeLessThanOrEqual(limit * TOLERANCE);
}

const cases = [
  ...KINDS.map((kind) => ({ kind, limit: 200 })),
  ...KINDS.filter((k) => k.long).map((kind) => ({ kind, limit: 1000 })),
];

describe('time limit', () => {
  it.each(cases)('$kind.name at $limit ms returns within 5 %', ({ kind, limit }) => measure(kind, limit));
});

describe('time limit next to a busy process', () => {
  const busy: ChildProcess[] = [];
  afterAll(() => {
    for (const child of busy) child.kill();
  });
  const loaded = [
    ...KINDS.map((kind) => ({ kind, limit: 200 })),
    ...KINDS.filter((k) => k.by === 'exact-dp' || k.by === 'tsp-search')
      .slice(0, 2)
      .map((kind) => ({ kind, limit: 1000 })),
  ];
  it.each(loaded)('$kind.name at $limit ms returns within 5 %', async ({ kind, limit }) => {
    if (busy.length === 0) {
      busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    measure(kind, limit);
  });
});
