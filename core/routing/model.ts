// The routing model: visits, vehicles (clinicians), a travel-time matrix, and the answers the solver gives.
// Times are minutes since midnight of the day being planned; travel is in minutes.
// `vehicles` is a list so several clinicians can be added later; the solver currently requires exactly one.
import type { ProgressListener } from './progress.ts';

/** Travel minutes between location indices; `null` = no route between the two (unreachable leg). */
export interface TravelMatrix {
  minutes: (number | null)[][];
  /** Where the numbers came from ('haversine' estimates are approximate). */
  source?: string;
  /** Road distance in metres, same shape as `minutes` (`null` = no route), when the provider knows it. */
  distances?: (number | null)[][];
  /**
   * True when the minutes follow a road network (OSRM, Google Routes); absent or false: an estimate (the straight-line
   * haversine one), to be labelled approximate wherever it is shown.
   */
  roadBased?: boolean;
}

export interface TimeWindow {
  /** Earliest service start (minutes since midnight). */
  earliest: number;
  /** Latest service start (minutes since midnight). */
  latest: number;
}

export interface Visit {
  id: string;
  /** Human label for explanations ("Mrs Lee"); defaults to the id. */
  label?: string;
  /** Index into the travel matrix. */
  location: number;
  /** Time spent at the visit, including documentation buffer. */
  durationMinutes: number;
  /** Allowed service start; a fixed appointment has earliest === latest. */
  window?: TimeWindow;
}

export interface Vehicle {
  id: string;
  /** Matrix index where the day starts (home or office). */
  startLocation: number;
  /** Matrix index where the day ends (usually home). */
  endLocation: number;
  /** Working hours: leave start no earlier than `start`, arrive at end no later than `end`. */
  shift: { start: number; end: number };
}

export interface Problem {
  matrix: TravelMatrix;
  vehicles: Vehicle[];
  visits: Visit[];
}

export type ViolationReason = 'window' | 'working-hours' | 'unreachable';

export interface Violation {
  /** The visit concerned; `null` for the return leg to the end location. */
  visitId: string | null;
  reason: ViolationReason;
  /** Minutes beyond the window's latest start or beyond the end of working hours (0 for unreachable). */
  lateByMinutes: number;
  message: string;
}

export interface Leg {
  /** Visit id, or `start`/`end` for the vehicle's own locations. */
  from: string;
  to: string;
  fromLocation: number;
  toLocation: number;
  /** `null` when the matrix has no route for this pair. */
  minutes: number | null;
}

export interface Stop {
  visitId: string;
  arrival: number;
  wait: number;
  /** Service start = max(arrival, window earliest). */
  start: number;
  departure: number;
  /** Minutes late against the window's latest start (0 if on time). */
  lateBy: number;
}

export interface RouteEvaluation {
  vehicleId: string;
  order: string[];
  /** Departure from the start location used for the schedule: the start of working hours. */
  departStart: number;
  /**
   * Latest departure that keeps every visit on time and the same finish: leaving then turns waiting into
   * time at home. Equals `departStart` when there is no waiting to absorb.
   */
  latestDepartStart: number;
  stops: Stop[];
  legs: Leg[];
  /** Arrival at the end location. */
  finish: number;
  totalTravelMinutes: number;
  totalWaitMinutes: number;
  totalServiceMinutes: number;
  feasible: boolean;
  violations: Violation[];
}

export type SolveMethod = 'exact-dp' | 'iterated-local-search' | 'trivial';

export interface Solution {
  feasible: boolean;
  /** True when the exact DP finished: the route is optimal (or the problem is proven infeasible). */
  provedOptimal: boolean;
  method: SolveMethod;
  routes: RouteEvaluation[];
  totalTravelMinutes: number;
  /** Violations of the best route found (the one with the least total lateness when none is feasible). */
  violations: Violation[];
  /** Visits that cannot be served even alone (straight from the start, straight to the end): root causes. */
  unservable: Violation[];
  stats: {
    ms: number;
    /** When the returned route was found (for a heuristic run, usually well before the time limit). */
    msToBest: number;
    labels?: number;
    iterations?: number;
    /**
     * True when a look at the clock may have cut a phase short (the time limit, or construction's quarter of
     * it): the answer may then depend on the machine's speed and load. False: it follows from the instance, the
     * seed and the counted budgets alone (maxIterations, stall counts, the DP's labels, work and memory).
     */
    timeLimitReached?: boolean;
    /**
     * Wall milliseconds per phase: `setup` (compile, construction), `warm` (the search giving the DP its
     * incumbent), `exact` (the DP), `search` (the heuristic), `finish` (evaluation and explanation).
     */
    phases?: Record<string, number>;
    /**
     * Outcome of the exact DP when it ran. When it gave up, `reason` says why in words (e.g. "memory cap of
     * 600 MB reached (3750000 labels at ~160 bytes each)") and `stop` names the budget: `labels`, `memory`,
     * `work` (all three independent of the machine's load), `time` (the caller's time limit itself), `size`.
     * `work` counts the DP's elementary steps (expansions, dominance comparisons, bound computations).
     */
    exact?: {
      status: 'optimal' | 'infeasible' | 'aborted';
      reason?: string;
      stop?: 'labels' | 'memory' | 'work' | 'time' | 'size' | 'bound';
      work?: number;
    };
  };
}

