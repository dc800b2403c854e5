// Entry point: exact DP when the day is small enough (or windows make it tractable), iterated local search
// otherwise or when the DP runs out of budget. Every answer is re-evaluated by evaluateRoute.
// The time limit counts from solveRoute's own start (or the caller's `startedAt`) and covers every phase:
// compiling, construction, the warm-up search, the DP, the search, and the final evaluation.

import { type Compiled, compile, scoreOrder } from './compile.ts';
import { bestConstruction } from './construct.ts';
import { evaluateRoute } from './evaluate.ts';
import { EXACT_MAX_VISITS, solveExact } from './exact-dp.ts';
import { explainUnservable } from './explain.ts';
import { type IlsOptions, type IlsResult, iteratedLocalSearch } from './local-search.ts';
import { type Problem, RoutingModelError, type Solution, type SolveMethod, type SolveOptions } from './model.ts';
import { isSymmetric, tspSearch } from './tsp-search.ts';
import { TW_SEARCH_MAX_VISITS, twSearch } from './tw-search.ts';

export const DEFAULT_TIME_LIMIT_MS = 1000;
/** Days up to this many visits always get a proven optimum (well under a second for 15–16 visits). */
export const DEFAULT_EXACT_MAX_VISITS = 16;
/**
 * Above `exactMaxVisits` (windowed days up to 47 visits) the DP gets a work budget proportional to the time
 * limit instead of a share of the clock: this many units of work per millisecond of the limit, about 40 % of
 * the limit on a quiet machine (15–30 %), so the heuristic keeps time and the outcome does not depend on the load.
 */
export const EXACT_WORK_PER_MS = 25_000;
/**
 * Warm-up iterations before the DP: its incumbent, and so the DP's pruning, depend only on the instance. Few,
 * so the warm-up stays a small share of the limit even on a busy machine (10 find the same incumbents as 30
 * on the test days at a third of the cost).
 */
const WARM_ITERATIONS = 10;

