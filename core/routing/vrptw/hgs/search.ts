// biome-ignore-all lint/style/noNonNullAssertion: indices are in range by construction.
// Port of parts of HGS-CVRP (Vidal 2020, MIT) as extended by ORTEC (2022, MIT); see ./LICENSE.
// The hybrid genetic search of Vidal et al. (2012, 2013; Vidal 2022) for least travel at a fixed route count:
// a population of solutions allowed to break windows and capacity at a price (population.ts), offspring by
// OX/Split and SREX (crossover.ts), each improved by the penalised local search (local-search.ts) and, when still
// infeasible, half the time repaired by a second local search at ten times the penalties. The population
// starts from the caller's solution (its route count is the point: random starts may not reach it) and random
// giant tours, and starts again from random ones after ITERATIONS_TO_RESTART offspring without a better
// solution; the best feasible solution ever seen is kept throughout, so the result is never worse than the
// seed. Runs until the deadline or the iteration cap: restarts are how the time is used.
import { createRng } from '../../rng.ts';
import { checkVrptwRoute, type VrptwProblem } from '../model.ts';
import { granularNeighbours } from '../neighbourhoods.ts';
import { crossover, insertMissing } from './crossover.ts';
import { HgsData, type Penalties } from './data.ts';
import { polarAngles } from './embedding.ts';
import { Individual } from './individual.ts';
import { PenalisedLocalSearch } from './local-search.ts';
import { POPULATION, Population } from './population.ts';
import { split } from './split.ts';

/** Granular neighbours per customer (HGS uses 40; fewer keep an offspring cheap in TypeScript). At 10 s on 21
 * Solomon-size instances, two seeds, mean gap to HGS per class: 30 best; 40 RC2 +1.0–1.1 % (30: +0.03–0.6 %);
 * 20 R2 +1.1–1.3 % (30: +0.1 %). */
export const HGS_NEIGHBOURS = 30;
/** Offspring without a better solution before the population starts again (HGS's nbIter). */
export const ITERATIONS_TO_RESTART = 20000;
/**
 * HGS starts the time-warp penalty at 1 and adapts it every 100 offspring; a 10 s limit gives a few hundred
 * here, and at those values RC101's whole population stayed late (1,754–1,779 against 1,697 with these).
 */
const INITIAL_TIME_WARP_PENALTY = 10;
const PENALTY_INTERVAL = 25;
/** Up to this size the initial population is all random (as HGS); beyond, random with this over n. */
const RANDOM_START_CUSTOMERS = 200;
/**
 * Initial (and restart) population: 2μ, half of HGS's 4μ. Each costs a local search from scratch, and a 10 s
 * limit leaves the distance phase about 4 s here (RC101 at 10 s, seeds 1–3: 1,696.95 twice and 1,725 against
 * 1,697.43, 1,729.68, 1,696.95 with 4μ; R101: 1,650.80 thrice against 1,655.91, 1,650.80, 1,650.80).
 */
const INITIAL_POPULATION = 2 * POPULATION.mu;
/** Share of the customers a perturbation of the best takes out and puts back. */
const PERTURB_SHARE = 0.1;

/**
 * Whether the penalised search models the problem: one kind of vehicle (same start, end, shift, capacity), no
 * skills or extra costs (dispatch's continuity), every leg finite.
 */
export function hgsApplies(problem: VrptwProblem): boolean {
  const V = problem.vehicles;
  const v0 = V[0];
  if (!v0 || problem.customers.length < 2) return false;
  for (const v of V)
    if (
      v.start !== v0.start ||
      v.end !== v0.end ||
      v.shiftStart !== v0.shiftStart ||
      v.shiftEnd !== v0.shiftEnd ||
      v.capacity !== v0.capacity
    )
      return false;
  if (problem.customers.some((c) => c.allowed !== undefined || c.extraCost !== undefined)) return false;
  const locations = [v0.start, v0.end, ...problem.customers.map((c) => c.location)];
  for (const a of locations) for (const b of locations) if (!Number.isFinite(problem.travel[a]?.[b])) return false;
  return true;
}

export interface HgsOptions {
  /** Route slots: the route count to keep (hierarchical objective) or the fleet (distance). */
  fleet: number;
  /** Fewer routes first, then distance (else distance only). */
  hierarchical: boolean;
  /** A feasible solution with at most `fleet` routes: customer indices per route. */
  seed: readonly (readonly number[])[];
  seedValue: number;
  deadline: number;
  now: () => number;
  maxIterations: number;
  /** Told of each better feasible solution (customer indices per route, travel). */
  onBest?: (routes: number[][], travel: number) => void;
}

export interface HgsResult {
  /** The best feasible solution: customer indices per non-empty route. */
  routes: number[][];
  travel: number;
  iterations: number;
  restarts: number;
  stoppedBy: 'iterations' | 'time-limit';
  /** The penalties at the end (tests look at their adaptation). */
  penalties: Penalties;
  feasibleShare: [number, number];
}

