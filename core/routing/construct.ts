// Construction heuristics for the starting route: deadline order, nearest feasible neighbour, and cheapest
// insertion. The search starts from the best of them (by penalty, then travel, then finish).
import { better, type Compiled, type Score, scoreOrder } from './compile.ts';

function byDeadline(c: Compiled): number[] {
  const order = Array.from({ length: c.n }, (_, i) => i);
  const key = (i: number) => Math.min(c.latest[i] as number, 1e15);
  return order.sort((a, b) => key(a) - key(b) || (c.earliest[a] as number) - (c.earliest[b] as number) || a - b);
}

function nearestNeighbour(c: Compiled): number[] {
  const size = c.n + 2;
  const left = new Set(Array.from({ length: c.n }, (_, i) => i));
  const order: number[] = [];
  let prev = c.start;
  let time = c.shiftStart;
  while (left.size > 0) {
    // Prefer visits reachable on time; among them the closest (ties: the earlier deadline).
    let pick = -1;
    let pickKey = Number.POSITIVE_INFINITY;
    for (const j of left) {
      const t = c.travel[prev * size + j] as number;
      const late = Math.max(0, time + t - (c.latest[j] as number));
      const k = late * 1e6 + t;
      if (k < pickKey) {
        pickKey = k;
        pick = j;
      }
    }
    if (pick < 0) pick = left.values().next().value as number;
    left.delete(pick);
    order.push(pick);
    const t = c.travel[prev * size + pick] as number;
    time = Math.max(time + (Number.isFinite(t) ? t : 0), c.earliest[pick] as number) + (c.service[pick] as number);
    prev = pick;
  }
  return order;
}

/** O(n³): null when the deadline passes first (the other constructions are O(n²) and always finish). */
function cheapestInsertion(c: Compiled, seedOrder: number[], deadline: number): number[] | null {
  const order: number[] = [];
  for (const j of seedOrder) {
    if (performance.now() > deadline) return null;
    let bestPos = 0;
    let best: Score | null = null;
    for (let p = 0; p <= order.length; p++) {
      order.splice(p, 0, j);
      const s = scoreOrder(c, order);
      order.splice(p, 1);
      if (!best || better(s, best)) {
        best = s;
        bestPos = p;
      }
    }
    order.splice(bestPos, 0, j);
  }
  return order;
}

export function constructRoutes(c: Compiled, deadline = Number.POSITIVE_INFINITY): number[][] {
  const edd = byDeadline(c);
  const routes = [edd, nearestNeighbour(c)];
  const inserted = c.n <= 200 ? cheapestInsertion(c, edd, deadline) : null;
  if (inserted) routes.push(inserted);
  return routes;
}

/** `deadline` (performance.now()) keeps construction inside the caller's time limit. */
export function bestConstruction(
  c: Compiled,
  extra: number[][] = [],
  deadline = Number.POSITIVE_INFINITY,
): { order: number[]; score: Score } {
  let best: { order: number[]; score: Score } | null = null;
  for (const order of [...extra, ...constructRoutes(c, deadline)]) {
    const score = scoreOrder(c, order);
    if (!best || better(score, best.score)) best = { order, score };
  }
  return best ?? { order: [], score: scoreOrder(c, []) };
}
