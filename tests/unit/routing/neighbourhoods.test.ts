// The VRPTW neighbourhoods (vrptw/neighbourhoods.ts): the same lists as the full sorts they replace, in memory
// linear in the customers.
import { describe, expect, it } from 'vitest';
import { parseSolomon } from '../../../core/routing/instances/solomon.ts';
import type { VrptwProblem } from '../../../core/routing/vrptw/model.ts';
import { buildNeighbourhoods, NEIGHBOURS, RELATED_CAP } from '../../../core/routing/vrptw/neighbourhoods.ts';
import { solomonProblem } from '../../../core/routing/vrptw/solomon.ts';
import { vrptwInstanceText } from '../../support/routing/vrptw-instances.ts';

const problemOf = (klass: 'R1' | 'RC2' | 'C1', n: number) =>
  solomonProblem(parseSolomon(vrptwInstanceText({ klass, n, seed: 2 })));

/** The set-up solve.ts had before (every list a full stable sort of the n − 1 others). */
function fullSorts(problem: VrptwProblem, k: number) {
  const T = problem.travel;
  const C = problem.customers;
  const n = C.length;
  let maxLeg = 0;
  for (const row of T) for (const x of row) if (Number.isFinite(x) && x > maxLeg) maxLeg = x;
  const proximity = (i: number, j: number) => {
    const a = C[i] as (typeof C)[number];
    const b = C[j] as (typeof C)[number];
    const t = T[a.location]?.[b.location] as number;
    return t + 0.2 * Math.max(b.ready - a.due - a.service - t, 0) + Math.max(a.ready + a.service + t - b.due, 0);
  };
  const all = Array.from({ length: n }, (_, i) => i);
  const byProximity = all.map((i) =>
    all
      .filter((j) => j !== i)
      .map((j) => [Math.min(proximity(i, j), proximity(j, i)), j] as const)
      .sort((a, b) => a[0] - b[0])
      .map(([, j]) => j),
  );
  const near = all.map(() => new Set<number>());
  for (let i = 0; i < n; i++)
    for (const j of (byProximity[i] as number[]).slice(0, 2 * k)) {
      near[i]?.add(j);
      near[j]?.add(i);
    }
  let horizon = 1;
  for (const v of problem.vehicles) horizon = Math.max(horizon, v.shiftEnd - v.shiftStart);
  const related = all.map((i) =>
    all
      .filter((j) => j !== i)
      .map((j) => {
        const a = C[i] as (typeof C)[number];
        const b = C[j] as (typeof C)[number];
        const d = T[a.location]?.[b.location] as number;
        return [(Number.isFinite(d) ? d : 1e9) / (maxLeg || 1) + Math.abs(a.ready - b.ready) / horizon, j] as const;
      })
      .sort((a, b) => a[0] - b[0])
      .map(([, j]) => j),
  );
  return { neighbours: byProximity.map((l) => l.slice(0, k)), near, related };
}

describe('VRPTW neighbourhoods', () => {
  for (const klass of ['R1', 'RC2', 'C1'] as const)
    it(`${klass}, 80 customers: the first k of the full sorts, ties to the lower index`, () => {
      const problem = problemOf(klass, 80);
      const ref = fullSorts(problem, NEIGHBOURS);
      const got = buildNeighbourhoods(problem);
      expect(got.neighbours).toEqual(ref.neighbours);
      expect(got.near.lists.map((l) => [...l])).toEqual(ref.near.map((s) => [...s].sort((a, b) => a - b)));
      // Fewer customers than the cap: the whole list.
      expect(got.related).toEqual(ref.related);
      const capped = buildNeighbourhoods(problem, { relatedCap: 12 });
      expect(capped.related).toEqual(ref.related.map((l) => l.slice(0, 12)));
    });

  it('answers membership of the near sets both ways', () => {
    const { near } = buildNeighbourhoods(problemOf('R1', 50));
    for (let i = 0; i < 50; i++)
      for (let j = 0; j < 50; j++) expect(near.has(i, j)).toBe(near.lists[j]?.includes(i) ?? false);
  });

  it('1,000 customers: k entries per customer, nothing of size n²', () => {
    const n = 1000;
    const { neighbours, near, related } = buildNeighbourhoods(problemOf('R1', n));
    expect(neighbours).toHaveLength(n);
    expect(related).toHaveLength(n);
    expect(near.lists).toHaveLength(n);
    for (let i = 0; i < n; i++) {
      expect(neighbours[i]).toHaveLength(NEIGHBOURS);
      expect(related[i]).toHaveLength(RELATED_CAP);
      expect(neighbours[i]).not.toContain(i);
    }
    // Each customer's 2k closest, made symmetric: 2k per customer on the whole, whatever n is.
    const nearEntries = near.lists.reduce((sum, l) => sum + l.length, 0);
    expect(nearEntries).toBeLessThanOrEqual(2 * 2 * NEIGHBOURS * n);
    expect(nearEntries).toBeGreaterThanOrEqual(2 * NEIGHBOURS * n);
  });

  it('one customer: empty lists', () => {
    const one = buildNeighbourhoods(problemOf('C1', 1));
    expect(one.neighbours).toEqual([[]]);
    expect(one.related).toEqual([[]]);
    expect([...(one.near.lists[0] ?? [])]).toEqual([]);
  });
});
