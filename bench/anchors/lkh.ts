// LKH-3 (Helsgaun) as the large-tour anchor, wherever it is installed: `LKH` on PATH or HOMEROUNDS_LKH=path.
// Free for academic and non-commercial use only, so never kept in the repository; bench/README.md says how to
// build it (make). We write its parameter file (`KEY = value` lines, LKH-3's documented format) next to the
// TSPLIB problem, run it, read TOUR_SECTION from its output tour and re-cost the tour ourselves.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseTsplib, tsplibTourLength } from '../../core/routing/instances/tsplib.ts';

export interface LkhParameters {
  problemFile: string;
  tourFile: string;
  seconds: number;
  seed: number;
  /** LKH stops a run after this many trials; large so the time limit decides (default 1,000,000). */
  maxTrials?: number;
  runs?: number;
}

/** The .par text: one `KEY = value` per line (LKH-3 reads PROBLEM_FILE first; the others in any order). */
export function lkhParameterFile(p: LkhParameters): string {
  return [
    `PROBLEM_FILE = ${p.problemFile}`,
    `OUTPUT_TOUR_FILE = ${p.tourFile}`,
    `RUNS = ${p.runs ?? 1}`,
    `MAX_TRIALS = ${p.maxTrials ?? 1_000_000}`,
    `TIME_LIMIT = ${p.seconds}`,
    `SEED = ${p.seed}`,
    'TRACE_LEVEL = 1',
    '',
  ].join('\n');
}

/** Node ids of TOUR_SECTION (1-based, as in the problem file), up to -1 or EOF. */
export function parseLkhTour(text: string): number[] {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const start = lines.indexOf('TOUR_SECTION');
  if (start < 0) throw new Error('LKH tour file has no TOUR_SECTION');
  const ids: number[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === '' || line === 'EOF') break;
    for (const token of line.split(/\s+/)) {
      const id = Number(token);
      if (id === -1) return ids;
      if (!Number.isInteger(id) || id < 1) throw new Error(`bad node in LKH tour: ${token}`);
      ids.push(id);
    }
  }
  return ids;
}

/**
 * Time to best from LKH's trace (TRACE_LEVEL 1): improvement lines `* 12: Cost = 54321, …, Time = 3.21 sec.`;
 * the first line reaching the final cost. LKH's own clock (GetTime: CPU time on Unix builds).
 */
export function lkhMsToBest(stdout: string, finalCost: number): number | undefined {
  for (const line of stdout.split(/\r?\n/)) {
    const m = /Cost = (\d+).*?Time = ([\d.]+) sec/.exec(line);
    if (m && Number(m[1]) <= finalCost) return Math.round(Number(m[2]) * 1000);
  }
  return undefined;
}

export function findLkh(env: NodeJS.ProcessEnv = process.env): { binary: string } | { reason: string } {
  const binary = env.HOMEROUNDS_LKH || 'LKH';
  // LKH with no argument asks for a parameter file on stdin; an empty stdin makes it exit at once.
  const probe = spawnSync(binary, [], { encoding: 'utf8', input: '', timeout: 10_000 });
  if (probe.error)
    return {
      reason: `not installed (${binary}: ${(probe.error as NodeJS.ErrnoException).code ?? probe.error.message})`,
    };
  return { binary };
}

export interface LkhResult {
  cost: number;
  order: number[];
  msToBest?: number;
  wallMs: number;
}

/** Solves a TSPLIB text (EUC_2D/ATT/GEO, as our parser) and re-costs the tour with the file's convention. */
export function runLkh(binary: string, tsplibText: string, options: { seconds: number; seed: number }): LkhResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'homerounds-lkh-'));
  try {
    const problemFile = path.join(dir, 'problem.tsp');
    const tourFile = path.join(dir, 'problem.tour');
    const parFile = path.join(dir, 'problem.par');
    writeFileSync(problemFile, tsplibText);
    writeFileSync(parFile, lkhParameterFile({ problemFile, tourFile, ...options }));
    const started = performance.now();
    const run = spawnSync(binary, [parFile], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: (options.seconds * 3 + 120) * 1000,
    });
    const wallMs = performance.now() - started;
    if (run.error) throw run.error;
    const order = parseLkhTour(readFileSync(tourFile, 'utf8'));
    const inst = parseTsplib(tsplibText);
    // Our parser's order is by file id (inst.ids); the tour names the same ids.
    const cost = tsplibTourLength(inst, order);
    return { cost, order, msToBest: lkhMsToBest(run.stdout, cost), wallMs };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