export interface SolveOptions {
  /** Overall wall-clock budget (default 1000 ms), counted from `startedAt`; every phase stays inside it. */
  timeLimitMs?: number;
  /**
   * performance.now() value the time limit counts from (default: when solveRoute is called), so a caller's
   * own setup (parsing a file, building the matrix) counts against the same limit.
   */
  startedAt?: number;
  /** Seed for the heuristic's PRNG (default 1). */
  seed?: number;
  /**
   * Cap on heuristic iterations (kicks of every search; the warm-up before the DP takes at most 10 of them): with
   * it and a time limit that never binds (`stats.timeLimitReached` false) the answer is the same on any machine.
   */
  maxIterations?: number;
  /** Instances up to this size always go to the exact DP first (default 16). */
  exactMaxVisits?: number;
  /**
   * Label budget for the exact DP before it gives up (default 2,000,000). The DP is budgeted
   * in labels and work, not in a share of the time limit, so whether a day is proved does not depend on the
   * machine's load; the clock stops it only when the time limit itself would be overrun.
   */
  maxLabels?: number;
  /** Memory cap for the exact DP in MB (default 600, ≈ 150 bytes per label and 100 per state); it stops with a clear reason. */
  maxExactMemoryMb?: number;
  /**
   * Work budget for the exact DP in elementary steps. Default: none up to `exactMaxVisits` (a day is proved
   * whenever the time limit allows), and 25,000 per millisecond of the time limit above it (EXACT_WORK_PER_MS).
   */
  maxExactWork?: number;
  /** Optional starting order (visit ids), e.g. the calendar order. */
  initialOrder?: string[];
  /** Told of each better route found and of each phase (see progress.ts). */
  onProgress?: ProgressListener;
}

export class RoutingModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RoutingModelError';
  }
}

/** Checks indices, durations and windows; throws RoutingModelError naming the offending field. */
export function validateProblem(problem: Problem): void {
  const size = problem.matrix.minutes.length;
  for (const [i, row] of problem.matrix.minutes.entries()) {
    if (row.length !== size) throw new RoutingModelError(`matrix row ${i} has ${row.length} entries, expected ${size}`);
    for (const [j, v] of row.entries()) {
      if (v !== null && !(Number.isFinite(v) && v >= 0)) {
        throw new RoutingModelError(`matrix[${i}][${j}] must be a non-negative number or null`);
      }
    }
  }
  const loc = (what: string, l: number) => {
    if (!Number.isInteger(l) || l < 0 || l >= size)
      throw new RoutingModelError(`${what} must be a matrix index 0..${size - 1}`);
  };
  for (const [k, v] of problem.vehicles.entries()) {
    loc(`vehicles[${k}].startLocation`, v.startLocation);
    loc(`vehicles[${k}].endLocation`, v.endLocation);
    if (!(v.shift.end >= v.shift.start)) throw new RoutingModelError(`vehicles[${k}].shift.end is before shift.start`);
  }
  const seen = new Set<string>();
  for (const [k, v] of problem.visits.entries()) {
    if (seen.has(v.id)) throw new RoutingModelError(`visits[${k}].id "${v.id}" is duplicated`);
    seen.add(v.id);
    loc(`visits[${k}].location`, v.location);
    if (!(Number.isFinite(v.durationMinutes) && v.durationMinutes >= 0)) {
      throw new RoutingModelError(`visits[${k}].durationMinutes must be a non-negative number`);
    }
    if (v.window && !(v.window.latest >= v.window.earliest)) {
      throw new RoutingModelError(`visits[${k}].window.latest is before window.earliest`);
    }
  }
}

/** The solver handles one clinician today; this states it instead of silently using vehicles[0]. */
export function requireSingleVehicle(problem: Problem): Vehicle {
  const [vehicle] = problem.vehicles;
  if (!vehicle || problem.vehicles.length !== 1) {
    throw new RoutingModelError(
      `the solver currently supports exactly one vehicle (clinician); got ${problem.vehicles.length}`,
    );
  }
  return vehicle;
}

/** Minutes since midnight as HH:MM (for explanations). */
export function formatClock(minutes: number): string {
  if (!Number.isFinite(minutes)) return '--:--';
  const m = Math.round(minutes);
  const h = Math.floor(m / 60);
  return `${String(h).padStart(2, '0')}:${String(m - h * 60).padStart(2, '0')}`;
}
