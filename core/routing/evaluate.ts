// Recomputes a route's schedule and cost straight from the Problem, independently of the solvers' internal
// arrays, so tests and callers can check every answer (order, times, legs, totals, violations).
import {
  formatClock,
  type Leg,
  type Problem,
  type RouteEvaluation,
  RoutingModelError,
  type Stop,
  type Violation,
} from './model.ts';

export function evaluateRoute(problem: Problem, order: readonly string[], vehicleIndex = 0): RouteEvaluation {
  const vehicle = problem.vehicles[vehicleIndex];
  if (!vehicle) throw new RoutingModelError(`no vehicle at index ${vehicleIndex}`);
  const byId = new Map(problem.visits.map((v) => [v.id, v]));
  const seen = new Set<string>();
  const stops: Stop[] = [];
  const legs: Leg[] = [];
  const violations: Violation[] = [];
  let fromId = 'start';
  let fromLoc = vehicle.startLocation;
  let time = vehicle.shift.start;
  let travel = 0;
  let wait = 0;
  let service = 0;

  const leg = (toId: string, toLoc: number): number | null => {
    const minutes = problem.matrix.minutes[fromLoc]?.[toLoc] ?? null;
    legs.push({ from: fromId, to: toId, fromLocation: fromLoc, toLocation: toLoc, minutes });
    if (minutes === null) {
      violations.push({
        visitId: toId === 'end' ? null : toId,
        reason: 'unreachable',
        lateByMinutes: 0,
        message: `no route from ${fromId} to ${toId} in the travel-time matrix`,
      });
      return null;
    }
    travel += minutes;
    return minutes;
  };

  for (const id of order) {
    const visit = byId.get(id);
    if (!visit) throw new RoutingModelError(`order names unknown visit "${id}"`);
    if (seen.has(id)) throw new RoutingModelError(`order names visit "${id}" twice`);
    seen.add(id);
    // An unreachable leg contributes no time: the schedule continues as if it took 0 minutes, flagged above.
    const minutes = leg(id, visit.location) ?? 0;
    const arrival = time + minutes;
    const start = Math.max(arrival, visit.window?.earliest ?? arrival);
    const lateBy = visit.window ? Math.max(0, start - visit.window.latest) : 0;
    if (lateBy > 1e-9) {
      const w = visit.window;
      violations.push({
        visitId: id,
        reason: 'window',
        lateByMinutes: lateBy,
        message: `${visit.label ?? id}: arrives ${formatClock(arrival)}, ${round1(lateBy)} min after the latest start ${formatClock(w?.latest ?? 0)}`,
      });
    }
    const departure = start + visit.durationMinutes;
    stops.push({ visitId: id, arrival, wait: start - arrival, start, departure, lateBy });
    wait += start - arrival;
    service += visit.durationMinutes;
    time = departure;
    fromId = id;
    fromLoc = visit.location;
  }
  const missing = problem.visits.filter((v) => !seen.has(v.id)).map((v) => v.id);
  if (missing.length > 0) throw new RoutingModelError(`order is missing visits: ${missing.join(', ')}`);

  const finish = time + (leg('end', vehicle.endLocation) ?? 0);
  if (finish > vehicle.shift.end + 1e-9) {
    violations.push({
      visitId: null,
      reason: 'working-hours',
      lateByMinutes: finish - vehicle.shift.end,
      message: `back at ${formatClock(finish)}, ${round1(finish - vehicle.shift.end)} min after working hours end (${formatClock(vehicle.shift.end)})`,
    });
  }
  // Leaving δ later delays stop k by max(0, δ − waits so far); that must fit in each window's slack and be
  // absorbed by the last stop so the finish does not move.
  let waited = 0;
  let delay = Number.POSITIVE_INFINITY;
  for (const stop of stops) {
    waited += stop.wait;
    const latest = byId.get(stop.visitId)?.window?.latest ?? Number.POSITIVE_INFINITY;
    delay = Math.min(delay, waited + Math.max(0, latest - stop.start));
  }
  delay = Math.max(0, Math.min(delay, waited));
  return {
    vehicleId: vehicle.id,
    order: [...order],
    departStart: vehicle.shift.start,
    latestDepartStart: vehicle.shift.start + (violations.length === 0 ? delay : 0),
    stops,
    legs,
    finish,
    totalTravelMinutes: travel,
    totalWaitMinutes: wait,
    totalServiceMinutes: service,
    feasible: violations.length === 0,
    violations,
  };
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
