// A booked dispatch day against the solver's plan (`homerounds dispatch --date`): measured alike, and what moves.
import {
  type DispatchClinician,
  type DispatchInput,
  DispatchInputError,
  type DispatchVisit,
  formatDispatchClock,
  parseClock,
} from './dispatch-input.ts';
import { type DispatchOptions, dispatchProblem, solveDispatch, whyUnassigned } from './dispatch-problem.ts';
import { round1 } from './dispatch-report.ts';
import type { VrptwProblem } from './model.ts';
import { checkVrptwRoute } from './model.ts';

// Both sides are measured by one function on one travel matrix, with the same legs (home → first visit, between
// visits, last visit → home, as plan-day.ts counts them), so the saving is what the plan changes and nothing else.

/** Where a visit is booked now: its clinician and its booked start ("HH:MM"). */
export interface DispatchBooking {
  visitId: string;
  clinicianId: string;
  start: string;
}

/** Calendar times are whole minutes: a visit less than this late (rounding, the estimate) is on time. */
export const LATE_TOLERANCE_MINUTES = 1;
/** The plan replaces a feasible booked day only when its objective is at least this much better. */
export const MIN_GAIN_MINUTES = 1;

export interface DispatchDayStop {
  visitId: string;
  patient?: string;
  start: string;
  end: string;
  driveMinutes: number;
}

export interface DispatchDayRow {
  clinicianId: string;
  name?: string;
  visits: number;
  driveMinutes: number;
  /** First visit's start and last visit's end, when and back home ("HH:MM"); absent without visits. */
  firstStart?: string;
  lastEnd?: string;
  leaveHome?: string;
  backHome?: string;
  /** Visits outside their window or that cannot be reached by their start. */
  lateVisits: number;
  continuityKept: number;
  /** Everything that makes this day infeasible, in words. */
  problems: string[];
  stops: DispatchDayStop[];
}

export interface DispatchDaySide {
  rows: DispatchDayRow[];
  /** Sums of the rows (drive minutes summed as the rows show them). */
  totals: { visits: number; driveMinutes: number; lateVisits: number; cliniciansUsed: number; continuityKept: number };
  feasible: boolean;
}

export interface DispatchMove {
  visitId: string;
  patient?: string;
  from: string;
  to: string;
  fromStart: string;
  fromEnd: string;
  toStart: string;
  toEnd: string;
}

export interface DispatchDayReport {
  date?: string;
  objective: 'drive-time' | 'clinicians-then-drive-time';
  before: DispatchDaySide;
  after: DispatchDaySide;
  /** `plan`: the solver's plan replaces the booked day; `calendar`: the booked day is kept (nothing moves). */
  decision: 'plan' | 'calendar';
  reason: string;
  moves: DispatchMove[];
  /** Visits the plan could not place: they stay where they are booked. */
  unassigned: { visitId: string; patient?: string; clinicianId: string; start: string; reason: string }[];
  /** Before minus after; null when the booked day is infeasible (no saving is claimed against it). */
  savedDriveMinutes: number | null;
  visits: number;
  travelSource: string;
  /** `timeLimitReached`: the clock cut the search short (see VrptwSolution['stats']). */
  stats: { ms: number; iterations: number; stoppedBy: string; timeLimitReached: boolean };
}

/**
 * Solves the day and compares it with where the visits are booked now. A feasible booked day is kept unless the
 * plan is better by the objective (fewer clinicians first with `clinicians-then-drive-time`, then driving plus
 * continuity) by at least MIN_GAIN_MINUTES and places every visit; so running it again on the applied plan
 * moves nothing. The plan keeps each visit's booked start where its new route allows it.
 */
