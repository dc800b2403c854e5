// PyVRP side-by-side for bench/routing.bench.ts: finds a Python with pyvrp (PYVRP_PYTHON, else python3), runs
// bench/pyvrp/solve.py on a Solomon file and parses its one line of JSON. When PyVRP cannot run, says why in
// one line instead of printing a column (PyVRP is published on PyPI only).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PyvrpResult {
  version: string;
  vehicles: number;
  /** Recomputed by solve.py from the routes in the file's convention (truncated to 0.1, or double). */
  distance: number;
  feasible: boolean;
  problems: string[];
  routes: number[][];
  seconds: number;
}

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'solve.py');

/** The last non-empty stdout line of solve.py, validated; throws with the reason when it is not a result. */
export function parsePyvrpOutput(stdout: string): PyvrpResult {
  const line = stdout.trim().split('\n').pop() ?? '';
  let raw: unknown;
  try {
    raw = JSON.parse(line);
  } catch {
    throw new Error(`solve.py printed no JSON (last line: ${line.slice(0, 80) || 'empty'})`);
  }
  const r = raw as Record<string, unknown>;
  if (typeof r.error === 'string') throw new Error(r.error);
  const isRoutes =
    Array.isArray(r.routes) &&
    r.routes.every((route) => Array.isArray(route) && route.every((c) => Number.isInteger(c) && c > 0));
  if (
    typeof r.vehicles !== 'number' ||
    typeof r.distance !== 'number' ||
    typeof r.feasible !== 'boolean' ||
    !isRoutes ||
    (r.routes as unknown[]).length !== r.vehicles
  )
    throw new Error('solve.py printed JSON without vehicles, distance, feasible and matching routes');
  return {
    version: typeof r.version === 'string' ? r.version : 'unknown',
    vehicles: r.vehicles,
    distance: r.distance,
    feasible: r.feasible,
    problems: Array.isArray(r.problems) ? r.problems.map(String) : [],
    routes: r.routes as number[][],
    seconds: typeof r.seconds === 'number' ? r.seconds : Number.NaN,
  };
}

/** The interpreter to use, or why PyVRP will not run here. */
export function findPyvrp(env: NodeJS.ProcessEnv = process.env): { python: string } | { reason: string } {
  const python = env.PYVRP_PYTHON || 'python3';
  const probe = spawnSync(python, ['-c', 'import pyvrp; print(pyvrp.__version__)'], { encoding: 'utf8' });
  if (probe.error) return { reason: `${python} not found (${probe.error.message}); set PYVRP_PYTHON` };
  if (probe.status !== 0)
    return {
      reason: `\`${python} -c "import pyvrp"\` failed (pip install pyvrp; PyPI only, or set PYVRP_PYTHON)`,
    };
  return { python };
}

export function runPyvrp(
  python: string,
  file: string,
  options: { seconds: number; seed: number; convention: 'truncated' | 'double'; objective: string },
): PyvrpResult {
  const args = [script, file, '--seconds', String(options.seconds), '--seed', String(options.seed)];
  args.push('--convention', options.convention, '--objective', options.objective);
  const run = spawnSync(python, args, { encoding: 'utf8', timeout: (options.seconds + 60) * 1000 });
  if (run.error) throw run.error;
  return parsePyvrpOutput(run.stdout);
}