export function solveRoute(problem: Problem, options: SolveOptions = {}): Solution {
  const t0 = options.startedAt ?? performance.now();
  const limit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  // The limit is a limit: keep a margin (25 ms at 200 ms, 50 ms from 450 ms on) for the final evaluation, the
  // last stretch of work between two looks at the clock, and pauses: on a loaded machine a young-generation
  // collection alone can take 20–35 ms (its helper threads wait for a core), and so can the scheduler.
  const deadline = t0 + limit - Math.min(50, 5 + 0.1 * limit);
  const phases: Record<string, number> = {};
  let mark = t0;
  /** Wall time of each phase, so an overrun can be traced to the phase (and the search) that caused it. */
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = (phases[name] ?? 0) + (now - mark);
    mark = now;
  };
  const c = compile(problem);
  const seed = options.seed ?? 1;
  const exactMax = options.exactMaxVisits ?? DEFAULT_EXACT_MAX_VISITS;

  /**
   * Whether a look at the clock may have cut a phase short. Each phase is checked at its end against its own
   * deadline: the clock only moves forward, so a phase that ends before its deadline never saw it pass.
   */
  let timeLimitReached = false;
  const clockCheck = (phaseDeadline: number) => {
    if (performance.now() >= phaseDeadline) timeLimitReached = true;
  };

  const extra: number[][] = [];
  if (options.initialOrder) extra.push(indicesOf(c, options.initialOrder));
  // Cheapest insertion (O(n³), ~40 ms for 200 windowed visits) may take at most a quarter of the limit: at
  // short limits the search needs the time more. Days small enough for the DP finish it in well under 1 ms.
  const constructionDeadline = Math.min(deadline, t0 + 0.25 * limit);
  const start = bestConstruction(c, extra, constructionDeadline);
  clockCheck(constructionDeadline);
  phase('setup');

  const hasWindows = c.latest.some((l, i) => i < c.n && l < Number.POSITIVE_INFINITY);
  // With windows, the O(1)-evaluation search through infeasible space; without, the travel-only ILS.
  const anyWindow = hasWindows || c.earliest.some((e, i) => i < c.n && e > Number.NEGATIVE_INFINITY);
  // Without windows and with a symmetric matrix (waiting never happens, so the finish follows travel), the
  // neighbour-list 2-opt / Or-opt search.
  const symmetric = !anyWindow && isSymmetric(c);
  const search = (from: number[], o: IlsOptions): IlsResult => {
    if (anyWindow && c.n <= TW_SEARCH_MAX_VISITS) return twSearch(c, from, o);
    if (symmetric) return tspSearch(c, from, { ...o, onProgress: options.onProgress, startedAt: t0, limitMs: limit });
    return iteratedLocalSearch(c, from, o);
  };
  const tryExact = c.n <= exactMax || (hasWindows && c.n <= EXACT_MAX_VISITS);
  let order = start.order;
  let method: SolveMethod = c.n === 0 ? 'trivial' : 'iterated-local-search';
  let provedOptimal = false;
  let labels: number | undefined;
  let exactOutcome: Solution['stats']['exact'];
  let iterations = 0;
  let foundAt = performance.now();

  if (tryExact && c.n > 0 && performance.now() < deadline) {
    // A short heuristic run gives the DP an incumbent to prune against. It is bounded by iterations, not by a
    // share of the clock, so the incumbent (and so the proof) does not depend on the machine's load.
    const warm = search(start.order, {
      seed,
      deadline,
      maxIterations: Math.min(options.maxIterations ?? WARM_ITERATIONS, WARM_ITERATIONS),
    });
    iterations += warm.iterations;
    order = warm.order;
    foundAt = warm.bestAt;
    phase('warm');
    // Budgeted in labels (memory) and work; the clock stops it only at the caller's own limit.
    const exact = solveExact(c, {
      upperBound: warm.score.penalty === 0 ? warm.score.travel : undefined,
      maxLabels: options.maxLabels,
      maxMemoryMb: options.maxExactMemoryMb,
      maxWork: options.maxExactWork ?? (c.n <= exactMax ? undefined : Math.round(limit * EXACT_WORK_PER_MS)),
      deadline,
    });
    phase('exact');
    labels = exact.labels;
    exactOutcome =
      exact.status === 'aborted'
        ? { status: exact.status, reason: exact.reason, stop: exact.stop, work: exact.work }
        : { status: exact.status, work: exact.work };
    if (exact.status === 'optimal') {
      order = exact.order;
      foundAt = performance.now();
      method = 'exact-dp';
      provedOptimal = true;
    } else if (exact.status === 'infeasible') {
      method = 'exact-dp';
      provedOptimal = true; // proven: no order meets every window and working hours
    }
  }
  if ((method !== 'exact-dp' || !isFeasibleOrder(c, order, provedOptimal)) && performance.now() < deadline) {
    // Heuristic answer; after a proven infeasibility, a bounded search for the least-late route to explain it.
    // The explanation search is capped: a proof of infeasibility should not cost the whole budget.
    const searchDeadline = provedOptimal ? Math.min(deadline, performance.now() + limit * 0.25) : deadline;
    const ils = search(order, {
      seed,
      deadline: searchDeadline,
      maxIterations: provedOptimal ? Math.min(options.maxIterations ?? 50, 50) : options.maxIterations,
    });
    clockCheck(searchDeadline);
    iterations += ils.iterations;
    if (ils.order.join() !== order.join()) foundAt = ils.bestAt;
    order = ils.order;
    phase('search');
  }

  // The DP and the gates before each phase look at the overall deadline.
  clockCheck(deadline);
  const route = evaluateRoute(
    problem,
    order.map((i) => c.ids[i] as string),
  );
  const unservable = route.feasible ? [] : explainUnservable(problem);
  phase('finish');
  return {
    feasible: route.feasible,
    provedOptimal,
    method,
    routes: [route],
    totalTravelMinutes: route.totalTravelMinutes,
    violations: route.violations,
    unservable,
    stats: {
      ms: performance.now() - t0,
      phases,
      msToBest: foundAt - t0,
      labels,
      iterations,
      timeLimitReached,
      ...(exactOutcome ? { exact: exactOutcome } : {}),
    },
  };
}

/** After the DP: an optimal order is final; a proven-infeasible one still needs the least-late search. */
function isFeasibleOrder(c: Compiled, order: number[], proved: boolean): boolean {
  return proved && scoreOrder(c, order).penalty === 0;
}

function indicesOf(c: Compiled, ids: readonly string[]): number[] {
  const index = new Map(c.ids.map((id, i) => [id, i]));
  const out = ids.map((id) => {
    const i = index.get(id);
    if (i === undefined) throw new RoutingModelError(`initialOrder names unknown visit "${id}"`);
    return i;
  });
  if (new Set(out).size !== c.n || out.length !== c.n) {
    throw new RoutingModelError('initialOrder must name every visit exactly once');
  }
  return out;
}
