// The C++ hybrid genetic search (HGS-VRPTW, ../shared/anchors/hgs-vrptw) as an anchor beside the route optimiser.
// Built with make in a temporary copy (../shared is read-only) and cached under os.tmpdir() by a hash of its
// sources. Run exactly as ../shared/anchors/README.md says: an explicit integer matrix in hundredths rounded up
// (a route feasible for HGS is feasible in double precision), a fixed cost M per route on the depot → customer
// entries with every window shifted by M (vehicles first, feasibility unchanged), and every returned route
// re-costed and checked in double precision here — its printed cost is never trusted.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSolomon, type SolomonInstance, type SolomonNode } from '../../core/routing/instances/solomon.ts';
import { checkVrptwRoute } from '../../core/routing/vrptw/model.ts';
import { solomonProblem } from '../../core/routing/vrptw/solomon.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const HGS_SOURCE = path.join(path.resolve(repoRoot, '../shared'), 'anchors/hgs-vrptw');
/** HGS refuses matrix entries above this (Params.cpp: "distances are of very small or large scale"). */
export const HGS_MAX_ENTRY = 100000;
/** Integer units per unit of distance/time in the files HGS reads. */
export const HGS_SCALE = 100;

export interface HgsResult {
  /** Solomon customer numbers per route (depot implicit). */
  routes: number[][];
  vehicles: number;
  /** Recomputed in double precision from the parsed file, not HGS's printed cost. */
  distance: number;
  feasible: boolean;
  problems: string[];
  /** HGS's own clock (CPU unless wallClock) at its first progress line showing the final best; see hgsMsToBest. */
  msToBest?: number;
  /** 'progress': from a progress line (at most 500 iterations late); 'second': only the whole second is known. */
  msToBestFrom?: 'progress' | 'second';
  /** HGS's time spent as it printed it (its clock). */
  seconds?: number;
  /** Wall-clock milliseconds of the child process, as measured here. */
  wallMs: number;
  /**
   * The fixed cost M per route in distance units. HGS trades a route for distance whenever a route more saves
   * more than M — at 400+ customers M (≈ 850 at hundredths) can be below that, so its route counts are then not
   * strictly hierarchical (a coarser scale, e.g. tenths, gives a ten times larger M).
   */
  fixedCost?: number;
}

/** The cached genvrp, building it once per source hash; null binary + reason when it cannot build here. */
export function findHgs(
  options: { source?: string; cacheDir?: string } = {},
): { binary: string; reason?: undefined } | { binary: null; reason: string } {
  const source = options.source ?? HGS_SOURCE;
  if (!existsSync(path.join(source, 'Makefile')))
    return { binary: null, reason: `HGS sources not found at ${source} (../shared absent)` };
  for (const tool of ['make', 'g++'])
    if (spawnSync(tool, ['--version'], { encoding: 'utf8' }).error)
      return { binary: null, reason: `${tool} not installed (HGS builds from source with make and g++)` };
  const hash = sourceHash(source);
  const dir = path.join(options.cacheDir ?? os.tmpdir(), `homerounds-hgs-${hash}`);
  const binary = path.join(dir, 'genvrp');
  if (existsSync(binary)) return { binary };
  const build = mkdtempSync(path.join(os.tmpdir(), 'homerounds-hgs-build-'));
  try {
    cpSync(source, build, { recursive: true });
    const make = spawnSync('make', ['-C', build], { encoding: 'utf8', timeout: 600_000 });
    if (make.status !== 0 || !existsSync(path.join(build, 'genvrp')))
      return { binary: null, reason: `make failed: ${(make.stderr || make.error?.message || '').trim().slice(-300)}` };
    mkdirSync(dir, { recursive: true });
    // Rename is atomic: a concurrent build by another process leaves one whole binary, never half of one.
    renameSync(path.join(build, 'genvrp'), binary);
    return { binary };
  } finally {
    rmSync(build, { recursive: true, force: true });
  }
}

function sourceHash(source: string): string {
  const h = createHash('sha256');
  for (const name of readdirSync(source).sort()) {
    if (!/\.(cpp|h)$|^Makefile$/.test(name)) continue;
    h.update(name)
      .update('\0')
      .update(readFileSync(path.join(source, name)))
      .update('\0');
  }
  return h.digest('hex').slice(0, 16);
}

export interface HgsVrplib {
  text: string;
  /** The fixed cost per route added to every depot → customer entry (in 1/scale units). */
  fixedCost: number;
  fleet: number;
}

/** Distance in hundredths rounded up: never shorter than the double-precision leg. */
export const hgsEdge = (a: SolomonNode, b: SolomonNode, scale = HGS_SCALE) =>
  Math.ceil(scale * Math.hypot(a.x - b.x, a.y - b.y) - 1e-9);

/**
 * The VRPLIB text HGS reads (its parser skips the first three lines and wants `KEY : value` tokens). Times are
 * shifted so the depot opens at 0 (HGS requires it) and rounded towards the tighter side (ready up, due down,
 * service up), so anything HGS calls feasible is feasible in the original units.
 */
