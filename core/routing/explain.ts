// Root causes of infeasibility that do not depend on the order: a visit that is late even when it is the
// first stop, cannot be reached at all, or cannot fit inside working hours even as the only visit.
import { round1 } from './evaluate.ts';
import { formatClock, type Problem, type Violation } from './model.ts';

export function explainUnservable(problem: Problem, vehicleIndex = 0): Violation[] {
  const vehicle = problem.vehicles[vehicleIndex];
  if (!vehicle) return [];
  const out: Violation[] = [];
  for (const v of problem.visits) {
    const name = v.label ?? v.id;
    const there = problem.matrix.minutes[vehicle.startLocation]?.[v.location] ?? null;
    const back = problem.matrix.minutes[v.location]?.[vehicle.endLocation] ?? null;
    if (there === null || back === null) {
      out.push({
        visitId: v.id,
        reason: 'unreachable',
        lateByMinutes: 0,
        message: `${name}: no route ${there === null ? 'from the start location' : 'to the end location'} in the travel-time matrix`,
      });
      continue;
    }
    const arrival = vehicle.shift.start + there;
    if (v.window && arrival > v.window.latest + 1e-9) {
      const late = arrival - v.window.latest;
      out.push({
        visitId: v.id,
        reason: 'window',
        lateByMinutes: late,
        message: `${name}: even as the first visit the earliest arrival is ${formatClock(arrival)}, ${round1(late)} min after the latest start ${formatClock(v.window.latest)}`,
      });
      continue;
    }
    const finish = Math.max(arrival, v.window?.earliest ?? arrival) + v.durationMinutes + back;
    if (finish > vehicle.shift.end + 1e-9) {
      const over = finish - vehicle.shift.end;
      out.push({
        visitId: v.id,
        reason: 'working-hours',
        lateByMinutes: over,
        message: `${name}: does not fit in working hours even alone (back at ${formatClock(finish)}, ${round1(over)} min after ${formatClock(vehicle.shift.end)})`,
      });
    }
  }
  return out;
}
