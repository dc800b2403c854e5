// Progress of a long search, for a caller that shows it (the CLI's --progress, a bar in a dashboard). A solver
// calls the listener when it finds a better solution and when it enters a new phase — never in a hot loop — so
// a listener may print. The listener must not throw: progress is advice, the search does not depend on it.

export interface SearchProgress {
  /** What the search is doing now, e.g. "construction", "route elimination", "distance", "tour search". */
  phase: string;
  /** Milliseconds since the solve started, by the solver's own clock. */
  elapsedMs: number;
  /** The time limit in milliseconds (elapsedMs / limitMs is the share of the budget spent). */
  limitMs: number;
  /** Cost of the best solution so far in the problem's own units (travel; plus extra costs for dispatch). */
  bestCost: number;
  /** Routes used by the best solution so far (VRPTW, dispatch). */
  routes?: number;
  /** Customers (visits) the best solution so far leaves unassigned (VRPTW, dispatch). */
  unassigned?: number;
  /** Search rounds so far (kicks, ruin-and-recreate rounds, generations). */
  iterations: number;
}

export type ProgressListener = (progress: SearchProgress) => void;