export function hgsVrplib(inst: SolomonInstance, fleet: number, scale = HGS_SCALE): HgsVrplib {
  const nodes = inst.nodes;
  const depot = nodes[0] as SolomonNode;
  const n = nodes.length;
  const matrix = nodes.map((a) => nodes.map((b) => (a === b ? 0 : hgsEdge(a, b, scale))));
  const longestFromDepot = Math.max(...(matrix[0] as number[]));
  const longest = Math.max(...matrix.map((row) => Math.max(...row)));
  // M as large as fits: the largest depot → customer entry plus M stays at HGS's limit.
  const fixedCost = HGS_MAX_ENTRY - longestFromDepot;
  if (longest > HGS_MAX_ENTRY || fixedCost <= 0)
    throw new Error(`distances too long for HGS at ${scale} units per unit (longest edge ${longest / scale})`);
  const fromDepot = matrix[0] as number[];
  for (let j = 1; j < n; j++) fromDepot[j] = (fromDepot[j] as number) + fixedCost;
  const t = (v: number, dir: 'up' | 'down') =>
    dir === 'up' ? Math.ceil(scale * (v - depot.ready) - 1e-9) : Math.floor(scale * (v - depot.ready) + 1e-9);
  const lines = [
    `NAME : ${inst.name || 'instance'}`,
    'COMMENT : HomeRounds bench (hundredths rounded up, fixed cost per route on depot legs, windows shifted)',
    'TYPE : VRPTW',
    `DIMENSION : ${n}`,
    'EDGE_WEIGHT_TYPE : EXPLICIT',
    'EDGE_WEIGHT_FORMAT : FULL_MATRIX',
    `CAPACITY : ${inst.capacity}`,
    `VEHICLES : ${fleet}`,
    'EDGE_WEIGHT_SECTION',
    ...matrix.map((row) => row.join(' ')),
    'NODE_COORD_SECTION',
    ...nodes.map((c, i) => `${i + 1} ${c.x} ${c.y}`),
    'DEMAND_SECTION',
    ...nodes.map((c, i) => `${i + 1} ${i === 0 ? 0 : c.demand}`),
    'SERVICE_TIME_SECTION',
    ...nodes.map((c, i) => `${i + 1} ${i === 0 ? 0 : Math.ceil(scale * c.service - 1e-9)}`),
    'TIME_WINDOW_SECTION',
    ...nodes.map((c, i) =>
      i === 0
        ? `1 0 ${t(c.due, 'down') + fixedCost}`
        : `${i + 1} ${t(c.ready, 'up') + fixedCost} ${t(c.due, 'down') + fixedCost}`,
    ),
    'DEPOT_SECTION',
    '1',
    '-1',
    'EOF',
    '',
  ];
  return { text: lines.join('\n'), fixedCost, fleet };
}

/** HGS's .sol (CVRPLIB style): `Route #k: c1 c2 …`, `Cost N`, `Time s`. Client numbers are Solomon's. */
export function parseHgsSolution(text: string): { routes: number[][]; cost?: number; seconds?: number } {
  const routes: number[][] = [];
  let cost: number | undefined;
  let seconds: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const route = /^Route\s*#\d+\s*:(.*)$/.exec(line);
    if (route) {
      const ids = (route[1] ?? '').trim().split(/\s+/).filter(Boolean).map(Number);
      if (ids.some((v) => !Number.isInteger(v) || v <= 0)) throw new Error(`bad route line in HGS solution: ${line}`);
      if (ids.length > 0) routes.push(ids);
    } else if (/^Cost\s/.test(line)) cost = Number(line.slice(4));
    else if (/^Time\s/.test(line)) seconds = Number(line.slice(4));
  }
  return { routes, cost, seconds };
}

/** Progress lines `It … | T(s) 1.23 | Feas n best avg | …` (printed every 500 iterations): (seconds, best). */
export function parseHgsProgress(stdout: string): { seconds: number; bestFeasible: number }[] {
  const out: { seconds: number; bestFeasible: number }[] = [];
  for (const line of stdout.split(/\r?\n/)) {
    const m = /T\(s\)\s+([\d.]+)\s*\|\s*Feas\s+\d+\s+([\d.]+)/.exec(line);
    if (m) out.push({ seconds: Number(m[1]), bestFeasible: Number(m[2]) });
  }
  return out;
}

/**
 * Time to best on HGS's clock: the first progress line whose best feasible cost already equals the final one
 * (the .sol's cost is truncated to an integer; an upper bound at the print interval, 500 iterations). Undefined when no line shows it.
 */
export function hgsMsToBest(stdout: string, finalCost: number): number | undefined {
  const hit = parseHgsProgress(stdout).find((p) => p.bestFeasible < finalCost + 1);
  return hit ? Math.round(hit.seconds * 1000) : undefined;
}

/**
 * Fallback time to best from the .PG.csv HGS writes (`instance;seed;cost;time` per new best): it stores seconds
 * in a clock_t (truncated to whole seconds) and then divides by CLOCKS_PER_SEC (10⁶ on Linux), so only the
 * whole second is known — returned as its middle.
 */
