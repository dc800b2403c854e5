// The exact DP is budgeted in labels, work and a memory cap, not in a share of the wall clock: whether a day
// is proved does not depend on the time limit or the machine's load, and a budget that runs out says why and
// never claims a proof. Every run here is decided by those budgets (the time limit is a backstop it never
// reaches), so the same budgets give the same proof twice, on a quiet or a loaded machine.
import { describe, expect, it } from 'vitest';
import { compile } from '../../../core/routing/compile.ts';
import {
  DEFAULT_EXACT_MAX_LABELS,
  DEFAULT_EXACT_MEMORY_MB,
  LABEL_BYTES,
  STATE_BYTES,
  solveExact,
} from '../../../core/routing/exact-dp.ts';
import type { Solution } from '../../../core/routing/model.ts';
import { solveRoute } from '../../../core/routing/solve.ts';
import { BACKSTOP_MS, exactWorkOf, expectBudgeted } from '../../support/routing/budget.ts';
import { clinicianDay } from '../../support/routing/clinician-day.ts';
import { bruteForce, randomDay } from './helpers.ts';

/** Search rounds after a DP that gave up (and the warm-up's 10): every run here ends by its budgets. */
const budget = { timeLimitMs: BACKSTOP_MS, maxIterations: 50 };

/** What decides a proof: the same on a quiet and on a busy machine. */
function outcome(s: Solution) {
  return {
    proved: s.provedOptimal,
    labels: s.stats.labels,
    work: s.stats.exact?.work,
    status: s.stats.exact?.status,
    travel: s.totalTravelMinutes,
  };
}

describe('exact DP budget', () => {
  it('proves the same windowed 30-visit day with the same labels whatever the time limit', () => {
    // 30 windowed visits: above the always-exact size, so the DP runs only because windows make it tractable,
    // with the work budget a 3 s limit gives it (75 M steps; this day needs ~10 M). Two time limits that never
    // bind: the proof, its labels and its work are the budget's, not the clock's.
    const day = clinicianDay(30, 3, true);
    const [a, b] = [BACKSTOP_MS, 2 * BACKSTOP_MS].map((timeLimitMs) =>
      solveRoute(day, { ...budget, timeLimitMs, maxExactWork: exactWorkOf(3000), seed: 1 }),
    );
    if (!a || !b) throw new Error('no runs');
    expectBudgeted(a);
    expectBudgeted(b);
    expect(a.provedOptimal).toBe(true);
    expect(outcome(a)).toEqual(outcome(b));
    expect(a.routes[0]?.order).toEqual(b.routes[0]?.order);
    // A work budget below what the proof needs gives up, the same way every time.
    const short = [1, 2].map(() => solveRoute(day, { ...budget, maxExactWork: 1_000_000, seed: 1 }));
    expect(short[0]?.stats.exact).toMatchObject({ status: 'aborted', stop: 'work' });
    expect(outcome(short[0] as Solution)).toEqual(outcome(short[1] as Solution));
  });

  it('stops at the memory cap with a clear reason and no claim of optimality', () => {
    // 16 windowed visits need ~4,500 labels here; 50 kB holds a couple of hundred.
    const day = clinicianDay(16, 2, true);
    const mb = 0.05;
    const s = solveRoute(day, { ...budget, maxExactMemoryMb: mb });
    expectBudgeted(s);
    expect(s.stats.exact?.status).toBe('aborted');
    expect(s.stats.exact?.stop).toBe('memory');
    const labels = s.stats.labels ?? 0;
    expect(s.stats.exact?.reason).toMatch(
      new RegExp(
        `^memory cap of ${mb} MB reached \\(${labels} labels and \\d+ states at ~${LABEL_BYTES} and ~${STATE_BYTES} bytes each\\)$`,
      ),
    );
    expect(labels * LABEL_BYTES).toBeLessThan(mb * 1e6 + 4096 * LABEL_BYTES);
    expect(s.provedOptimal).toBe(false);
    expect(s.method).toBe('iterated-local-search');
    expect(s.feasible).toBe(true);
  });

  it('stops at the label budget and at the work budget with a clear reason', () => {
    const day = clinicianDay(16, 2, true);
    const byLabels = solveRoute(day, { ...budget, maxLabels: 500 });
    expect(byLabels.stats.exact).toMatchObject({
      status: 'aborted',
      stop: 'labels',
      reason: 'label budget 500 exceeded',
    });
    expect(byLabels.provedOptimal).toBe(false);
    const byWork = solveRoute(day, { ...budget, maxExactWork: 100_000 });
    expect(byWork.stats.exact).toMatchObject({
      status: 'aborted',
      stop: 'work',
      reason: 'work budget 100000 exceeded',
    });
    expect(byWork.provedOptimal).toBe(false);
    // Without budgets the same day is proved.
    expect(solveRoute(day, budget).provedOptimal).toBe(true);
  });

  it('a time limit that would be overrun stops the DP, says so, and claims nothing', () => {
    // A deadline already past: the DP stops at its first look at the clock, after the same work every time (it
    // looks every 1,024 steps), so this is decided by work done, not by how fast the machine is.
    const c = compile(clinicianDay(16, 1, false));
    const [r, again] = [1, 2].map(() => solveExact(c, { deadline: performance.now() - 1 }));
    expect(r?.status).toBe('aborted');
    if (r?.status !== 'aborted') return;
    expect(r.stop).toBe('time');
    expect(r.reason).toMatch(/^time limit reached after \d+ labels \(the label and work budgets were not\)$/);
    expect(again).toEqual(r);
  });

  it('the default memory cap holds the default label budget (a label and a state each)', () => {
    expect(DEFAULT_EXACT_MAX_LABELS * (LABEL_BYTES + STATE_BYTES)).toBeLessThanOrEqual(DEFAULT_EXACT_MEMORY_MB * 1e6);
  });

  it.each([41, 42, 43, 44, 45, 46])('a proof is never wrong: matches brute force (8 visits, seed %i)', (seed) => {
    const day = randomDay({ visits: 8, seed, windows: true, tight: seed % 2 === 0 });
    const s = solveRoute(day, budget);
    expectBudgeted(s);
    const ref = bruteForce(day);
    expect(s.provedOptimal).toBe(true);
    expect(s.feasible).toBe(ref !== null);
    if (ref) expect(s.totalTravelMinutes).toBeCloseTo(ref.totalTravelMinutes, 9);
  });
});

describe('proofs are decided by the budgets', () => {
  // Days of 12–16 visits with and without windows, as the bench draws them: each proved within the DP's default
  // label and memory budgets, and proved again the same way (labels, work, route) by a second run.
  const days = [
    [12, 1, true],
    [15, 3, true],
    [16, 2, true],
    [16, 4, true],
    [12, 2, false],
    [15, 1, false],
    [16, 3, false],
    [16, 5, false],
  ] as const;
  const solveAll = () =>
    days.map(([n, seed, windows]) => {
      const s = solveRoute(clinicianDay(n, seed, windows), budget);
      expectBudgeted(s);
      return { ...outcome(s), order: s.routes[0]?.order };
    });

  it('every day is proved, and proved again the same way with the same budgets', () => {
    const first = solveAll();
    expect(first.every((o) => o.proved)).toBe(true);
    expect(solveAll()).toEqual(first);
  });
});
