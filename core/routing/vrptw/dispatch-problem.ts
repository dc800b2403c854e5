// The VRPTW behind a dispatch day (skills, shifts, homes, continuity; haversine travel): built, solved, gaps explained.
import type { ProgressListener } from '../progress.ts';
import { haversineMatrix } from '../travel/haversine.ts';
import { DEFAULT_CONTINUITY_MINUTES, type DispatchInput, type DispatchVisit, parseClock } from './dispatch-input.ts';
import type { VrptwObjective, VrptwProblem, VrptwSolution } from './model.ts';
import { checkVrptwRoute } from './model.ts';
import { solveVrptw } from './solve.ts';

/** The VRPTW for a dispatch day: matrix rows 0..K-1 are the clinicians' homes, K.. the visits. */
export function dispatchProblem(input: DispatchInput): { problem: VrptwProblem; travelSource: string } {
  const K = input.clinicians.length;
  const matrix = haversineMatrix([...input.clinicians.map((c) => c.home), ...input.visits], {
    area: input.area ?? 'urban',
  });
  const continuity = input.continuityMinutes ?? DEFAULT_CONTINUITY_MINUTES;
  const index = new Map(input.clinicians.map((c, k) => [c.id, k]));
  const objective: VrptwObjective =
    input.objective === 'clinicians-then-drive-time' ? 'vehicles-then-distance' : 'distance';
  const problem: VrptwProblem = {
    travel: matrix.minutes.map((row) => row.map((x) => x ?? Number.POSITIVE_INFINITY)),
    objective,
    vehicles: input.clinicians.map((c, k) => ({
      start: k,
      end: k,
      shiftStart: parseClock(c.shift.start),
      shiftEnd: parseClock(c.shift.end),
      capacity: c.maxVisits ?? Number.POSITIVE_INFINITY,
    })),
    customers: input.visits.map((v, i) => {
      const last = v.lastClinician === undefined ? undefined : index.get(v.lastClinician);
      return {
        location: K + i,
        demand: 1,
        ready: v.window ? parseClock(v.window.earliest) : 0,
        due: v.window ? parseClock(v.window.latest) : 24 * 60,
        service: v.durationMinutes,
        allowed: input.clinicians.flatMap((c, k) => (c.skills.includes(v.skill) ? [k] : [])),
        ...(last === undefined || continuity === 0
          ? {}
          : { extraCost: (vehicle: number) => (vehicle === last ? 0 : continuity) }),
      };
    }),
  };
  return { problem, travelSource: matrix.source ?? 'haversine (approximate)' };
}

export interface DispatchOptions {
  timeLimitMs?: number;
  seed?: number;
  /** Caps the search's iterations: with an ample time limit, the same day and seed give the same plan. */
  maxIterations?: number;
  /** Told of each better plan and phase (the CLI's --progress). */
  onProgress?: ProgressListener;
}

export function solveDispatch(problem: VrptwProblem, options: DispatchOptions): VrptwSolution {
  return solveVrptw(problem, {
    timeLimitMs: options.timeLimitMs ?? 2000,
    seed: options.seed,
    ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
    ...(options.onProgress === undefined ? {} : { onProgress: options.onProgress }),
  });
}

/** Why the solver left visit `i` out, in words. */
export function whyUnassigned(problem: VrptwProblem, input: DispatchInput, i: number): string {
  const v = input.visits[i] as DispatchVisit;
  const allowed = problem.customers[i]?.allowed ?? [];
  if (allowed.length === 0) return `no clinician has the skill ${v.skill}`;
  const alone = allowed.filter((k) => checkVrptwRoute(problem, k, [i]).feasible);
  if (alone.length === 0)
    return `no ${v.skill} clinician can reach it inside its window and be home by the end of the shift`;
  return `every ${v.skill} clinician who could reach it in time has a full day (windows, shift or maxVisits)`;
}
