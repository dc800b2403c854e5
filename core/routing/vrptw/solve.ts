// biome-ignore-all lint/style/noNonNullAssertion: customer and vehicle indices are in range by construction.
// VRPTW solver: regret-2 construction, then a large-neighbourhood search (ruin and recreate, Schrimpf et al.
// 2000; Shaw 1998; Ropke & Pisinger 2006) with the granular local search of local-search.ts after each
// recreate, in two phases for Solomon's hierarchical objective:
//   1. route elimination with the ejection pool of route-min.ts (Nagata & Bräysy 2009): remove a route and put
//      its customers back, ejecting others where they do not fit, until the pool is empty (success: repeat),
//      three attempts fail, 60 % of the limit is spent, or (past 35 % of it) it has failed three times as long
//      as its successes took;
//   2. distance at that route count: the hybrid genetic search of hgs/ (Vidal et al. 2012; the ORTEC 2022
//      VRPTW port of HGS-CVRP): a population that may break windows and capacity at adaptive penalties, OX and
//      SREX crossovers, a penalised granular local search, restarts; it starts from the phase-1 solution,
//      keeps the best feasible one and runs to the limit (or the iteration cap). It serves one kind of
//      vehicle without skills or extra costs, given at least HGS_MIN_MS_PER_CUSTOMER of limit per customer;
//      otherwise (dispatch; large instances on short limits) simulated annealing on the travel (as in SISR,
//      Christiaens & Vanden Berghe 2020), in cycles: a cycle that stalls after improving the best restarts
//      hot from the best; one that brought nothing ends the search. Its recreate tries only the routes near
//      each customer, and its local search only re-examines pairs whose routes changed (HGS's filter).
// Every route the annealing holds is feasible (the O(1) checks only admit feasible moves), and the population
// hands back only solutions that pass checkVrptwRoute, so the best solution found is always feasible;
// customers that fit nowhere are reported as unassigned.
import { createRng } from '../rng.ts';
import { hgsApplies, hgsSearch } from './hgs/search.ts';
import { localSearch } from './local-search.ts';
import { checkVrptwRoute, type VrptwOptions, type VrptwProblem, type VrptwSolution, validateVrptw } from './model.ts';
import { buildNeighbourhoods } from './neighbourhoods.ts';
import { greedyInsert, regretInsert, ruin } from './recreate.ts';
import { removeOneRoute } from './route-min.ts';
import { better, VrptwState } from './state.ts';

export const DEFAULT_VRPTW_TIME_LIMIT_MS = 5000;
/** Share of the time limit the route elimination may use, and its pool insertions per attempt (per customer). */
const ROUTE_MIN_SHARE = 0.6;
/**
 * It ends earlier — once past this share of the limit — when it has failed for ROUTE_MIN_PATIENCE times as long
 * as its last success took: most 100-customer instances reach their count in under 0.7 s and then spent 6 s of
 * 10 failing. Measured (10 s, CPU clock, 21 Solomon-size instances; seeds 1 | 2): as many routes everywhere and
 * the mean gap to HGS per class RC1 +1.01 → +0.53 % | +1.25 → +0.50 %, R2 +0.68 → +0.11 % | +0.26 → +0.10 %, RC2
 * +1.36 → +0.60 % | +0.58 → +0.03 %, R1 +0.06 → +0.10 % | +0.14 → +0.07 %, C1/C2 0 (HGS's seed 1). A share of 0.2
 * gained more at 100 customers but lost a route on a 200-customer RC1 instance whose last elimination came
 * at 9.2 s of 30 (0.1 lost one at 100).
 */
const ROUTE_MIN_FLOOR_SHARE = 0.35;
const ROUTE_MIN_PATIENCE = 3;
const ROUTE_MIN_ITERATIONS_PER_CUSTOMER = 100;
/** The annealing's better solutions are reported at most this often (by the solver's clock): they come by the hundred. */
const PROGRESS_MS = 100;
/**
 * The population search needs a few hundred offspring to beat the annealing (CPU clock, 10 s limits: better on
 * 100 customers — RC101 1,697 against 1,749 — worse on 200, where the random initial population alone takes
 * most of the distance phase: RC1 +1.4 %, R2 +5.7 %; and on 1,000 at 60 s, R1 +7.8 %). Below this limit per
 * customer the annealing runs.
 */
