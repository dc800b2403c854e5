// Solomon VRPTW instances on the VRPTW solver (README §3 of ../shared/benchmarks/routing): node 0 is the depot,
// every vehicle starts and ends there at [0, depot due date] with the file's capacity. Two distance conventions:
// `truncated` (floor to 0.1 per edge, the exact methods' and LKH-3's) and `double` (the classic hierarchical
// best-known tables). The cost is recomputed from the file with that convention, never taken from the solver.
import { parseSolomon, type SolomonInstance, type SolomonNode, solomonRoutesCost } from '../instances/solomon.ts';
import type { VrptwObjective, VrptwOptions, VrptwProblem } from './model.ts';
import { solveVrptw } from './solve.ts';

export type SolomonConvention = 'truncated' | 'double';

export interface SolomonSolveOptions extends VrptwOptions {
  convention?: SolomonConvention;
  objective?: VrptwObjective;
}

export interface SolomonResult {
  name: string;
  customers: number;
  vehicles: number;
  distance: number;
  convention: SolomonConvention;
  /** Recomputed from the file: capacity, windows and the depot's due date on every route, every customer once. */
  feasible: boolean;
  problems: string[];
  /** Solomon customer numbers per route (depot implicit at both ends). */
  routes: number[][];
  ms: number;
  msToBest: number;
  iterations: number;
  stoppedBy: string;
  /** The clock cut the search short (VrptwSolution['stats']): false = decided by the seed and the budgets. */
  timeLimitReached: boolean;
}

const euclid = (a: SolomonNode, b: SolomonNode) => Math.hypot(a.x - b.x, a.y - b.y);

export function solomonDistanceFn(convention: SolomonConvention): (a: SolomonNode, b: SolomonNode) => number {
  return convention === 'double' ? euclid : (a, b) => Math.floor(10 * euclid(a, b) + 1e-9) / 10;
}

export function solomonProblem(
  inst: SolomonInstance,
  convention: SolomonConvention = 'truncated',
  objective: VrptwObjective = 'vehicles-then-distance',
  fleet = inst.vehicles,
): VrptwProblem {
  const dist = solomonDistanceFn(convention);
  const depot = inst.nodes[0] as SolomonNode;
  const travel = inst.nodes.map((a) => inst.nodes.map((b) => dist(a, b)));
  return {
    travel,
    objective,
    vehicles: Array.from({ length: fleet }, () => ({
      start: 0,
      end: 0,
      shiftStart: depot.ready,
      shiftEnd: depot.due,
      capacity: inst.capacity,
    })),
    customers: inst.nodes.slice(1).map((c, k) => ({
      location: k + 1,
      demand: c.demand,
      ready: c.ready,
      due: c.due,
      service: c.service,
    })),
  };
}

/** Independent check of Solomon routes straight from the parsed file. */
export function checkSolomonRoutes(
  inst: SolomonInstance,
  routes: readonly (readonly number[])[],
  convention: SolomonConvention,
): string[] {
  const dist = solomonDistanceFn(convention);
  const depot = inst.nodes[0] as SolomonNode;
  const problems: string[] = [];
  const seen = new Set<number>();
  routes.forEach((route, r) => {
    let time = depot.ready;
    let load = 0;
    let prev = depot;
    for (const id of route) {
      const node = inst.nodes[id];
      if (!node || id === 0) {
        problems.push(`route ${r + 1}: unknown customer ${id}`);
        continue;
      }
      if (seen.has(id)) problems.push(`customer ${id} visited twice`);
      seen.add(id);
      time = Math.max(time + dist(prev, node), node.ready);
      if (time > node.due + 1e-6) problems.push(`route ${r + 1}: customer ${id} starts at ${time} > due ${node.due}`);
      time += node.service;
      load += node.demand;
      prev = node;
    }
    if (time + dist(prev, depot) > depot.due + 1e-6) problems.push(`route ${r + 1}: back after ${depot.due}`);
    if (load > inst.capacity) problems.push(`route ${r + 1}: load ${load} > capacity ${inst.capacity}`);
  });
  for (let id = 1; id < inst.nodes.length; id++) if (!seen.has(id)) problems.push(`customer ${id} not visited`);
  return problems;
}

export function solveSolomon(text: string, options: SolomonSolveOptions = {}): SolomonResult {
  // The limit covers parsing and the matrix too (2 × 10⁶ distances at 1,000 customers).
  const startedAt = options.startedAt ?? (options.now ?? (() => performance.now()))();
  const inst = parseSolomon(text);
  const convention = options.convention ?? 'truncated';
  // The LKH-3 files' VEHICLES is the route count of LKH-3's best tour: not handed to the solver, which gets
  // one vehicle per customer and must find the count itself. The original files' fleet (25) is a real limit.
  const isLkh = /NODE_COORD_SECTION/.test(text);
  const fleet = isLkh ? inst.nodes.length - 1 : inst.vehicles;
  const problem = solomonProblem(inst, convention, options.objective, fleet);
  const solution = solveVrptw(problem, { ...options, startedAt });
  const routes = solution.routes.map((r) => r.customers.map((i) => i + 1));
  const problems = checkSolomonRoutes(inst, routes, convention);
  const distance =
    convention === 'truncated'
      ? solomonRoutesCost(inst, routes)
      : Math.round(routes.reduce((sum, r) => sum + doubleCost(inst, r), 0) * 100) / 100;
  return {
    name: inst.name,
    customers: inst.nodes.length - 1,
    vehicles: routes.length,
    distance,
    convention,
    feasible: problems.length === 0,
    problems,
    routes,
    ms: solution.stats.ms,
    msToBest: solution.stats.msToBest,
    iterations: solution.stats.iterations,
    stoppedBy: solution.stats.stoppedBy,
    timeLimitReached: solution.stats.timeLimitReached,
  };
}

function doubleCost(inst: SolomonInstance, route: readonly number[]): number {
  let prev = inst.nodes[0] as SolomonNode;
  let sum = 0;
  for (const id of [...route, 0]) {
    const node = inst.nodes[id] as SolomonNode;
    sum += euclid(prev, node);
    prev = node;
  }
  return sum;
}
