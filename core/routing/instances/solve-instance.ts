// Solves a benchmark file with the clinician solver: node 0 (TSPLIB: the first node) is the start and end,
// every other node a visit. Cost is recomputed with the file's own convention (tsplibTourLength /
// tsptwTourCost), never taken from the solver, so a convention mismatch shows as a wrong number.
import type { Problem } from '../model.ts';
import type { ProgressListener } from '../progress.ts';
import { solveRoute } from '../solve.ts';
import { parseTsplib, tsplibTourLength } from './tsplib.ts';
import { parseTsptw, tsptwTourCost } from './tsptw.ts';

export type InstanceFormat = 'tsplib' | 'tsptw';

export interface InstanceSolveOptions {
  timeLimitMs?: number;
  seed?: number;
  maxIterations?: number;
  /** The exact DP's work budget (SolveOptions.maxExactWork): with maxIterations, a run that no clock decides. */
  maxExactWork?: number;
  /** Used to tell AFG (.tw) from Dumas (.txt) when the format is tsptw. */
  fileName?: string;
  /** Told of each better tour and phase (SolveOptions.onProgress). */
  onProgress?: ProgressListener;
}

export interface InstanceResult {
  cost: number;
  /** Node ids as in the file, starting at the depot / first node. */
  order: number[];
  provedOptimal: boolean;
  ms: number;
  /** When the returned tour was found (the heuristic keeps searching until the time limit). */
  msToBest: number;
  feasible: boolean;
  /** Heuristic iterations (Solution['stats'].iterations). */
  iterations: number;
  /** The clock cut a phase short (Solution['stats'].timeLimitReached): false = decided by the budgets. */
  timeLimitReached: boolean;
}

export function solveInstance(
  text: string,
  format: InstanceFormat,
  options: InstanceSolveOptions = {},
): InstanceResult {
  const t0 = performance.now();
  const solveOptions = {
    timeLimitMs: options.timeLimitMs ?? 1000,
    // Parsing and building the matrix count against the same limit.
    startedAt: t0,
    seed: options.seed,
    maxIterations: options.maxIterations,
    maxExactWork: options.maxExactWork,
    onProgress: options.onProgress,
  };
  if (format === 'tsplib') {
    const inst = parseTsplib(text);
    const n = inst.dimension;
    const minutes = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => inst.distance(i, j)));
    const problem: Problem = {
      matrix: { minutes, source: `TSPLIB ${inst.edgeWeightType}` },
      vehicles: [{ id: 'tour', startLocation: 0, endLocation: 0, shift: { start: 0, end: Number.MAX_SAFE_INTEGER } }],
      visits: inst.ids.slice(1).map((id, k) => ({ id: String(id), location: k + 1, durationMinutes: 0 })),
    };
    const solution = solveRoute(problem, solveOptions);
    const order = [inst.ids[0] as number, ...(solution.routes[0]?.order ?? []).map(Number)];
    return {
      cost: tsplibTourLength(inst, order),
      order,
      provedOptimal: solution.provedOptimal,
      ms: performance.now() - t0,
      msToBest: solution.stats.msToBest,
      feasible: solution.feasible,
      iterations: solution.stats.iterations ?? 0,
      timeLimitReached: solution.stats.timeLimitReached ?? false,
    };
  }
  const inst = parseTsptw(text, options.fileName);
  const depot = inst.windows[0] ?? { earliest: 0, latest: Number.MAX_SAFE_INTEGER };
  const problem: Problem = {
    matrix: { minutes: inst.matrix, source: `TSPTW ${inst.dialect}` },
    vehicles: [{ id: 'tour', startLocation: 0, endLocation: 0, shift: { start: depot.earliest, end: depot.latest } }],
    visits: inst.windows
      .slice(1)
      .map((w, k) => ({ id: String(k + 1), location: k + 1, durationMinutes: 0, window: w })),
  };
  const solution = solveRoute(problem, solveOptions);
  const order = [0, ...(solution.routes[0]?.order ?? []).map(Number)];
  const evaluation = tsptwTourCost(inst, order);
  return {
    cost: evaluation.cost,
    order,
    provedOptimal: solution.provedOptimal && evaluation.feasible,
    ms: performance.now() - t0,
    msToBest: solution.stats.msToBest,
    feasible: evaluation.feasible,
    iterations: solution.stats.iterations ?? 0,
    timeLimitReached: solution.stats.timeLimitReached ?? false,
  };
}
