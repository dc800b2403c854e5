// Entry point: exact DP when the day is small enough (or windows make it tractable), iterated local search
// otherwise or when the DP runs out of budget. Every answer is re-evaluated by evaluateRoute.

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

export function solveRoute(problem: Problem, options: SolveOptions = {}): Solution {
  const t0 = performance.now();
  const c = compile(problem);
  const limit = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  // The limit is a limit: keep a margin for the final schedule evaluation and the explanation.
  const deadline = t0 + limit - Math.max(1, Math.min(40, 0.03 * limit));
  const seed = options.seed ?? 1;
  const exactMax = options.exactMaxVisits ?? DEFAULT_EXACT_MAX_VISITS;

  const extra: number[][] = [];
  if (options.initialOrder) extra.push(indicesOf(c, options.initialOrder));
  const start = bestConstruction(c, extra);

  const hasWindows = c.latest.some((l, i) => i < c.n && l < Number.POSITIVE_INFINITY);
  // With windows, the O(1)-evaluation search through infeasible space; without, the travel-only ILS.
  const anyWindow = hasWindows || c.earliest.some((e, i) => i < c.n && e > Number.NEGATIVE_INFINITY);
  // Without windows and with a symmetric matrix (waiting never happens, so the finish follows travel), the
  // neighbour-list 2-opt / Or-opt search.
  const symmetric = !anyWindow && isSymmetric(c);
  const search = (from: number[], o: IlsOptions): IlsResult => {
    if (anyWindow && c.n <= TW_SEARCH_MAX_VISITS) return twSearch(c, from, o);
    if (symmetric) return tspSearch(c, from, o);
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

  if (tryExact && c.n > 0) {
    // A short heuristic run gives the DP an incumbent to prune against.
    // Bounded by iterations, not by a share of the clock, so the incumbent (and so the proof) does not
    // depend on the machine's load; the time limit is only a backstop.
    const warm = search(start.order, {
      seed,
      deadline: Math.min(deadline, t0 + limit * 0.5),
      maxIterations: Math.min(options.maxIterations ?? 30, 30),
    });
    iterations += warm.iterations;
    order = warm.order;
    foundAt = warm.bestAt;
    const exact = solveExact(c, {
      upperBound: warm.score.penalty === 0 ? warm.score.travel : undefined,
      maxLabels: options.maxLabels,
      maxMemoryMb: options.maxExactMemoryMb,
      // Budgeted in labels; the clock is a backstop that leaves time for the heuristic if it is reached.
      deadline: c.n <= exactMax ? deadline : Math.min(deadline, t0 + limit * 0.8),
    });
    labels = exact.labels;
    exactOutcome =
      exact.status === 'aborted' ? { status: exact.status, reason: exact.reason } : { status: exact.status };
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
  if (method !== 'exact-dp' || !isFeasibleOrder(c, order, provedOptimal)) {
    // Heuristic answer; after a proven infeasibility, a bounded search for the least-late route to explain it.
    // The explanation search is capped: a proof of infeasibility should not cost the whole budget.
    const ils = search(order, {
      seed,
      deadline: provedOptimal ? Math.min(deadline, performance.now() + limit * 0.25) : deadline,
      maxIterations: provedOptimal ? Math.min(options.maxIterations ?? 50, 50) : options.maxIterations,
    });
    iterations += ils.iterations;
    if (ils.order.join() !== order.join()) foundAt = ils.bestAt;
    order = ils.order;
  }

  const route = evaluateRoute(
    problem,
    order.map((i) => c.ids[i] as string),
  );
  return {
    feasible: route.feasible,
    provedOptimal,
    method,
    routes: [route],
    totalTravelMinutes: route.totalTravelMinutes,
    violations: route.violations,
    unservable: route.feasible ? [] : explainUnservable(problem),
    stats: {
      ms: performance.now() - t0,
      msToBest: foundAt - t0,
      labels,
      iterations,
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