export function hgsSecondOfBest(progressCsv: string, finalCost: number): number | undefined {
  for (const line of progressCsv.split(/\r?\n/)) {
    const [, , cost, time] = line.split(';');
    if (cost === undefined || time === undefined || !(Number(cost) < finalCost + 1)) continue;
    return Math.round(Number(time) * 1e6) * 1000 + 500;
  }
  return undefined;
}

/** Re-costs and checks HGS's routes in double precision against the parsed Solomon file. */
export function checkHgsRoutes(
  inst: SolomonInstance,
  fleet: number,
  routes: readonly (readonly number[])[],
): { distance: number; problems: string[] } {
  const problem = solomonProblem(inst, 'double', 'vehicles-then-distance', Math.max(fleet, routes.length));
  const problems: string[] = [];
  const seen = new Set<number>();
  let distance = 0;
  routes.forEach((route, k) => {
    const customers = route.map((c) => c - 1);
    for (const c of route) {
      if (c < 1 || c >= inst.nodes.length) problems.push(`route ${k + 1}: unknown customer ${c}`);
      else if (seen.has(c)) problems.push(`customer ${c} visited twice`);
      seen.add(c);
    }
    if (customers.some((c) => c < 0 || c >= problem.customers.length)) return;
    const check = checkVrptwRoute(problem, k, customers);
    distance += check.travel;
    for (const p of check.problems) problems.push(`route ${k + 1}: ${p}`);
  });
  for (let c = 1; c < inst.nodes.length; c++) if (!seen.has(c)) problems.push(`customer ${c} not visited`);
  if (routes.length > fleet) problems.push(`${routes.length} routes > fleet ${fleet}`);
  return { distance: Math.round(distance * 100) / 100, problems };
}

export interface HgsRunOptions {
  seconds: number;
  seed?: number;
  /** HGS measures CPU time unless this is set (`-useWallClockTime 1`). */
  wallClock?: boolean;
  binary?: string;
  /** Integer units per distance unit (default 100, hundredths, as ../shared/anchors/README.md). */
  scale?: number;
  /** Fleet passed as -veh; default the file's (LKH-3 files: one per customer, their VEHICLES is a route count). */
  fleet?: number;
}

export function runHgs(solomonText: string, options: HgsRunOptions): HgsResult {
  const binary = options.binary ?? requireHgs();
  const inst = parseSolomon(solomonText);
  const isLkh = /NODE_COORD_SECTION/.test(solomonText);
  const fleet = options.fleet ?? (isLkh ? inst.nodes.length - 1 : inst.vehicles);
  const scale = options.scale ?? HGS_SCALE;
  const vrplib = hgsVrplib(inst, fleet, scale);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'homerounds-hgs-run-'));
  try {
    const file = path.join(dir, 'instance.vrp');
    const sol = path.join(dir, 'instance.sol');
    writeFileSync(file, vrplib.text);
    // -t is whole seconds (atoi); at least 1.
    const args = [
      file,
      sol,
      '-t',
      String(Math.max(1, Math.round(options.seconds))),
      '-seed',
      String(options.seed ?? 1),
    ];
    args.push('-veh', String(fleet), '-initialTimeWarpPenalty', '100');
    if (options.wallClock) args.push('-useWallClockTime', '1');
    const started = performance.now();
    const run = spawnSync(binary, args, {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      timeout: (options.seconds * 3 + 60) * 1000,
    });
    const wallMs = performance.now() - started;
    if (run.error) throw run.error;
    const exception = /EXCEPTION \| (.*)/.exec(run.stdout);
    if (exception) throw new Error(`HGS: ${exception[1]}`);
    if (!existsSync(sol)) throw new Error('HGS wrote no solution (no feasible solution found?)');
    const parsed = parseHgsSolution(readFileSync(sol, 'utf8'));
    const { distance, problems } = checkHgsRoutes(inst, fleet, parsed.routes);
    const fromProgress = parsed.cost === undefined ? undefined : hgsMsToBest(run.stdout, parsed.cost);
    const pg = `${sol}.PG.csv`;
    const fromSecond =
      fromProgress === undefined && parsed.cost !== undefined && existsSync(pg)
        ? hgsSecondOfBest(readFileSync(pg, 'utf8'), parsed.cost)
        : undefined;
    const msToBest = fromProgress ?? fromSecond;
    return {
      routes: parsed.routes,
      vehicles: parsed.routes.length,
      distance,
      feasible: problems.length === 0,
      problems,
      msToBest,
      ...(msToBest === undefined
        ? {}
        : { msToBestFrom: fromProgress === undefined ? ('second' as const) : ('progress' as const) }),
      seconds: parsed.seconds,
      wallMs,
      fixedCost: vrplib.fixedCost / scale,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function requireHgs(): string {
  const found = findHgs();
  if (found.binary === null) throw new Error(`HGS not available: ${found.reason}`);
  return found.binary;
}
