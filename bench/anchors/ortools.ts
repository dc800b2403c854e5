// OR-Tools (Google's routing library) as the third anchor, wherever python3 can import it (ORTOOLS_PYTHON
// names another interpreter): bench/ortools/solve.py reads one problem as JSON on stdin. Integers as for HGS —
// hundredths, legs rounded up, windows rounded to the tight side — and every answer re-costed and re-checked here.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSolomon, type SolomonNode } from '../../core/routing/instances/solomon.ts';
import { parseTsplib, tsplibTourLength } from '../../core/routing/instances/tsplib.ts';
import { checkHgsRoutes, HGS_SCALE, type HgsResult, hgsEdge } from './hgs.ts';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../ortools/solve.py');

export interface OrtoolsOutput {
  version: string;
  /** TSP: one closed tour of node indices from 0; VRPTW: customers per route (node indices, depot 0 left out). */
  routes: number[][];
  seconds: number;
  secondsToBest?: number;
}

/** The last stdout line of solve.py, validated; throws with its reason when it is not a result. */
export function parseOrtoolsOutput(stdout: string): OrtoolsOutput {
  const line = stdout.trim().split('\n').pop() ?? '';
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(line) as Record<string, unknown>;
  } catch {
    throw new Error(`ortools/solve.py printed no JSON (last line: ${line.slice(0, 80) || 'empty'})`);
  }
  if (typeof raw.error === 'string') throw new Error(raw.error);
  const routes = raw.routes;
  if (
    !Array.isArray(routes) ||
    !routes.every((r) => Array.isArray(r) && r.every((v) => Number.isInteger(v) && v >= 0)) ||
    typeof raw.seconds !== 'number'
  )
    throw new Error('ortools/solve.py printed JSON without routes and seconds');
  return {
    version: typeof raw.version === 'string' ? raw.version : 'unknown',
    routes: routes as number[][],
    seconds: raw.seconds,
    secondsToBest: typeof raw.secondsToBest === 'number' ? raw.secondsToBest : undefined,
  };
}

export function findOrtools(env: NodeJS.ProcessEnv = process.env): { python: string } | { reason: string } {
  const python = env.ORTOOLS_PYTHON || 'python3';
  const probe = spawnSync(python, ['-c', 'import ortools.constraint_solver.pywrapcp'], { encoding: 'utf8' });
  if (probe.error) return { reason: `${python} not found; set ORTOOLS_PYTHON` };
  if (probe.status !== 0) return { reason: `not installed (pip install ortools, or set ORTOOLS_PYTHON)` };
  return { python };
}

function solve(python: string, input: object, seconds: number): OrtoolsOutput {
  const run = spawnSync(python, [script], {
    input: JSON.stringify(input),
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    timeout: (seconds * 3 + 120) * 1000,
  });
  if (run.error) throw run.error;
  return parseOrtoolsOutput(run.stdout);
}

export function runOrtoolsTsp(
  python: string,
  tsplibText: string,
  options: { seconds: number; seed: number },
): { cost: number; msToBest?: number } {
  const inst = parseTsplib(tsplibText);
  const n = inst.dimension;
  const matrix = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => inst.distance(i, j)));
  const out = solve(python, { kind: 'tsp', matrix, ...options }, options.seconds);
  const order = (out.routes[0] ?? []).map((k) => inst.ids[k] as number);
  return {
    cost: tsplibTourLength(inst, order),
    msToBest: out.secondsToBest === undefined ? undefined : Math.round(out.secondsToBest * 1000),
  };
}

/** The integer VRPTW solve.py reads: hundredths, legs up, ready/service up, due down, times from the depot's ready. */
export function ortoolsVrptwInput(solomonText: string, fleet?: number) {
  const inst = parseSolomon(solomonText);
  const depot = inst.nodes[0] as SolomonNode;
  // `|| 0`: no −0 from ceil(−1e-9) in the JSON.
  const up = (v: number) => Math.ceil(HGS_SCALE * v - 1e-9) || 0;
  const down = (v: number) => Math.floor(HGS_SCALE * v + 1e-9);
  const isLkh = /NODE_COORD_SECTION/.test(solomonText);
  return {
    inst,
    input: {
      kind: 'vrptw',
      travel: inst.nodes.map((a) => inst.nodes.map((b) => (a === b ? 0 : hgsEdge(a, b)))),
      service: inst.nodes.map((c, i) => (i === 0 ? 0 : up(c.service))),
      ready: inst.nodes.map((c) => up(c.ready - depot.ready)),
      due: inst.nodes.map((c) => down(c.due - depot.ready)),
      demand: inst.nodes.map((c, i) => (i === 0 ? 0 : c.demand)),
      capacity: inst.capacity,
      fleet: fleet ?? (isLkh ? inst.nodes.length - 1 : inst.vehicles),
    },
  };
}

export function runOrtoolsVrptw(python: string, solomonText: string, options: { seconds: number }): HgsResult {
  const { inst, input } = ortoolsVrptwInput(solomonText);
  const started = performance.now();
  const out = solve(python, { ...input, seconds: options.seconds }, options.seconds);
  const wallMs = performance.now() - started;
  const { distance, problems } = checkHgsRoutes(inst, input.fleet, out.routes);
  return {
    routes: out.routes,
    vehicles: out.routes.length,
    distance,
    feasible: problems.length === 0,
    problems,
    msToBest: out.secondsToBest === undefined ? undefined : Math.round(out.secondsToBest * 1000),
    seconds: out.seconds,
    wallMs,
  };
}