export function hgsSearch(problem: VrptwProblem, options: HgsOptions): HgsResult {
  const data = new HgsData(problem);
  const n = data.n;
  const { fleet, now, deadline, maxIterations } = options;
  const rng = createRng(options.seedValue);
  const angle = polarAngles(data);
  // HGS's correlated vertices are the granular neighbours of the other phases, k = HGS_NEIGHBOURS; node i + 1 is
  // customer i and the depot (node 0) has none.
  const neighbours = [
    new Int32Array(0),
    ...granularNeighbours(problem, HGS_NEIGHBOURS).map((list) => Int32Array.from(list, (j) => j + 1)),
  ];
  let maxDist = 0;
  let maxDemand = 0;
  for (let a = 0; a <= n; a++) {
    maxDemand = Math.max(maxDemand, data.demand[a]!);
    for (let b = 0; b <= n; b++) maxDist = Math.max(maxDist, data.dist(a, b));
  }
  const penalties: Penalties = {
    capacity: Math.max(0.1, Math.min(1000, maxDemand > 0 ? maxDist / maxDemand : 1)),
    timeWarp: INITIAL_TIME_WARP_PENALTY,
  };
  const population = new Population(data, penalties, rng);
  const ls = new PenalisedLocalSearch(data, neighbours, fleet, rng);

  let iterations = 0;
  let stoppedBy: HgsResult['stoppedBy'] = 'iterations';
  const timeUp = () => {
    if (now() > deadline) {
      stoppedBy = 'time-limit';
      return true;
    }
    return false;
  };
  const outOfBudget = () => {
    if (timeUp()) return true;
    if (iterations >= maxIterations) {
      stoppedBy = 'iterations';
      return true;
    }
    return false;
  };

  // The best feasible solution: nodes per route, its route count and travel.
  let best: number[][] = options.seed.map((r) => r.map((c) => c + 1));
  let bestRoutes = best.filter((r) => r.length > 0).length;
  let bestTravel = new Individual(data, best, penalties).distance;
  let sinceBest = 0;
  const consider = (indiv: Individual) => {
    if (!indiv.feasible) return;
    const fewer = options.hierarchical && indiv.usedRoutes < bestRoutes;
    const same = !options.hierarchical || indiv.usedRoutes === bestRoutes;
    if (!fewer && !(same && indiv.distance < bestTravel - 1e-7 * Math.max(1, bestTravel))) return;
    const routes = indiv.routes.filter((r) => r.length > 0);
    // A second opinion by forward simulation: the concatenation's rounding must not let a late route through.
    if (
      !routes.every(
        (r, k) =>
          checkVrptwRoute(
            problem,
            k,
            r.map((c) => c - 1),
          ).feasible,
      )
    )
      return;
    best = routes.map((r) => r.slice());
    bestRoutes = routes.length;
    bestTravel = indiv.distance;
    sinceBest = 0;
    options.onBest?.(
      best.map((r) => r.map((c) => c - 1)),
      bestTravel,
    );
  };
  const stopLs = () => now() > deadline;
  const educate = (routes: number[][]) => {
    const improved = new Individual(data, ls.run(routes, penalties, stopLs), penalties, angle);
    population.record(improved);
    population.add(improved);
    consider(improved);
    if (!improved.feasible && rng() < 0.5) {
      const strict = { capacity: 10 * penalties.capacity, timeWarp: 10 * penalties.timeWarp };
      const repaired = new Individual(data, ls.run(improved.routes, strict, stopLs), penalties, angle);
      if (repaired.feasible) {
        population.add(repaired);
        consider(repaired);
      }
    }
  };
  const randomRoutes = () => {
    const tour = Array.from({ length: n }, (_, i) => i + 1);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [tour[i], tour[j]] = [tour[j]!, tour[i]!];
    }
    return split(data, tour, fleet, penalties);
  };
  // A perturbed copy of the best: a cluster of customers (a random one and its granular neighbours, breadth
  // first) taken out and put back where they add least distance.
  const perturbedBest = () => {
    const routes = best.map((r) => r.slice());
    while (routes.length < fleet) routes.push([]);
    const size = Math.max(2, Math.min(n - 1, Math.round(PERTURB_SHARE * n)));
    const out = new Uint8Array(n + 1);
    const queue = [1 + Math.floor(rng() * n)];
    out[queue[0]!] = 1;
    for (let h = 0; h < queue.length && queue.length < size; h++)
      for (const v of neighbours[queue[h]!]!)
        if (!out[v] && queue.length < size && rng() < 0.7) {
          out[v] = 1;
          queue.push(v);
        }
    for (let r = 0; r < routes.length; r++) routes[r] = routes[r]!.filter((c) => !out[c]);
    insertMissing({ data, fleet, rng, penalties, angle }, routes, queue);
    return routes;
  };
  // HGS's initial population is random giant tours; each costs a local search from scratch (about 0.3 s at
  // 1,000 customers here), so beyond RANDOM_START_CUSTOMERS a share of them are perturbed copies of the best.
  const randomShare = Math.min(1, RANDOM_START_CUSTOMERS / n);
  const generate = () => {
    for (let k = 0; k < INITIAL_POPULATION && !outOfBudget(); k++) {
      iterations++;
      educate(rng() < randomShare ? randomRoutes() : perturbedBest());
    }
  };

  // The seed as it is (feasible, the route count to keep), then improved, then random starts.
  population.add(new Individual(data, best.slice(), penalties, angle));
  if (!outOfBudget()) {
    iterations++;
    educate(best.map((r) => r.slice()));
  }
  generate();
  let restarts = 0;
  while (!outOfBudget()) {
    iterations++;
    sinceBest++;
    const [a, b] = population.parents();
    educate(crossover({ data, fleet, rng, penalties, angle }, a, b));
    if (iterations % PENALTY_INTERVAL === 0) population.managePenalties();
    if (sinceBest >= ITERATIONS_TO_RESTART) {
      population.clear();
      penalties.timeWarp = INITIAL_TIME_WARP_PENALTY;
      restarts++;
      sinceBest = 0;
      generate();
    }
  }
  return {
    routes: best.map((r) => r.map((c) => c - 1)),
    travel: bestTravel,
    iterations,
    restarts,
    stoppedBy,
    penalties,
    feasibleShare: population.shares(),
  };
}
