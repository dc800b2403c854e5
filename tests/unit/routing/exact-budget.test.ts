// The exact DP is budgeted in labels (and a memory cap), not in a share of the wall clock: whether a day is
// proved does not depend on the time limit or the machine's load, and a budget that runs out says why and
// never claims a proof.
import { describe, expect, it } from 'vitest';
import { DEFAULT_EXACT_MEMORY_MB, LABEL_BYTES } from '../../../core/routing/exact-dp.ts';
import { solveRoute } from '../../../core/routing/solve.ts';
import { bruteForce, randomDay } from './helpers.ts';

describe('exact DP budget', () => {
  it('proves the same windowed 30-visit day with the same labels whatever the time limit', { timeout: 120_000 }, () => {
    // 30 windowed visits: above the always-exact size, so the DP runs only because windows make it tractable.
    const day = randomDay({ visits: 30, seed: 3, windows: true, shortVisits: true, shiftEnd: 1500 });
    const runs = [20_000, 100_000].map((timeLimitMs) => solveRoute(day, { timeLimitMs, seed: 1 }));
    const [a, b] = runs;
    if (!a || !b) throw new Error('no runs');
    expect(a.stats.exact?.status).toBe(b.stats.exact?.status);
    expect(a.stats.labels).toBe(b.stats.labels);
    expect(a.provedOptimal).toBe(b.provedOptimal);
    expect(a.routes[0]?.order).toEqual(b.routes[0]?.order);
  });

  it('stops at the memory cap with a clear reason and no claim of optimality', () => {
    const day = randomDay({ visits: 15, seed: 4, windows: false, shiftEnd: 1800 });
    const mb = 0.3; // 1000 labels: far fewer than 15 visits without windows need
    const s = solveRoute(day, { maxExactMemoryMb: mb, maxIterations: 20, timeLimitMs: 60_000 });
    expect(s.stats.exact?.status).toBe('aborted');
    expect(s.stats.exact?.reason).toBe(
      `memory cap of ${mb} MB reached (${Math.floor((mb * 1e6) / LABEL_BYTES)} labels at ~${LABEL_BYTES} bytes each)`,
    );
    expect(s.provedOptimal).toBe(false);
    expect(s.method).toBe('iterated-local-search');
    expect(s.feasible).toBe(true);
  });

  it('stops at the label budget with a clear reason', () => {
    const day = randomDay({ visits: 15, seed: 5, windows: false, shiftEnd: 1800 });
    const s = solveRoute(day, { maxLabels: 5000, maxIterations: 20, timeLimitMs: 60_000 });
    expect(s.stats.exact).toEqual({ status: 'aborted', reason: 'label budget 5000 exceeded' });
    expect(s.provedOptimal).toBe(false);
  });

  it('the default memory cap matches the default label budget', () => {
    expect(Math.floor((DEFAULT_EXACT_MEMORY_MB * 1e6) / LABEL_BYTES)).toBeGreaterThanOrEqual(2_000_000);
  });

  it.each([41, 42, 43, 44, 45, 46])('a proof is never wrong: matches brute force (8 visits, seed %i)', (seed) => {
    const day = randomDay({ visits: 8, seed, windows: true, tight: seed % 2 === 0 });
    const s = solveRoute(day, { timeLimitMs: 60_000 });
    const ref = bruteForce(day);
    expect(s.provedOptimal).toBe(true);
    expect(s.feasible).toBe(ref !== null);
    if (ref) expect(s.totalTravelMinutes).toBeCloseTo(ref.totalTravelMinutes, 9);
  });
});
