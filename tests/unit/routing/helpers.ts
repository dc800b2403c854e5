// Shared generators for the routing tests: seeded random clinician days and a brute-force reference.
import { evaluateRoute } from '../../../core/routing/evaluate.ts';
import type { Problem, RouteEvaluation, Visit } from '../../../core/routing/model.ts';
import { createRng } from '../../../core/routing/rng.ts';

export interface RandomDayOptions {
  visits: number;
  seed: number;
  windows?: boolean;
  /** Narrow windows make infeasible days likely. */
  tight?: boolean;
  asymmetric?: boolean;
  /** Visits of 15–30 min instead of 20–60 (long days). */
  shortVisits?: boolean;
  /** End of working hours, minutes since midnight (default 18:00; the day starts at 08:00). */
  shiftEnd?: number;
}

/** Location 0 = home; travel = 2.4 min per km of Euclidean distance (rounded to 0.1 min), optionally skewed. */
export function randomDay(o: RandomDayOptions): Problem {
  const rng = createRng(o.seed);
  const pts = Array.from({ length: o.visits + 1 }, () => [rng() * 20, rng() * 20] as const);
  const minutes = pts.map((a, i) =>
    pts.map((b, j) => {
      if (i === j) return 0;
      const base = Math.hypot(a[0] - b[0], a[1] - b[1]) * 2.4;
      const skew = o.asymmetric ? 1 + rng() * 0.4 : 1;
      return Math.round(base * skew * 10) / 10;
    }),
  );
  const visits: Visit[] = pts.slice(1).map((_, k) => {
    const v: Visit = {
      id: `v${k + 1}`,
      location: k + 1,
      durationMinutes: o.shortVisits ? 15 + Math.floor(rng() * 16) : 20 + Math.floor(rng() * 40),
    };
    if (o.windows && rng() < 0.7) {
      const earliest = 480 + Math.floor(rng() * (o.tight ? 240 : 360));
      const width = o.tight ? 10 + Math.floor(rng() * 30) : 60 + Math.floor(rng() * 180);
      v.window = { earliest, latest: earliest + width };
    }
    return v;
  });
  return {
    matrix: { minutes },
    vehicles: [{ id: 'c1', startLocation: 0, endLocation: 0, shift: { start: 480, end: o.shiftEnd ?? 1080 } }],
    visits,
  };
}

function* permutations<T>(items: T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield [...items];
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const p of permutations(rest)) yield [items[i] as T, ...p];
  }
}

/** Best feasible order by (travel, finish), or null when no order is feasible. */
export function bruteForce(problem: Problem): RouteEvaluation | null {
  let best: RouteEvaluation | null = null;
  for (const order of permutations(problem.visits.map((v) => v.id))) {
    const r = evaluateRoute(problem, order);
    if (!r.feasible) continue;
    if (
      !best ||
      r.totalTravelMinutes < best.totalTravelMinutes - 1e-9 ||
      (r.totalTravelMinutes <= best.totalTravelMinutes + 1e-9 && r.finish < best.finish - 1e-9)
    ) {
      best = r;
    }
  }
  return best;
}
