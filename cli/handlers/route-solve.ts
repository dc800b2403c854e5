// `homerounds route solve <file> --format tsplib|tsptw|solomon [--time-limit <ms>]`: solve one benchmark file.
// Pure handler: returns data, never prints or exits; errors say which file (and which line) is wrong.
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type InstanceResult, solveInstance } from '../../core/routing/instances/solve-instance.ts';
import type { ProgressListener } from '../../core/routing/progress.ts';
import type { VrptwObjective } from '../../core/routing/vrptw/model.ts';
import { type SolomonConvention, type SolomonResult, solveSolomon } from '../../core/routing/vrptw/solomon.ts';

export type RouteSolveFormat = 'tsplib' | 'tsptw' | 'solomon';

export interface RouteSolveOptions {
  file: string;
  format: RouteSolveFormat;
  timeLimitMs?: number;
  seed?: number;
  /** Search rounds (kicks, annealing rounds): with it, the answer does not depend on the machine's speed. */
  maxIterations?: number;
  /** Solomon only; default vehicles-then-distance (Solomon's convention). */
  objective?: VrptwObjective;
  /** Told of each better solution and phase (--progress). */
  onProgress?: ProgressListener;
}

export interface KnownValue {
  value: number;
  routes?: number;
  convention: SolomonConvention;
  objective: string;
}

export interface SolomonSolveReport extends SolomonResult {
  objective: VrptwObjective;
  /** From known-values.csv next to the file (or one folder up), when it lists this file. */
  known?: KnownValue;
  /** 100 · (distance − known) / known, only when the vehicle counts match (otherwise not comparable). */
  gapPercent?: number;
}

export async function routeSolve(opts: RouteSolveOptions & { format: 'tsplib' | 'tsptw' }): Promise<InstanceResult>;
export async function routeSolve(opts: RouteSolveOptions & { format: 'solomon' }): Promise<SolomonSolveReport>;
export async function routeSolve(opts: RouteSolveOptions): Promise<InstanceResult | SolomonSolveReport>;
export async function routeSolve(opts: RouteSolveOptions): Promise<InstanceResult | SolomonSolveReport> {
  if (opts.format !== 'tsplib' && opts.format !== 'tsptw' && opts.format !== 'solomon') {
    throw new Error(`unknown format "${String(opts.format)}": use tsplib, tsptw or solomon`);
  }
  if (opts.timeLimitMs !== undefined && !(Number.isFinite(opts.timeLimitMs) && opts.timeLimitMs > 0)) {
    throw new Error('--time-limit must be a positive number of milliseconds');
  }
  let text: string;
  try {
    text = await readFile(opts.file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${opts.file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    if (opts.format === 'solomon') return solveSolomonFile(text, opts);
    return solveInstance(text, opts.format, {
      timeLimitMs: opts.timeLimitMs,
      fileName: opts.file,
      seed: opts.seed,
      maxIterations: opts.maxIterations,
      onProgress: opts.onProgress,
    });
  } catch (error) {
    throw new Error(`${opts.file} is not a valid ${opts.format} instance: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function solveSolomonFile(text: string, opts: RouteSolveOptions): SolomonSolveReport {
  const known = knownValueFor(opts.file);
  const objective = opts.objective ?? 'vehicles-then-distance';
  const result = solveSolomon(text, {
    timeLimitMs: opts.timeLimitMs,
    seed: opts.seed,
    maxIterations: opts.maxIterations,
    objective,
    onProgress: opts.onProgress,
    // Compare in the known value's own convention (a different rounding gives a non-comparable number).
    convention: known?.convention ?? 'truncated',
  });
  const report: SolomonSolveReport = { ...result, objective };
  if (known) {
    report.known = known;
    if (known.routes === undefined || known.routes === result.vehicles)
      report.gapPercent = Math.round((10000 * (result.distance - known.value)) / known.value) / 100;
  }
  return report;
}

/** The benchmark folder's known-values.csv (README §3): the distance-only row if any, else the hierarchical one. */
export function knownValueFor(file: string): KnownValue | undefined {
  const base = path.basename(file);
  for (const dir of [path.dirname(file), path.dirname(path.dirname(file))]) {
    const csv = path.join(dir, 'known-values.csv');
    if (!existsSync(csv)) continue;
    const rows = readFileSync(csv, 'utf8')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(','))
      .filter((cols) => path.basename(cols[2] ?? '') === base && (cols[0] ?? '').startsWith('VRPTW'));
    const row = rows.find((cols) => cols[0] === 'VRPTW') ?? rows[0];
    if (!row) return undefined;
    const routes = /(\d+) routes/.exec(row[4] ?? '');
    return {
      value: Number(row[3]),
      ...(routes ? { routes: Number(routes[1]) } : {}),
      convention: row[0] === 'VRPTW' ? 'truncated' : 'double',
      objective: row[4] ?? '',
    };
  }
  return undefined;
}
