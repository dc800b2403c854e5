// `--progress`: one line per report of the search (each better solution, each phase) on stderr, so stdout stays
// the answer alone (valid JSON with --json), and at the end when the best was found — a dispatcher sees whether
// a longer limit would have helped (the best found in the last seconds) or not.
import type { ProgressListener, SearchProgress } from '../../core/routing/progress.ts';
import type { CliIo } from './io.ts';

export const PROGRESS_HELP =
  'print the search progress to stderr (one line per better solution or phase, then when the best was found)';

export interface ProgressPrinter {
  listener: ProgressListener;
  /** Prints "best found at X s of Y s" (X from the solver's own count when given, else the last better report). */
  finish: (msToBest?: number) => void;
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);

export function formatProgress(p: SearchProgress): string {
  const parts = [
    `${p.phase.padEnd(17)} ${seconds(p.elapsedMs).padStart(6)} s / ${seconds(p.limitMs)} s`,
    `best ${p.bestCost.toFixed(1)}`,
  ];
  if (p.routes !== undefined) parts.push(`routes ${p.routes}`);
  if (p.unassigned !== undefined) parts.push(`unassigned ${p.unassigned}`);
  return `progress: ${parts.join('  ')}`;
}

export function progressPrinter(io: CliIo): ProgressPrinter {
  let limitMs: number | undefined;
  let bestAt: number | undefined;
  let last: string | undefined;
  return {
    listener: (p) => {
      limitMs = p.limitMs;
      // A phase change with the same best is not a new best.
      const key = `${p.unassigned ?? ''}|${p.routes ?? ''}|${p.bestCost}`;
      if (key !== last) bestAt = p.elapsedMs;
      last = key;
      io.stderr(`${formatProgress(p)}\n`);
    },
    finish: (msToBest) => {
      const at = msToBest ?? bestAt;
      if (at === undefined || limitMs === undefined) return;
      io.stderr(`progress: best found at ${seconds(at)} s of ${seconds(limitMs)} s\n`);
    },
  };
}
