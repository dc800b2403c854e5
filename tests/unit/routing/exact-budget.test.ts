// The exact DP is budgeted in labels, work and a memory cap, not in a share of the wall clock: whether a day
// is proved does not depend on the time limit or the machine's load, and a budget that runs out says why and
// never claims a proof.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { clinicianDay } from '../../support/routing/clinician-day.ts';
import { bruteForce, randomDay } from './helpers.ts';

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
    // with a work budget that follows the limit (75 M steps at 3 s; this day needs ~10 M).
    const day = clinicianDay(30, 3, true);
    const [a, b] = [3_000, 10_000].map((timeLimitMs) => solveRoute(day, { timeLimitMs, seed: 1 }));
    if (!a || !b) throw new Error('no runs');
    expect(a.provedOptimal).toBe(true);
    expect(outcome(a)).toEqual(outcome(b));
    expect(a.routes[0]?.order).toEqual(b.routes[0]?.order);
  });

  it('stops at the memory cap with a clear reason and no claim of optimality', () => {
    // 16 windowed visits need ~4,500 labels here; 50 kB holds a couple of hundred.
    const day = clinicianDay(16, 2, true);
    const mb = 0.05;
    const s = solveRoute(day, { maxExactMemoryMb: mb, timeLimitMs: 5_000 });
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
    const byLabels = solveRoute(day, { maxLabels: 500, timeLimitMs: 5_000 });
    expect(byLabels.stats.exact).toMatchObject({
      status: 'aborted',
      stop: 'labels',
      reason: 'label budget 500 exceeded',
    });
    expect(byLabels.provedOptimal).toBe(false);
    const byWork = solveRoute(day, { maxExactWork: 100_000, timeLimitMs: 5_000 });
    expect(byWork.stats.exact).toMatchObject({
      status: 'aborted',
      stop: 'work',
      reason: 'work budget 100000 exceeded',
    });
    expect(byWork.provedOptimal).toBe(false);
    // Without budgets the same day is proved.
    expect(solveRoute(day, { timeLimitMs: 5_000 }).provedOptimal).toBe(true);
  });

  it('a time limit that would be overrun stops the DP, says so, and claims nothing', () => {
    // No incumbent and no bound: a 16-visit day without windows needs far more than a few milliseconds.
    const c = compile(clinicianDay(16, 1, false));
    const r = solveExact(c, { deadline: performance.now() + 5 });
    expect(r.status).toBe('aborted');
    if (r.status !== 'aborted') return;
    expect(r.stop).toBe('time');
    expect(r.reason).toMatch(/^time limit reached after \d+ labels \(the label and work budgets were not\)$/);
  });

  it('the default memory cap holds the default label budget (a label and a state each)', () => {
    expect(DEFAULT_EXACT_MAX_LABELS * (LABEL_BYTES + STATE_BYTES)).toBeLessThanOrEqual(DEFAULT_EXACT_MEMORY_MB * 1e6);
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

describe('proofs do not depend on the load', () => {
  // Days of 12–16 visits with and without windows, as the bench draws them.
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
  const solveAll = () => days.map(([n, seed, windows]) => outcome(solveRoute(clinicianDay(n, seed, windows), {})));
  let quiet: ReturnType<typeof solveAll> = [];
  const busy: ChildProcess[] = [];

  beforeAll(() => {
    quiet = solveAll();
    // A CPU-hungry busy loop in another process for the second run (killed by its own pid afterwards).
    busy.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  });
  afterAll(() => {
    for (const child of busy) child.kill();
  });

  it('every day is proved at the default limit, and proved again the same way next to a busy process', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200)); // let the busy loop start
    const loaded = solveAll();
    expect(quiet.every((o) => o.proved)).toBe(true);
    expect(loaded).toEqual(quiet);
  });
});
