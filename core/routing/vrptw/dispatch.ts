// Agency dispatch: assign a day's visits to clinicians and order each clinician's route (a VRPTW with skills,
// shifts, home starts and continuity of care), on the offline haversine travel estimate. The input format is
// defined in docs/routing.md ("Agency dispatch"). Times are "HH:MM" (minutes since midnight inside).
import { type AreaType, haversineMatrix } from '../travel/haversine.ts';
import type { VrptwObjective, VrptwProblem, VrptwSolution } from './model.ts';
import { checkVrptwRoute } from './model.ts';
import { solveVrptw } from './solve.ts';

export const SKILLS = ['RN', 'PT', 'OT', 'SLP', 'aide'] as const;
export type Skill = (typeof SKILLS)[number];
/** Minutes of driving the search will add to keep a patient with the clinician who saw them last. */
export const DEFAULT_CONTINUITY_MINUTES = 30;

export interface DispatchClinician {
  id: string;
  name?: string;
  skills: Skill[];
  home: { lat: number; lon: number };
  shift: { start: string; end: string };
  /** At most this many visits (default: no limit). */
  maxVisits?: number;
}

export interface DispatchVisit {
  id: string;
  patient?: string;
  lat: number;
  lon: number;
  skill: Skill;
  durationMinutes: number;
  /** Window on the visit's start (default: any time within the clinician's shift). */
  window?: { earliest: string; latest: string };
  /** The clinician who saw the patient last (continuity of care). */
  lastClinician?: string;
}

export interface DispatchInput {
  date?: string;
  /** `drive-time` (default) or `clinicians-then-drive-time` (fewest clinicians, Solomon's convention). */
  objective?: 'drive-time' | 'clinicians-then-drive-time';
  continuityMinutes?: number;
  area?: AreaType;
  clinicians: DispatchClinician[];
  visits: DispatchVisit[];
}

export interface DispatchStop {
  visitId: string;
  patient?: string;
  skill: Skill;
  driveMinutes: number;
  arrive: string;
  start: string;
  leave: string;
  waitMinutes: number;
  /** kept = the clinician who saw the patient last; changed = someone else; new = no previous clinician. */
  continuity: 'kept' | 'changed' | 'new';
}

export interface DispatchRoute {
  clinicianId: string;
  name?: string;
  stops: DispatchStop[];
  driveMinutes: number;
  leaveHome: string;
  backHome: string;
}

export interface DispatchReport {
  date?: string;
  objective: 'drive-time' | 'clinicians-then-drive-time';
  routes: DispatchRoute[];
  unassigned: { visitId: string; reason: string }[];
  totals: {
    driveMinutes: number;
    cliniciansUsed: number;
    visitsAssigned: number;
    continuityKept: number;
    continuityPossible: number;
  };
  feasible: boolean;
  travelSource: string;
  /** `timeLimitReached`: the clock cut the search short (see VrptwSolution['stats']). */
  stats: { ms: number; iterations: number; stoppedBy: string; timeLimitReached: boolean };
}

export class DispatchInputError extends Error {
  override name = 'DispatchInputError';
}

