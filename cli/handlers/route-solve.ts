// `homerounds route solve <file> --format tsplib|tsptw [--time-limit <ms>]`: solve one benchmark file.
// Pure handler: returns data, never prints or exits; errors say which file (and which line) is wrong.
import { readFile } from 'node:fs/promises';
import { type InstanceResult, solveInstance } from '../../core/routing/instances/solve-instance.ts';

export interface RouteSolveOptions {
  file: string;
  format: 'tsplib' | 'tsptw';
  timeLimitMs?: number;
}

export async function routeSolve(opts: RouteSolveOptions): Promise<InstanceResult> {
  if (opts.format !== 'tsplib' && opts.format !== 'tsptw') {
    throw new Error(`unknown format "${String(opts.format)}": use tsplib or tsptw`);
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
    return solveInstance(text, opts.format, { timeLimitMs: opts.timeLimitMs, fileName: opts.file });
  } catch (error) {
    throw new Error(`${opts.file} is not a valid ${opts.format} instance: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