export function compareDispatch(
  input: DispatchInput,
  bookings: readonly DispatchBooking[],
  options: DispatchOptions = {},
): DispatchDayReport {
  const { problem, travelSource } = dispatchProblem(input);
  const visitIndex = new Map(input.visits.map((v, i) => [v.id, i]));
  const clinicianIndex = new Map(input.clinicians.map((c, k) => [c.id, k]));
  const booked = new Map<number, { k: number; start: number }>();
  for (const b of bookings) {
    const i = visitIndex.get(b.visitId);
    const k = clinicianIndex.get(b.clinicianId);
    if (i === undefined || k === undefined) throw new DispatchInputError(`booking of unknown visit ${b.visitId}`);
    booked.set(i, { k, start: parseClock(b.start) });
  }
  const missing = input.visits.filter((_, i) => !booked.has(i)).map((v) => v.id);
  if (missing.length > 0) throw new DispatchInputError(`no booking for visit(s) ${missing.join(', ')}`);

  const beforeRoutes = input.clinicians.map((_, k) =>
    [...booked]
      .filter(([, b]) => b.k === k)
      .map(([i, b]) => ({ i, start: b.start }))
      .sort((a, b) => a.start - b.start || a.i - b.i),
  );
  const before = sideOf(input, problem, beforeRoutes);
  const solution = solveDispatch(problem, options);
  const stats = {
    ms: Math.round(solution.stats.ms),
    iterations: solution.stats.iterations,
    stoppedBy: solution.stats.stoppedBy,
    timeLimitReached: solution.stats.timeLimitReached,
  };
  const hierarchical = problem.objective === 'vehicles-then-distance';
  const costOf = (routes: { k: number; customers: number[] }[]) => {
    let cost = 0;
    for (const r of routes) {
      cost += checkVrptwRoute(problem, r.k, r.customers).travel;
      for (const i of r.customers) cost += problem.customers[i]?.extraCost?.(r.k) ?? 0;
    }
    return { used: routes.filter((r) => r.customers.length > 0).length, cost };
  };
  const was = costOf(beforeRoutes.map((stops, k) => ({ k, customers: stops.map((s) => s.i) })));
  const plan = costOf(solution.routes.map((r) => ({ k: r.vehicle, customers: r.customers })));
  const planWins =
    hierarchical && plan.used !== was.used ? plan.used < was.used : plan.cost < was.cost - MIN_GAIN_MINUTES;
  const base = {
    ...(input.date === undefined ? {} : { date: input.date }),
    objective: input.objective ?? 'drive-time',
  };
  if (before.feasible && (solution.unassigned.length > 0 || !planWins)) {
    return {
      ...base,
      before,
      after: before,
      decision: 'calendar',
      reason:
        solution.unassigned.length > 0
          ? `the plan could not place ${solution.unassigned.length} visit(s) the calendar has in place: the calendar is kept`
          : 'the booked day is already as good as the plan found: nothing to move',
      moves: [],
      unassigned: [],
      savedDriveMinutes: 0,
      visits: input.visits.length,
      travelSource,
      stats,
    };
  }
  const afterRoutes = input.clinicians.map((_, k) => {
    const route = solution.routes.find((r) => r.vehicle === k);
    return route ? scheduleRoute(problem, k, route.customers, (i) => booked.get(i)?.start) : [];
  });
  const after = sideOf(input, problem, afterRoutes);
  const moves: DispatchMove[] = [];
  afterRoutes.forEach((stops, k) => {
    for (const { i, start } of stops) {
      const was = booked.get(i) as { k: number; start: number };
      if (was.k === k && was.start === start) continue;
      const v = input.visits[i] as DispatchVisit;
      moves.push({
        visitId: v.id,
        ...(v.patient === undefined ? {} : { patient: v.patient }),
        from: (input.clinicians[was.k] as DispatchClinician).id,
        to: (input.clinicians[k] as DispatchClinician).id,
        fromStart: formatDispatchClock(was.start),
        fromEnd: formatDispatchClock(was.start + v.durationMinutes),
        toStart: formatDispatchClock(start),
        toEnd: formatDispatchClock(start + v.durationMinutes),
      });
    }
  });
  const unassigned = solution.unassigned.map((i) => {
    const v = input.visits[i] as DispatchVisit;
    const was = booked.get(i) as { k: number; start: number };
    return {
      visitId: v.id,
      ...(v.patient === undefined ? {} : { patient: v.patient }),
      clinicianId: (input.clinicians[was.k] as DispatchClinician).id,
      start: formatDispatchClock(was.start),
      reason: whyUnassigned(problem, input, i),
    };
  });
  return {
    ...base,
    before,
    after,
    decision: 'plan',
    reason: before.feasible
      ? 'the plan is better than the booked day'
      : 'the booked day is infeasible (see its problems): the plan repairs it, no saving is claimed',
    moves,
    unassigned,
    savedDriveMinutes: before.feasible ? round1(before.totals.driveMinutes - after.totals.driveMinutes) : null,
    visits: input.visits.length,
    travelSource,
    stats,
  };
}

/**
 * Whole-minute starts for a route in the solver's order: each visit keeps its booked start when the route allows
 * it, else the nearest start that does (between the earliest arrival and the latest start that still lets every
 * later visit and the drive home fit).
 */
function scheduleRoute(
  problem: VrptwProblem,
  k: number,
  customers: readonly number[],
  bookedStart: (i: number) => number | undefined,
): { i: number; start: number }[] {
  const T = problem.travel;
  const vehicle = problem.vehicles[k] as VrptwProblem['vehicles'][number];
  const C = problem.customers;
  const latest: number[] = new Array(customers.length);
  let next = vehicle.shiftEnd;
  let nextAt = vehicle.end;
  for (let p = customers.length - 1; p >= 0; p--) {
    const c = C[customers[p] as number] as VrptwProblem['customers'][number];
    const leg = (T[c.location] as number[])[nextAt] as number;
    next = Math.floor(Math.min(c.due, next - leg - c.service) + 1e-9);
    latest[p] = next;
    nextAt = c.location;
  }
  let time = vehicle.shiftStart;
  let at = vehicle.start;
  return customers.map((i, p) => {
    const c = C[i] as VrptwProblem['customers'][number];
    const lo = Math.max(Math.ceil(time + ((T[at] as number[])[c.location] as number) - 1e-9), c.ready);
    const hi = latest[p] as number;
    const want = bookedStart(i) ?? lo;
    const start = lo > hi ? hi : Math.min(Math.max(want, lo), hi);
    time = start + c.service;
    at = c.location;
    return { i, start };
  });
}