const HHMM = /^(\d{1,2}):(\d{2})$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseClock(value: string): number {
  const m = HHMM.exec(value);
  return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

export function formatDispatchClock(minutes: number): string {
  const m = Math.round(minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Checks a dispatch file and lists every problem (`visits[2].skill must be one of RN, PT, OT, SLP, aide`). */
export function validateDispatchInput(raw: unknown): DispatchInput {
  const errors: string[] = [];
  if (!isObject(raw)) throw new DispatchInputError('the dispatch file must be a JSON object');
  const clock = (v: unknown, where: string) => {
    if (typeof v !== 'string' || Number.isNaN(parseClock(v))) errors.push(`${where} must be a time "HH:MM"`);
  };
  const latLon = (v: Record<string, unknown>, where: string) => {
    if (typeof v.lat !== 'number' || !(v.lat >= -90 && v.lat <= 90))
      errors.push(`${where}.lat must be a number between -90 and 90`);
    if (typeof v.lon !== 'number' || !(v.lon >= -180 && v.lon <= 180))
      errors.push(`${where}.lon must be a number between -180 and 180`);
  };
  const skill = (v: unknown, where: string) => {
    if (!SKILLS.includes(v as Skill)) errors.push(`${where} must be one of ${SKILLS.join(', ')}`);
  };
  if (raw.objective !== undefined && raw.objective !== 'drive-time' && raw.objective !== 'clinicians-then-drive-time')
    errors.push('objective must be "drive-time" or "clinicians-then-drive-time"');
  if (raw.continuityMinutes !== undefined && !(typeof raw.continuityMinutes === 'number' && raw.continuityMinutes >= 0))
    errors.push('continuityMinutes must be a number ≥ 0');
  if (raw.area !== undefined && !['urban', 'suburban', 'rural'].includes(raw.area as string))
    errors.push('area must be urban, suburban or rural');
  const ids = new Set<string>();
  if (!Array.isArray(raw.clinicians) || raw.clinicians.length === 0) errors.push('clinicians must be a non-empty list');
  else
    raw.clinicians.forEach((c: unknown, i) => {
      const where = `clinicians[${i}]`;
      if (!isObject(c)) {
        errors.push(`${where} must be an object`);
        return;
      }
      if (typeof c.id !== 'string' || c.id === '') errors.push(`${where}.id must be a non-empty string`);
      else if (ids.has(c.id)) errors.push(`${where}.id "${c.id}" is used twice`);
      else ids.add(c.id);
      if (!Array.isArray(c.skills) || c.skills.length === 0) errors.push(`${where}.skills must be a non-empty list`);
      else
        c.skills.forEach((s: unknown, k) => {
          skill(s, `${where}.skills[${k}]`);
        });
      if (!isObject(c.home)) errors.push(`${where}.home must be {"lat", "lon"}`);
      else latLon(c.home, `${where}.home`);
      if (!isObject(c.shift)) errors.push(`${where}.shift must be {"start", "end"}`);
      else {
        clock(c.shift.start, `${where}.shift.start`);
        clock(c.shift.end, `${where}.shift.end`);
        if (parseClock(String(c.shift.end)) <= parseClock(String(c.shift.start)))
          errors.push(`${where}.shift must end after it starts`);
      }
      if (c.maxVisits !== undefined && !(Number.isInteger(c.maxVisits) && (c.maxVisits as number) >= 0))
        errors.push(`${where}.maxVisits must be a whole number ≥ 0`);
    });
  const visitIds = new Set<string>();
  if (!Array.isArray(raw.visits)) errors.push('visits must be a list');
  else
    raw.visits.forEach((v: unknown, i) => {
      const where = `visits[${i}]`;
      if (!isObject(v)) {
        errors.push(`${where} must be an object`);
        return;
      }
      if (typeof v.id !== 'string' || v.id === '') errors.push(`${where}.id must be a non-empty string`);
      else if (visitIds.has(v.id)) errors.push(`${where}.id "${v.id}" is used twice`);
      else visitIds.add(v.id);
      latLon(v, where);
      skill(v.skill, `${where}.skill`);
      if (typeof v.durationMinutes !== 'number' || !(v.durationMinutes >= 0))
        errors.push(`${where}.durationMinutes must be a number ≥ 0`);
      if (v.window !== undefined) {
        if (!isObject(v.window)) errors.push(`${where}.window must be {"earliest", "latest"}`);
        else {
          clock(v.window.earliest, `${where}.window.earliest`);
          clock(v.window.latest, `${where}.window.latest`);
          if (parseClock(String(v.window.latest)) < parseClock(String(v.window.earliest)))
            errors.push(`${where}.window closes before it opens`);
        }
      }
      if (v.lastClinician !== undefined && (typeof v.lastClinician !== 'string' || !ids.has(v.lastClinician)))
        errors.push(`${where}.lastClinician must be one of the clinicians' ids`);
    });
  if (errors.length > 0) throw new DispatchInputError(errors.join('\n'));
  return raw as unknown as DispatchInput;
}

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
}

export function dispatch(input: DispatchInput, options: DispatchOptions = {}): DispatchReport {
  const { problem, travelSource } = dispatchProblem(input);
  return reportOf(input, problem, travelSource, solveDispatch(problem, options));
}

function solveDispatch(problem: VrptwProblem, options: DispatchOptions): VrptwSolution {
  return solveVrptw(problem, {
    timeLimitMs: options.timeLimitMs ?? 2000,
    seed: options.seed,
    ...(options.maxIterations === undefined ? {} : { maxIterations: options.maxIterations }),
  });
}

function reportOf(
  input: DispatchInput,
  problem: VrptwProblem,
  travelSource: string,
  solution: VrptwSolution,
): DispatchReport {
  const T = problem.travel;
  let continuityKept = 0;
  const routes: DispatchRoute[] = solution.routes.map((r) => {
    const clinician = input.clinicians[r.vehicle] as DispatchClinician;
    const vehicle = problem.vehicles[r.vehicle] as VrptwProblem['vehicles'][number];
    let time = vehicle.shiftStart;
    let at = vehicle.start;
    const stops = r.customers.map((i) => {
      const v = input.visits[i] as DispatchVisit;
      const c = problem.customers[i] as VrptwProblem['customers'][number];
      const drive = (T[at] as number[])[c.location] as number;
      const arrive = time + drive;
      const start = Math.max(arrive, c.ready);
      time = start + c.service;
      at = c.location;
      const continuity = v.lastClinician === undefined ? 'new' : v.lastClinician === clinician.id ? 'kept' : 'changed';
      if (continuity === 'kept') continuityKept++;
      return {
        visitId: v.id,
        ...(v.patient === undefined ? {} : { patient: v.patient }),
        skill: v.skill,
        driveMinutes: round1(drive),
        arrive: formatDispatchClock(arrive),
        start: formatDispatchClock(start),
        leave: formatDispatchClock(time),
        waitMinutes: round1(start - arrive),
        continuity,
      } as DispatchStop;
    });
    const back = time + ((T[at] as number[])[vehicle.end] as number);
    // Leave home as late as the first visit allows: waiting at the first door becomes time at home.
    const first = stops[0];
    const firstWait = first?.waitMinutes ?? 0;
    if (first) {
      first.arrive = first.start;
      first.waitMinutes = 0;
    }
    return {
      clinicianId: clinician.id,
      ...(clinician.name === undefined ? {} : { name: clinician.name }),
      stops,
      driveMinutes: round1(r.travel),
      leaveHome: formatDispatchClock(vehicle.shiftStart + firstWait),
      backHome: formatDispatchClock(back),
    };
  });
  const unassigned = solution.unassigned.map((i) => ({
    visitId: (input.visits[i] as DispatchVisit).id,
    reason: whyUnassigned(problem, input, i),
  }));
  const feasible =
    unassigned.length === 0 && solution.routes.every((r) => checkVrptwRoute(problem, r.vehicle, r.customers).feasible);
  return {
    ...(input.date === undefined ? {} : { date: input.date }),
    objective: input.objective ?? 'drive-time',
    routes,
    unassigned,
    totals: {
      driveMinutes: round1(solution.travel),
      cliniciansUsed: routes.length,
      visitsAssigned: input.visits.length - unassigned.length,
      continuityKept,
      continuityPossible: input.visits.filter((v) => v.lastClinician !== undefined).length,
    },
    feasible,
    travelSource,
    stats: {
      ms: Math.round(solution.stats.ms),
      iterations: solution.stats.iterations,
      stoppedBy: solution.stats.stoppedBy,
      timeLimitReached: solution.stats.timeLimitReached,
    },
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

function whyUnassigned(problem: VrptwProblem, input: DispatchInput, i: number): string {
  const v = input.visits[i] as DispatchVisit;
  const allowed = problem.customers[i]?.allowed ?? [];
  if (allowed.length === 0) return `no clinician has the skill ${v.skill}`;
  const alone = allowed.filter((k) => checkVrptwRoute(problem, k, [i]).feasible);
  if (alone.length === 0)
    return `no ${v.skill} clinician can reach it inside its window and be home by the end of the shift`;
  return `every ${v.skill} clinician who could reach it in time has a full day (windows, shift or maxVisits)`;
}

export function formatDispatchReport(report: DispatchReport): string {
  const lines: string[] = [];
  for (const r of report.routes) {
    lines.push(
      `${r.name ?? r.clinicianId}: ${r.stops.length} visits, ${r.driveMinutes} min driving, leaves home ${r.leaveHome}, back ${r.backHome}`,
    );
    for (const s of r.stops)
      lines.push(
        `  ${s.start}–${s.leave}  ${s.visitId}${s.patient ? ` (${s.patient})` : ''} ${s.skill}  drive ${s.driveMinutes} min${s.waitMinutes > 0 ? `, wait ${s.waitMinutes}` : ''}${s.continuity === 'changed' ? ', new clinician for this patient' : ''}`,
      );
  }
  const t = report.totals;
  lines.push(
    `Total: ${t.driveMinutes} min driving, ${t.cliniciansUsed} clinicians, ${t.visitsAssigned} visits assigned; continuity kept ${t.continuityKept} of ${t.continuityPossible}`,
  );
  for (const u of report.unassigned) lines.push(`! ${u.visitId} not assigned: ${u.reason}`);
  lines.push(`Travel times: ${report.travelSource}`);
  return lines.join('\n');
}

// ---- A booked day against the plan (`homerounds dispatch --date`) ----
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