const HGS_MIN_MS_PER_CUSTOMER = 80;
/** Ejections only within this many positions of the insertion place: 3.6× the pool insertions in the same
 * time on R1 400, 1.6× on R1 1,000 (0.9× on RC1 400), as many routes or one fewer; the same counts on
 * R101/RC101. */
const ROUTE_MIN_EJECTION_REACH = 3;

export function solveVrptw(problem: VrptwProblem, options: VrptwOptions = {}): VrptwSolution {
  validateVrptw(problem);
  const now = options.now ?? (() => performance.now());
  const t0 = options.startedAt ?? now();
  const limit = options.timeLimitMs ?? DEFAULT_VRPTW_TIME_LIMIT_MS;
  // Keep a margin for building the answer (as solveRoute does).
  const deadline = t0 + limit - Math.min(40, 0.03 * limit);
  const maxIterations = options.maxIterations ?? Number.POSITIVE_INFINITY;
  const rng = createRng(options.seed ?? 1);
  const n = problem.customers.length;
  const T = problem.travel;
  const C = problem.customers;
  const V = problem.vehicles;
  const hierarchical = problem.objective === 'vehicles-then-distance';

  let maxLeg = 0;
  for (const row of T) for (const x of row) if (Number.isFinite(x) && x > maxLeg) maxLeg = x;
  // Larger than any possible travel difference, so one route less always wins (hierarchical objective).
  const vehicleCost = hierarchical ? 2 * (n + 1) * (maxLeg + 1) : 0;
  const perVehicle = C.some((c) => c.allowed !== undefined || c.extraCost !== undefined);
  const sigKey = V.map((v) => `${v.start}|${v.end}|${v.shiftStart}|${v.shiftEnd}|${v.capacity}`);
  const signature = sigKey.map((k) => sigKey.indexOf(k));
  const sameEnd = (a: number, b: number) => V[a]!.end === V[b]!.end && V[a]!.shiftEnd === V[b]!.shiftEnd;

  // Granular neighbours, recreate's near customers and Shaw's related lists, each k per customer (never n²).
  const { neighbours, near, related } = buildNeighbourhoods(problem);
  const all = Array.from({ length: n }, (_, i) => i);

  const failures = new Int32Array(n);
  const order = all.slice();
  const shuffleOrder = () => {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
  };
  const ls = (s: VrptwState) => {
    shuffleOrder();
    localSearch(s, { neighbours, vehicleCost, perVehicle, sameEnd, order, deadline, now });
  };
  const recreate = (s: VrptwState, maxRoutes: number, restricted = false) => {
    const ctx = { rng, vehicleCost, maxRoutes, signature, failures, near: restricted ? near : undefined };
    if (rng() < 0.5) regretInsert(s, ctx);
    else greedyInsert(s, ctx);
  };
  const qMax = Math.max(1, Math.min(n, 40, Math.max(8, Math.round(0.3 * n))));
  const qMin = Math.min(qMax, 4);
  const ruinSize = () => qMin + Math.floor(rng() * (qMax - qMin + 1));

  // Construction.
  let best = new VrptwState(problem);
  best.bank = all.slice();
  const construct = { rng, vehicleCost, maxRoutes: Number.POSITIVE_INFINITY, signature, failures };
  // Regret-2 is O(n²·route length): about 1 s at 1,000 customers. On a limit too short for it, the customers it
  // has not placed by the deadline go in greedily among their near routes, so the limit holds at any size.
  regretInsert(best, { ...construct, stop: () => now() > deadline });
  if (best.bank.length > 0 && now() > deadline) {
    const partial = best.clone();
    greedyInsert(best, { ...construct, near });
    // Greedy packs worse: on a tight fleet it may leave out visits regret would fit. A complete answer late
    // beats an incomplete one on time, so regret then finishes the job from where it stopped.
    if (best.bank.length > 0) {
      best = partial;
      regretInsert(best, construct);
    }
  }
  ls(best);
  let bestAt = now();
  let iterations = 0;
  /** Tells the caller's listener (if any) about the best solution so far; call on each new best and phase. */
  let reportedAt = Number.NEGATIVE_INFINITY;
  const report = (phase: string) => {
    if (!options.onProgress) return;
    reportedAt = now();
    options.onProgress({
      phase,
      elapsedMs: reportedAt - t0,
      limitMs: limit,
      bestCost: best.cost, // travel plus extra costs (never the hierarchical per-route term)
      routes: best.usedRoutes,
      unassigned: best.bank.length,
      iterations,
    });
  };
  report('construction');
  let stoppedBy: VrptwSolution['stats']['stoppedBy'] = 'stalled';
  /** Whether a look at the clock cut something short (the deadline, or the route minimiser's share of it). */
  let timeLimitReached = false;
  const outOfBudget = () => {
    if (now() > deadline) {
      stoppedBy = 'time-limit';
      timeLimitReached = true;
      return true;
    }
    if (iterations >= maxIterations) {
      stoppedBy = 'iterations';
      return true;
    }
    return false;
  };

  // Phase 1: route elimination with an ejection pool (route-min.ts), one route at a time.
  if (hierarchical && n > 0) {
    let demand = 0;
    for (const c of C) demand += c.demand;
    const maxCap = Math.max(...V.map((v) => v.capacity));
    const lowerBound = Math.max(1, maxCap > 0 ? Math.ceil(demand / maxCap - 1e-9) : 1);
    // The rest of the limit goes to the distance phase.
    const stopAt = t0 + ROUTE_MIN_SHARE * limit;
    let lastSuccess = now();
    const stop = () => {
      if (outOfBudget()) return true;
      const t = now();
      const patience = Math.max(ROUTE_MIN_FLOOR_SHARE * limit, (1 + ROUTE_MIN_PATIENCE) * (lastSuccess - t0));
      if (t <= stopAt && t <= t0 + patience) return false;
      timeLimitReached = true;
      return true;
    };
    let failed = 0;
    while (best.bank.length === 0 && best.usedRoutes > lowerBound && failed < 3 && !stop()) {
      const attempt = removeOneRoute(best, {
        rng,
        neighbours,
        ejectionReach: ROUTE_MIN_EJECTION_REACH,
        near,
        // Half of an iteration cap at most, so the distance phase still runs.
        maxIterations: Math.min(ROUTE_MIN_ITERATIONS_PER_CUSTOMER * n, Math.floor((maxIterations - iterations) / 2)),
        stop,
      });
      iterations += attempt.iterations;
      if (attempt.state) {
        // No local search between eliminations: routes packed for distance leave less room to empty the next.
        best = attempt.state;
        bestAt = now();
        lastSuccess = bestAt;
        failed = 0;
        report('route elimination');
      } else failed++;
    }
    ls(best);
  }

  // Phase 2: least travel at the route count found: the penalised population of hgs/ when it models the
  // problem (one kind of vehicle, no skills or extra costs) and the limit gives it time enough per customer,
  // else simulated annealing (see HGS_MIN_MS_PER_CUSTOMER).
  const population = hgsApplies(problem) && limit >= HGS_MIN_MS_PER_CUSTOMER * n;
  if (n > 0 && !outOfBudget()) report('distance');
  if (n > 0 && best.bank.length === 0 && population && !outOfBudget()) {
    const result = hgsSearch(problem, {
      fleet: hierarchical ? best.usedRoutes : V.length,
      hierarchical,
      seed: best.routes.filter((r) => r.size > 0).map((r) => r.customers),
      seedValue: Math.floor(rng() * 2 ** 31),
      deadline,
      now,
      maxIterations: maxIterations - iterations,
      onBest: (routes) => {
        // Homogeneous fleet: route k goes to vehicle k.
        const s = new VrptwState(problem);
        routes.forEach((r, k) => {
          s.routes[k]!.customers = r;
          s.refresh(k);
        });
        best = s;
        bestAt = now();
        report('distance');
      },
    });
    iterations += result.iterations;
    stoppedBy = result.stoppedBy;
    if (result.stoppedBy === 'time-limit') timeLimitReached = true;
  } else if (n > 0 && !outOfBudget()) {
    let cur = best.clone();
    const maxRoutes = hierarchical && best.bank.length === 0 ? best.usedRoutes : Number.POSITIVE_INFINITY;
    const planned = Math.min(maxIterations, 2000 + 100 * n);
    const stall = Math.max(1000, 30 * n);
    const tStart = (0.2 * Math.max(best.cost, 1)) / (n + best.usedRoutes);
    const tEnd = tStart / 100;
    // Annealing cycles: when one stalls after improving the best, restart from the best and heat again
    // (restarts when stalled); stop when a whole cycle brought nothing (stalled for good).
    let cycleStart = now();
    let timeLeft = Math.max(1, deadline - cycleStart);
    let k0 = 0;
    let lastImprovement = 0;
    let improvedInCycle = false;
    for (let k = 0; ; k++) {
      if (outOfBudget()) break;
      if (k >= planned && options.maxIterations !== undefined) {
        stoppedBy = 'iterations';
        break;
      }
      if (k - lastImprovement > stall || k - k0 >= planned) {
        if (!improvedInCycle || options.maxIterations !== undefined) {
          stoppedBy = 'stalled';
          break;
        }
        cur = best.clone();
        k0 = k;
        lastImprovement = k;
        improvedInCycle = false;
        cycleStart = now();
        timeLeft = Math.max(1, deadline - cycleStart);
      }
      iterations++;
      // Cool by iterations; without an iteration cap, also by time, so a short limit still ends cold.
      const progress =
        options.maxIterations !== undefined
          ? k / planned
          : Math.max((k - k0) / planned, (now() - cycleStart) / timeLeft);
      const temperature = tStart * (tEnd / tStart) ** Math.min(1, progress);
      const cand = cur.clone();
      ruin(cand, { rng, related }, ruinSize());
      recreate(cand, maxRoutes, true);
      ls(cand);
      if (accept(cand, cur, hierarchical, temperature, rng())) cur = cand;
      if (better(cand, best, hierarchical)) {
        best = cand.clone();
        bestAt = now();
        lastImprovement = k;
        improvedInCycle = true;
        if (bestAt - reportedAt >= PROGRESS_MS) report('distance');
      }
    }
    if (bestAt > reportedAt) report('distance');
  }

  // A local search the deadline cut short is caught here at the latest (the clock only moves forward).
  if (now() > deadline) timeLimitReached = true;
  const routes = best.routes
    .filter((r) => r.size > 0)
    .map((r) => ({ vehicle: r.vehicle, customers: r.customers.slice(), travel: r.travel }));
  for (const r of routes) {
    const check = checkVrptwRoute(problem, r.vehicle, r.customers);
    // The search only admits feasible moves; a failure here is a bug, never an answer.
    if (!check.feasible)
      throw new Error(`internal error: infeasible route for vehicle ${r.vehicle}: ${check.problems[0]}`);
  }
  return {
    routes,
    unassigned: best.bank.slice().sort((a, b) => a - b),
    vehicles: routes.length,
    travel: best.travel,
    cost: best.cost,
    stats: { ms: now() - t0, msToBest: bestAt - t0, iterations, stoppedBy, timeLimitReached },
  };
}

function accept(cand: VrptwState, cur: VrptwState, hierarchical: boolean, temperature: number, u: number): boolean {
  if (cand.bank.length !== cur.bank.length) return cand.bank.length < cur.bank.length;
  if (hierarchical && cand.usedRoutes !== cur.usedRoutes) return cand.usedRoutes < cur.usedRoutes;
  return cand.cost < cur.cost - temperature * Math.log(Math.max(u, 1e-12));
}
