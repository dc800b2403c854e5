// Segment-local double bridge: three cut points next to a random node v and two of its near neighbours, and
// the two runs between them swapped (… v | A | B | … → … v | B | A | …). The cuts are close in the plane, so
// LK repairs a kick with a few local moves (about 10 000 kicks a second at 450 nodes).
import { type Rng, randomInt } from '../rng.ts';
import type { ArrayTour } from './tour.ts';

/** Cut points are drawn among this many nearest neighbours of the random node. */
const KICK_NEIGHBOURS = 8;
/**
 * A quarter of the kicks cut at random positions instead (a classic double bridge with long runs): local kicks
 * alone leave clustered instances (pr152) stuck in the wrong order of the clusters.
 */
const FAR_SHARE = 0.25;

/**
 * Applies a kick, wakes the six nodes whose edges changed and returns the change in tour cost (fixed edges, weight
 * < 0, are never cut); 0 if no kick fits.
 */
export function segmentDoubleBridge(
  tour: ArrayTour,
  dist: Float64Array,
  neigh: readonly Int32Array[],
  rng: Rng,
  scratch: Int32Array,
  wake: (v: number) => void,
): number {
  const size = tour.size;
  const { order, pos } = tour;
  const far = rng() < FAR_SHARE;
  for (let attempt = 0; attempt < 10; attempt++) {
    const v = randomInt(rng, size);
    const list = neigh[v] as Int32Array;
    const m = Math.min(KICK_NEIGHBOURS, list.length);
    if (m < 2) return 0;
    const a = list[randomInt(rng, m)] as number;
    let b = list[randomInt(rng, m - 1)] as number;
    if (b === a) b = list[m - 1] as number;
    const p0 = pos[v] as number;
    let o1 = (pos[a] as number) - p0;
    if (o1 < 0) o1 += size;
    let o2 = (pos[b] as number) - p0;
    if (o2 < 0) o2 += size;
    if (far) {
      o1 = 1 + randomInt(rng, size - 2);
      o2 = 1 + randomInt(rng, size - 2);
    }
    if (o1 > o2) [o1, o2] = [o2, o1];
    if (o1 === 0 || o2 === o1) continue;
    const p1 = (p0 + o1) % size;
    const p2 = (p0 + o2) % size;
    const x0 = order[p0] as number;
    const x1 = order[p1] as number;
    const x2 = order[p2] as number;
    const y0 = order[(p0 + 1) % size] as number;
    const y1 = order[(p1 + 1) % size] as number;
    const y2 = order[(p2 + 1) % size] as number;
    const removed =
      (dist[x0 * size + y0] as number) + (dist[x1 * size + y1] as number) + (dist[x2 * size + y2] as number);
    if (!(removed >= 0)) continue; // a fixed edge among the cuts
    // Runs A = y0…x1 and B = y1…x2 swapped: x0–y1, x2–y0, x1–y2.
    const added =
      (dist[x0 * size + y1] as number) + (dist[x2 * size + y0] as number) + (dist[x1 * size + y2] as number);
    tour.swapRuns((p0 + 1) % size, o1, o2 - o1, scratch);
    wake(x0);
    wake(y0);
    wake(x1);
    wake(y1);
    wake(x2);
    wake(y2);
    return added - removed;
  }
  return 0;
}