/** One side of the comparison: each clinician's visits at their starts, measured with the same legs. */
function sideOf(
  input: DispatchInput,
  problem: VrptwProblem,
  routes: readonly { i: number; start: number }[][],
): DispatchDaySide {
  const rows = routes.map((stops, k) => rowOf(input, problem, k, stops));
  const sum = (f: (r: DispatchDayRow) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    rows,
    totals: {
      visits: sum((r) => r.visits),
      driveMinutes: round1(sum((r) => r.driveMinutes)),
      lateVisits: sum((r) => r.lateVisits),
      cliniciansUsed: rows.filter((r) => r.visits > 0).length,
      continuityKept: sum((r) => r.continuityKept),
    },
    feasible: rows.every((r) => r.problems.length === 0),
  };
}

function rowOf(
  input: DispatchInput,
  problem: VrptwProblem,
  k: number,
  stops: readonly { i: number; start: number }[],
): DispatchDayRow {
  const clinician = input.clinicians[k] as DispatchClinician;
  const vehicle = problem.vehicles[k] as VrptwProblem['vehicles'][number];
  const T = problem.travel;
  const clock = formatDispatchClock;
  const problems: string[] = [];
  const late = new Set<number>();
  const out: DispatchDayStop[] = [];
  let drive = 0;
  let at = vehicle.start;
  let free = Number.NEGATIVE_INFINITY;
  let continuityKept = 0;
  for (const { i, start } of stops) {
    const v = input.visits[i] as DispatchVisit;
    const c = problem.customers[i] as VrptwProblem['customers'][number];
    const leg = (T[at] as number[])[c.location] as number;
    const name = v.patient ?? v.id;
    drive += leg;
    if (!clinician.skills.includes(v.skill))
      problems.push(`${name}: a ${v.skill} visit with a clinician without ${v.skill}`);
    if (start < c.ready - LATE_TOLERANCE_MINUTES || start > c.due + LATE_TOLERANCE_MINUTES) {
      late.add(i);
      problems.push(`${name} starts ${clock(start)}, outside its window (start ${clock(c.ready)}–${clock(c.due)})`);
    }
    if (free + leg > start + LATE_TOLERANCE_MINUTES) {
      late.add(i);
      problems.push(`${name} starts ${clock(start)} but cannot be reached before ${clock(free + leg)}`);
    }
    if (v.lastClinician === clinician.id) continuityKept++;
    out.push({
      visitId: v.id,
      ...(v.patient === undefined ? {} : { patient: v.patient }),
      start: clock(start),
      end: clock(start + v.durationMinutes),
      driveMinutes: round1(leg),
    });
    free = start + v.durationMinutes;
    at = c.location;
  }
  const row: DispatchDayRow = {
    clinicianId: clinician.id,
    ...(clinician.name === undefined ? {} : { name: clinician.name }),
    visits: stops.length,
    driveMinutes: 0,
    lateVisits: late.size,
    continuityKept,
    problems,
    stops: out,
  };
  if (stops.length > 0) {
    const first = stops[0] as { i: number; start: number };
    const back = (T[at] as number[])[vehicle.end] as number;
    drive += back;
    const leave = first.start - ((T[vehicle.start] as number[])[problem.customers[first.i]?.location ?? 0] as number);
    const home = free + back;
    if (leave < vehicle.shiftStart - LATE_TOLERANCE_MINUTES)
      problems.push(
        `leaves home at ${clock(Math.floor(leave))}, before the shift starts (${clock(vehicle.shiftStart)})`,
      );
    if (home > vehicle.shiftEnd + LATE_TOLERANCE_MINUTES)
      problems.push(`back home at ${clock(Math.ceil(home))}, after the shift ends (${clock(vehicle.shiftEnd)})`);
    if (stops.length > vehicle.capacity)
      problems.push(`${stops.length} visits, more than the ${vehicle.capacity} allowed`);
    Object.assign(row, {
      firstStart: out[0]?.start,
      lastEnd: out.at(-1)?.end,
      leaveHome: clock(Math.max(0, Math.floor(leave))),
      backHome: clock(Math.ceil(home)),
    });
  }
  row.driveMinutes = round1(drive);
  return row;
}
