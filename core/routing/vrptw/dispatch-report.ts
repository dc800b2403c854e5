// Agency dispatch: a day's visits assigned to clinicians and each route ordered, reported stop by stop and as text.
import {
  type DispatchClinician,
  type DispatchInput,
  type DispatchVisit,
  formatDispatchClock,
  type Skill,
} from './dispatch-input.ts';
import { type DispatchOptions, dispatchProblem, solveDispatch, whyUnassigned } from './dispatch-problem.ts';
import type { VrptwProblem, VrptwSolution } from './model.ts';
import { checkVrptwRoute } from './model.ts';

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

export function dispatch(input: DispatchInput, options: DispatchOptions = {}): DispatchReport {
  const { problem, travelSource } = dispatchProblem(input);
  return reportOf(input, problem, travelSource, solveDispatch(problem, options));
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

/** Minutes to one decimal, as the reports show them. */
export const round1 = (x: number) => Math.round(x * 10) / 10;

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
