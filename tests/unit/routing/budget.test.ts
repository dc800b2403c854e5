// A run bounded by counted budgets (iterations, the DP's labels and work) under a time limit it never reaches
// gives the same answer however fast the machine is. Instead of a busy process next to the solver (which makes
// a test mean something different on every run), the clock is made to run 20 times faster than real time: what
// a machine 20 times slower or busier would look like to the solver. Every search path is run both ways and must
// answer the same route, the same iteration and label counts, and say the clock decided nothing.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Problem, Solution, SolveOptions } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';
import { solveRoute } from '../../../core/routing/solve.ts';
import type { VrptwOptions, VrptwProblem } from '../../../core/routing/vrptw/model.ts';
import { solveVrptw } from '../../../core/routing/vrptw/solve.ts';
import { BACKSTOP_MS, exactWorkOf } from '../../support/routing/budget.ts';
import { clinicianDay } from '../../support/routing/clinician-day.ts';
import { asymmetricProblem as asymmetric, tsptwProblem } from '../../support/routing/problems.ts';
import { tspPoints, tspProblem } from '../../support/routing/tsp-instances.ts';
import { generateTsptw } from '../../support/routing/tsptw-instances.ts';

const SPEED = 20;
/**
 * The backstop, stretched by the same factor: the slow run has the 60 s of real time every budgeted test has, so
 * a loaded machine cannot make it reach the limit, while any decision taken on the clock's reading (a fixed number
 * of milliseconds, a look at how much time has passed) sees 20 times more of it than in the quiet run.
 */
const LIMIT = SPEED * BACKSTOP_MS;

/** Runs f with performance.now() running SPEED times faster than real time (a slow or loaded machine). */
function onSlowMachine<T>(f: () => T): T {
  const real = performance.now.bind(performance);
  const origin = real();
  const spy = vi.spyOn(performance, 'now').mockImplementation(() => origin + SPEED * (real() - origin));
  try {
    return f();
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a run decided (not how long it took). */
function decided(s: Solution) {
  return {
    order: s.routes[0]?.order,
    travel: s.totalTravelMinutes,
    feasible: s.feasible,
    proved: s.provedOptimal,
    method: s.method,
    iterations: s.stats.iterations,
    labels: s.stats.labels,
    exact: s.stats.exact,
    timeLimitReached: s.stats.timeLimitReached,
  };
}

const dumas = generateTsptw({ family: 'dumas', customers: 60, width: 100, seed: 1 });
/** Each case and the path it must take (so every search, and the DP both ways, is covered). */
const routeCases: [string, () => Problem, Partial<ReturnType<typeof decided>>][] = [
  [
    'no windows, symmetric (tsp-search)',
    () => tspProblem(tspPoints({ n: 150, seed: 3, shape: 'clustered' })),
    { method: 'iterated-local-search', iterations: 30 },
  ],
  [
    'windows, 60 customers (tw-search)',
    () => tsptwProblem(dumas.matrix, dumas.windows),
    { method: 'iterated-local-search', iterations: 30 },
  ],
  [
    'no windows, asymmetric (iterated local search)',
    () => asymmetric(80, 5),
    { method: 'iterated-local-search', iterations: 30 },
  ],
  ['20 windowed visits (proved by the DP on its work budget)', () => clinicianDay(20, 1, true), { proved: true }],
  [
    '30 windowed visits (the DP gives up on work, then tw-search)',
    () => clinicianDay(30, 1, true),
    { proved: false, iterations: 40, exact: expect.objectContaining({ stop: 'work' }) },
  ],
];

describe('a budgeted run is the same on a machine 20 times slower', () => {
  it.each(routeCases)('solveRoute: %s', (_name, make, path) => {
    const problem = make();
    const options: SolveOptions = {
      seed: 3,
      maxIterations: 30,
      maxExactWork: exactWorkOf(200),
      timeLimitMs: LIMIT,
    };
    const quiet = decided(solveRoute(problem, options));
    const slow = decided(onSlowMachine(() => solveRoute(problem, options)));
    expect(quiet.timeLimitReached).toBe(false);
    expect(quiet).toMatchObject(path);
    expect(slow).toEqual(quiet);
  });

  it('solveVrptw: fewest vehicles then distance (route elimination and annealing)', () => {
    const rng = createRng(6);
    const pts = Array.from({ length: 41 }, (_, i) => (i === 0 ? [50, 50] : [rng() * 100, rng() * 100]));
    const problem: VrptwProblem = {
      travel: pts.map(([ax = 0, ay = 0]) => pts.map(([bx = 0, by = 0]) => Math.hypot(ax - bx, ay - by))),
      vehicles: pts.slice(1).map(() => ({ start: 0, end: 0, shiftStart: 0, shiftEnd: 600, capacity: 100 })),
      customers: pts.slice(1).map((_, k) => {
        const ready = Math.floor(rng() * 400);
        return { location: k + 1, demand: 5 + Math.floor(rng() * 20), ready, due: ready + 90, service: 10 };
      }),
      objective: 'vehicles-then-distance',
    };
    const options: VrptwOptions = { seed: 2, maxIterations: 300, timeLimitMs: LIMIT };
    const run = () => {
      const s = solveVrptw(problem, options);
      return { routes: s.routes, travel: s.travel, iterations: s.stats.iterations, clock: s.stats.timeLimitReached };
    };
    const quiet = run();
    expect(quiet.clock).toBe(false);
    expect(onSlowMachine(run)).toEqual(quiet);
  });

  it('a time limit that does bind says so (the flag the tests above rely on)', () => {
    const problem = tsptwProblem(dumas.matrix, dumas.windows);
    // 1 ms of real time looks like 20 ms here: the search cannot finish 10 000 rounds in it.
    const s = onSlowMachine(() => solveRoute(problem, { seed: 1, maxIterations: 10_000, timeLimitMs: 20 }));
    expect(s.stats.timeLimitReached).toBe(true);
    expect(s.stats.iterations ?? 0).toBeLessThan(10_000);
  });
});
