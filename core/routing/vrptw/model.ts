// The VRPTW model shared by Solomon instances and agency dispatch: several vehicles (clinicians), each with its
// own start, end, shift and capacity; customers (visits) with demand, a window on the service start, a service
// time, the vehicles allowed to serve them (skills) and an optional extra cost per vehicle (continuity).
import type { ProgressListener } from '../progress.ts';

export interface VrptwVehicle {
  /** Row/column of the travel matrix where the vehicle starts and ends. */
  start: number;
  end: number;
  /** Leaves the start no earlier than shiftStart; back at the end by shiftEnd. */
  shiftStart: number;
  shiftEnd: number;
  capacity: number;
}

export interface VrptwCustomer {
  location: number;
  demand: number;
  /** Window on the service start: waiting is allowed, arriving after `due` is not. */
  ready: number;
  due: number;
  service: number;
  /** Vehicle indices allowed to serve this customer (skills); undefined = every vehicle. */
  allowed?: readonly number[];
  /** Added to the objective when served by vehicle k (e.g. a clinician the patient has not seen). */
  extraCost?: (vehicle: number) => number;
}

/**
 * `vehicles-then-distance`: Solomon's hierarchical convention (fewest routes, then least travel);
 * `distance`: least total travel (plus extra costs), routes free.
 */
export type VrptwObjective = 'vehicles-then-distance' | 'distance';

export interface VrptwProblem {
  /** travel[i][j]: travel time, also the cost of the leg; Infinity = no route. */
  travel: readonly (readonly number[])[];
  vehicles: readonly VrptwVehicle[];
  customers: readonly VrptwCustomer[];
  objective: VrptwObjective;
}

export interface VrptwOptions {
  /** A limit, not a target: the search stops earlier when progress stalls. Default 5000. */
  timeLimitMs?: number;
  seed?: number;
  /**
   * Caps the iterations of every phase after construction (route minimisation takes at most half of what is left
   * per attempt, the annealing the rest and cools by it instead of by the clock): with it, and a time limit that
   * never binds (`stats.timeLimitReached` false), a run is reproducible on any machine.
   */
  maxIterations?: number;
  /** Milliseconds clock for the time limit (default performance.now). Benchmarks on a shared machine pass the
   * process's CPU time so a loaded machine does not change the result. */
  now?: () => number;
  /** When the limit started, on `now`'s clock (default: the call): a caller that parses or builds the matrix
   * first counts that too, so the limit covers the whole request. */
  startedAt?: number;
  /** Told of each better solution found and of each phase (see ../progress.ts). */
  onProgress?: ProgressListener;
}

export interface VrptwRoute {
  vehicle: number;
  /** Customer indices in visiting order. */
  customers: number[];
  travel: number;
}

export interface VrptwSolution {
  /** Non-empty routes only. */
  routes: VrptwRoute[];
  /** Customers no feasible route could take (empty whenever a complete solution was found). */
  unassigned: number[];
  vehicles: number;
  travel: number;
  /** Travel plus extra costs: what the search minimised after the vehicle count. */
  cost: number;
  stats: {
    ms: number;
    msToBest: number;
    iterations: number;
    stoppedBy: 'stalled' | 'iterations' | 'time-limit';
    /**
     * True when a look at the clock cut something short (the time limit, or the route minimiser's 60 % share of
     * it): the answer may then depend on the machine's load. Reported apart from `stoppedBy` because the share
     * can end route minimisation while the rest of the search stops by itself.
     */
    timeLimitReached: boolean;
  };
}

export class VrptwModelError extends Error {
  override name = 'VrptwModelError';
}

export function validateVrptw(problem: VrptwProblem): void {
  const n = problem.travel.length;
  const inMatrix = (i: number) => Number.isInteger(i) && i >= 0 && i < n;
  if (problem.vehicles.length === 0) throw new VrptwModelError('at least one vehicle is needed');
  problem.vehicles.forEach((v, k) => {
    if (!inMatrix(v.start) || !inMatrix(v.end)) throw new VrptwModelError(`vehicle ${k}: start/end outside the matrix`);
    if (!(v.shiftEnd >= v.shiftStart)) throw new VrptwModelError(`vehicle ${k}: shift ends before it starts`);
  });
  problem.customers.forEach((c, i) => {
    if (!inMatrix(c.location)) throw new VrptwModelError(`customer ${i}: location outside the matrix`);
    if (!(c.due >= c.ready)) throw new VrptwModelError(`customer ${i}: window closes before it opens`);
    if (c.allowed?.some((k) => !(k >= 0 && k < problem.vehicles.length)))
      throw new VrptwModelError(`customer ${i}: allowed names an unknown vehicle`);
  });
}

export interface RouteCheck {
  feasible: boolean;
  travel: number;
  problems: string[];
}

/**
 * Recomputes a route from the problem alone (start at shiftStart, wait for windows, back by shiftEnd, load
 * within capacity, allowed vehicle). Used for the returned solution and by callers that want a second opinion.
 */
export function checkVrptwRoute(problem: VrptwProblem, vehicle: number, customers: readonly number[]): RouteCheck {
  const v = problem.vehicles[vehicle] as VrptwVehicle;
  const problems: string[] = [];
  let time = v.shiftStart;
  let load = 0;
  let travel = 0;
  let at = v.start;
  for (const i of customers) {
    const c = problem.customers[i] as VrptwCustomer;
    const leg = problem.travel[at]?.[c.location] ?? Number.POSITIVE_INFINITY;
    travel += leg;
    time = Math.max(time + leg, c.ready);
    if (time > c.due + 1e-6) problems.push(`customer ${i} starts at ${round(time)} after its due time ${c.due}`);
    if (c.allowed && !c.allowed.includes(vehicle))
      problems.push(`customer ${i} may not be served by vehicle ${vehicle}`);
    load += c.demand;
    time += c.service;
    at = c.location;
  }
  const back = problem.travel[at]?.[v.end] ?? Number.POSITIVE_INFINITY;
  travel += back;
  if (time + back > v.shiftEnd + 1e-6) problems.push(`back at ${round(time + back)} after the shift end ${v.shiftEnd}`);
  if (load > v.capacity + 1e-9) problems.push(`load ${load} over capacity ${v.capacity}`);
  return { feasible: problems.length === 0, travel, problems };
}

const round = (x: number) => Math.round(x * 100) / 100;
