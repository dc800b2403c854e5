// Flat typed-array form of a single-vehicle problem for the solvers: nodes 0..n-1 are the visits,
// node n is the start location and node n+1 the end location. Unreachable legs become +Infinity.
import { type Problem, requireSingleVehicle, validateProblem } from './model.ts';

export interface Compiled {
  n: number;
  /** (n+2)×(n+2) travel minutes, row-major. */
  travel: Float64Array;
  service: Float64Array;
  earliest: Float64Array;
  latest: Float64Array;
  start: number;
  end: number;
  shiftStart: number;
  shiftEnd: number;
  ids: string[];
}

export function compile(problem: Problem): Compiled {
  validateProblem(problem);
  const vehicle = requireSingleVehicle(problem);
  const n = problem.visits.length;
  const size = n + 2;
  const locs = [...problem.visits.map((v) => v.location), vehicle.startLocation, vehicle.endLocation];
  const travel = new Float64Array(size * size);
  for (let i = 0; i < size; i++) {
    for (let j = 0; j < size; j++) {
      const v = problem.matrix.minutes[locs[i] ?? 0]?.[locs[j] ?? 0];
      travel[i * size + j] = v === null || v === undefined ? Number.POSITIVE_INFINITY : v;
    }
  }
  const service = new Float64Array(size);
  const earliest = new Float64Array(size).fill(Number.NEGATIVE_INFINITY);
  const latest = new Float64Array(size).fill(Number.POSITIVE_INFINITY);
  problem.visits.forEach((v, i) => {
    service[i] = v.durationMinutes;
    if (v.window) {
      earliest[i] = v.window.earliest;
      latest[i] = v.window.latest;
    }
  });
  return {
    n,
    travel,
    service,
    earliest,
    latest,
    start: n,
    end: n + 1,
    shiftStart: vehicle.shift.start,
    shiftEnd: vehicle.shift.end,
    ids: problem.visits.map((v) => v.id),
  };
}

/** Lexicographic score used by the search: infeasibility first, then travel, then finish time. */
export interface Score {
  /** Minutes late (windows + working hours) plus a large constant per unreachable leg; 0 = feasible. */
  penalty: number;
  travel: number;
  finish: number;
}

export const UNREACHABLE_PENALTY = 1e6;
const EPS = 1e-9;

export function scoreOrder(c: Compiled, order: ArrayLike<number>): Score {
  const size = c.n + 2;
  let prev = c.start;
  let time = c.shiftStart;
  let travel = 0;
  let penalty = 0;
  for (let k = 0; k < order.length; k++) {
    const v = order[k] as number;
    const t = c.travel[prev * size + v] as number;
    if (t === Number.POSITIVE_INFINITY) penalty += UNREACHABLE_PENALTY;
    else {
      travel += t;
      time += t;
    }
    const e = c.earliest[v] as number;
    if (time < e) time = e;
    const l = c.latest[v] as number;
    if (time > l) penalty += time - l;
    time += c.service[v] as number;
    prev = v;
  }
  const t = c.travel[prev * size + c.end] as number;
  if (t === Number.POSITIVE_INFINITY) penalty += UNREACHABLE_PENALTY;
  else {
    travel += t;
    time += t;
  }
  if (time > c.shiftEnd) penalty += time - c.shiftEnd;
  return { penalty, travel, finish: time };
}

/** a better than b? Ties within EPS fall through to the next criterion. */
export function better(a: Score, b: Score): boolean {
  if (a.penalty < b.penalty - EPS) return true;
  if (a.penalty > b.penalty + EPS) return false;
  if (a.travel < b.travel - EPS) return true;
  if (a.travel > b.travel + EPS) return false;
  return a.finish < b.finish - EPS;
}
