// Routing tests decide by work done (iterations, stall counts, the exact DP's labels and work: budgets the
// solvers count), never by the wall clock next to whatever else the machine runs, so a test means the same on a
// quiet and on a loaded machine. The time limit they pass is a backstop far above what a budgeted run takes, and
// `timeLimitReached` says whether the clock decided anything. Time limits themselves are checked by
// tests/unit/routing/time-limit.test.ts (generous bounds) and measured by `npm run bench:routing`.
import { expect } from 'vitest';
import { EXACT_WORK_PER_MS } from '../../../core/routing/solve.ts';

/** The time limit of a budgeted run: never reached (the longest budgeted run in tests/unit/routing takes ~2 s). */
export const BACKSTOP_MS = 60_000;

/** The exact DP's work budget a time limit of `ms` gives a day above `exactMaxVisits` (solveRoute's default). */
export const exactWorkOf = (ms: number): number => Math.round(ms * EXACT_WORK_PER_MS);

/** Fails when the clock cut something short in a run meant to be decided by its budgets alone. */
export function expectBudgeted(stats: { timeLimitReached?: boolean } | { stats: { timeLimitReached?: boolean } }) {
  const s = 'stats' in stats ? stats.stats : stats;
  expect(s.timeLimitReached, 'the clock decided: the time limit was reached in a budgeted run').toBe(false);
}
