// Calendar order vs optimised order: total travel before/after and one human line per moved visit.
// The moved visits are those outside a longest run kept in the same relative order; moves are applied one
// at a time in optimised order, so each line's saving is its marginal effect and the lines add up to the total.
import { evaluateRoute, round1 } from './evaluate.ts';
import { formatClock, type Problem, type RouteEvaluation, type SolveOptions } from './model.ts';
import { solveRoute } from './solve.ts';

export interface RouteChange {
  visitId: string;
  /** Visit placed right after in the optimised order (null: moved to the end). */
  beforeVisitId: string | null;
  savedMinutes: number;
  line: string;
}

export interface RouteComparison {
  calendar: RouteEvaluation;
  optimized: RouteEvaluation;
  travelBeforeMinutes: number;
  travelAfterMinutes: number;
  savedMinutes: number;
  /** Saving as a percentage of the calendar order's travel (0 when that is 0). */
  savedPercent: number;
  provedOptimal: boolean;
  /** Why the optimum is not proven, when the exact search was tried and stopped (e.g. its memory cap). */
  proofNote?: string;
  changes: RouteChange[];
}

export function compareWithCalendarOrder(
  problem: Problem,
  calendarOrder: readonly string[],
  optimizedOrder?: readonly string[],
  options: SolveOptions = {},
): RouteComparison {
  const calendar = evaluateRoute(problem, calendarOrder);
  let provedOptimal = false;
  let proofNote: string | undefined;
  let target = optimizedOrder ? [...optimizedOrder] : null;
  if (!target) {
    const solution = solveRoute(problem, { ...options, initialOrder: [...calendarOrder] });
    provedOptimal = solution.provedOptimal;
    const exact = solution.stats.exact;
    // Budgets stop a proof (memory, labels, work, the caller's limit); say which, never claim the optimum.
    const budgets = ['memory', 'labels', 'work', 'time'];
    if (!provedOptimal && exact?.status === 'aborted' && exact.reason && budgets.includes(exact.stop ?? ''))
      proofNote = `Not proven optimal: ${exact.reason}.`;
    target = solution.routes[0]?.order ?? [...calendarOrder];
  }
  let optimized = evaluateRoute(problem, target);
  // Keep the clinician's own order when it is just as good (same travel and finish): no churn for nothing.
  if (
    !optimizedOrder &&
    calendar.feasible &&
    calendar.totalTravelMinutes <= optimized.totalTravelMinutes + 1e-9 &&
    calendar.finish <= optimized.finish + 1e-9
  ) {
    target = [...calendarOrder];
    optimized = calendar;
  }
  // No feasible order: the answer is the least-late order found, so the calendar's own order stays when it
  // is no later in all (a reordering that is as late is churn, and its "saving" would mean nothing).
  if (
    !optimizedOrder &&
    !optimized.feasible &&
    !calendar.feasible &&
    lateness(calendar) <= lateness(optimized) + 1e-9
  ) {
    target = [...calendarOrder];
    optimized = calendar;
  }
  const labels = new Map(problem.visits.map((v) => [v.id, v.label ?? v.id]));
  const visits = new Map(problem.visits.map((v) => [v.id, v]));

  const kept = new Set(longestKeptRun(calendarOrder, target));
  const changes: RouteChange[] = [];
  let current = [...calendarOrder];
  let currentTravel = calendar.totalTravelMinutes;
  target.forEach((id, pos) => {
    if (kept.has(id)) return;
    const prev = pos > 0 ? (target[pos - 1] as string) : null;
    const next = target[pos + 1] ?? null;
    const moved = current.filter((x) => x !== id);
    moved.splice(prev === null ? 0 : moved.indexOf(prev) + 1, 0, id);
    const evaluation = evaluateRoute(problem, moved);
    const saved = currentTravel - evaluation.totalTravelMinutes;
    current = moved;
    currentTravel = evaluation.totalTravelMinutes;
    const name = labels.get(id) ?? id;
    const where = next === null ? 'to the end of the day' : `before ${labels.get(next) ?? next}`;
    // With no feasible order there is no saving to claim, only a least-late order.
    const effect = !optimized.feasible
      ? 'part of the least-late order (no order keeps every window, so no saving is claimed)'
      : Math.abs(saved) < 0.05
        ? 'same driving'
        : saved > 0
          ? `saves ${round1(saved)} min of driving`
          : `adds ${round1(-saved)} min of driving (needed for the rest of the new order)`;
    const visit = visits.get(id);
    const stop = optimized.stops.find((s) => s.visitId === id);
    let windowNote = '';
    if (visit?.window && stop) {
      const w = `${formatClock(visit.window.earliest)}–${formatClock(visit.window.latest)}`;
      windowNote =
        stop.lateBy > 1e-9
          ? `; window ${w} missed by ${round1(stop.lateBy)} min`
          : `; window ${w} still met (starts ${formatClock(stop.start)})`;
    }
    changes.push({
      visitId: id,
      beforeVisitId: next,
      savedMinutes: saved,
      line: `Moved ${name} ${where}: ${effect}${windowNote}`,
    });
  });

  const before = calendar.totalTravelMinutes;
  const after = optimized.totalTravelMinutes;
  return {
    calendar,
    optimized,
    travelBeforeMinutes: before,
    travelAfterMinutes: after,
    savedMinutes: before - after,
    savedPercent: before > 0 ? (100 * (before - after)) / before : 0,
    provedOptimal,
    ...(proofNote ? { proofNote } : {}),
    changes,
  };
}

/** Minutes late in all: missed windows plus a late return (unreachable legs count as 0 here). */
function lateness(route: RouteEvaluation): number {
  return route.violations.reduce((sum, v) => sum + v.lateByMinutes, 0);
}

/** Visits of `target` forming a longest subsequence that is also in calendar order (they need no move). */
function longestKeptRun(calendar: readonly string[], target: readonly string[]): string[] {
  const rank = new Map(calendar.map((id, i) => [id, i]));
  const seq = target.map((id) => rank.get(id) ?? -1);
  const n = seq.length;
  const len = new Array<number>(n).fill(1);
  const prev = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      if ((seq[j] as number) < (seq[i] as number) && (len[j] as number) + 1 > (len[i] as number)) {
        len[i] = (len[j] as number) + 1;
        prev[i] = j;
      }
    }
  }
  let end = -1;
  for (let i = 0; i < n; i++) if (end < 0 || (len[i] as number) > (len[end] as number)) end = i;
  const out: string[] = [];
  for (let i = end; i >= 0; i = prev[i] as number) out.push(target[i] as string);
  return out;
}
