// One VRPTW instance (Solomon text) through HomeRounds and every anchor installed here, on the same limit and
// seed, every answer re-costed in double precision (Solomon's hierarchical convention: routes, then distance).
// Used by the Solomon-class and Homberger tables.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveSolomon } from '../../core/routing/vrptw/solomon.ts';
import { type HgsResult, runHgs } from '../anchors/hgs.ts';
import { runOrtoolsVrptw } from '../anchors/ortools.ts';
import { runPyvrp } from '../pyvrp/pyvrp-result.ts';
import { RssPeak } from './table.ts';

export interface VrptwAnchors {
  /** genvrp path, or why HGS does not run. */
  hgs: { binary: string } | { reason: string };
  ortools: { python: string } | { reason: string };
  pyvrp: { python: string } | { reason: string };
}

export interface OursRun {
  vehicles: number;
  distance: number;
  feasible: boolean;
  msToBest: number;
  /** Elapsed around the call on the solver's clock (CPU with --cpu-clock), parsing included. */
  elapsedMs: number;
  limitMs: number;
  peakRssMb: number;
}

export interface AnchorRun {
  vehicles: number;
  distance: number;
  feasible: boolean;
  msToBest?: number;
  /** The time to best is known to the second only (HGS without a progress line at its final cost). */
  msToBestApprox?: boolean;
  problems: string[];
  /** HGS: its fixed cost per route in distance units. */
  fixedCost?: number;
}

export interface VrptwRun {
  ours: OursRun;
  hgs: AnchorRun | string;
  ortools: AnchorRun | string;
  pyvrp: AnchorRun | string;
}

export interface VrptwRunOptions {
  limitMs: number;
  seed: number;
  /** The solver's clock (CPU time with --cpu-clock); HGS then measures CPU time too, else wall-clock time. */
  now?: () => number;
  /** HGS's integer units per distance unit (--hgs-scale; default hundredths). */
  hgsScale?: number;
}

const clockNow = (now?: () => number) => now ?? (() => performance.now());

export function runOurs(text: string, o: VrptwRunOptions): OursRun {
  const now = clockNow(o.now);
  const rss = new RssPeak();
  rss.sample();
  const t0 = now();
  const r = solveSolomon(text, {
    timeLimitMs: o.limitMs,
    seed: o.seed,
    convention: 'double',
    objective: 'vehicles-then-distance',
    ...(o.now ? { now: o.now } : {}),
    onProgress: () => rss.sample(),
  });
  const elapsedMs = now() - t0;
  rss.sample();
  return {
    vehicles: r.vehicles,
    distance: r.distance,
    feasible: r.feasible,
    msToBest: r.msToBest,
    elapsedMs,
    limitMs: o.limitMs,
    peakRssMb: rss.mb,
  };
}

const anchorOf = (r: HgsResult): AnchorRun => ({
  vehicles: r.vehicles,
  distance: r.distance,
  feasible: r.feasible,
  msToBest: r.msToBest,
  msToBestApprox: r.msToBestFrom === 'second',
  problems: r.problems,
  ...(r.fixedCost === undefined ? {} : { fixedCost: r.fixedCost }),
});

/** One line under a table: HGS's fixed cost per route over its runs (why it may use more routes). */
export function hgsFixedCostNote(runs: readonly VrptwRun[]): string {
  const ms = runs.flatMap((r) => (typeof r.hgs !== 'string' && r.hgs.fixedCost !== undefined ? [r.hgs.fixedCost] : []));
  if (ms.length === 0) return '';
  const lo = Math.min(...ms).toFixed(0);
  const hi = Math.max(...ms).toFixed(0);
  return `HGS's fixed cost per route M: ${lo === hi ? lo : `${lo}–${hi}`} distance units (a route more pays for HGS when it saves more than M of distance; --hgs-scale sets M's units).`;
}

/** An anchor's time to best: "~" when only its second is known. */
export function anchorMsToBest(a: AnchorRun | string): string {
  if (typeof a === 'string' || a.msToBest === undefined) return '–';
  return `${a.msToBestApprox ? '~' : ''}${a.msToBest}`;
}

function attempt(run: () => AnchorRun): AnchorRun | string {
  try {
    return run();
  } catch (error) {
    return `error: ${(error as Error).message.slice(0, 80)}`;
  }
}

export function runVrptw(text: string, anchors: VrptwAnchors, o: VrptwRunOptions): VrptwRun {
  const seconds = o.limitMs / 1000;
  const ours = runOurs(text, o);
  const hgs =
    'binary' in anchors.hgs
      ? attempt(() =>
          anchorOf(
            runHgs(text, {
              seconds,
              seed: o.seed,
              wallClock: !o.now,
              scale: o.hgsScale,
              binary: (anchors.hgs as { binary: string }).binary,
            }),
          ),
        )
      : 'not installed';
  const ortools =
    'python' in anchors.ortools
      ? attempt(() => anchorOf(runOrtoolsVrptw((anchors.ortools as { python: string }).python, text, { seconds })))
      : 'not installed';
  const pyvrp =
    'python' in anchors.pyvrp
      ? attempt(() => pyvrpRun((anchors.pyvrp as { python: string }).python, text, o))
      : 'not installed';
  return { ours, hgs, ortools, pyvrp };
}

function pyvrpRun(python: string, text: string, o: VrptwRunOptions): AnchorRun {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'homerounds-pyvrp-'));
  try {
    const file = path.join(dir, 'instance.txt');
    writeFileSync(file, text);
    const r = runPyvrp(python, file, {
      seconds: o.limitMs / 1000,
      seed: o.seed,
      convention: 'double',
      objective: 'vehicles-then-distance',
    });
    return { vehicles: r.vehicles, distance: r.distance, feasible: r.feasible, problems: r.problems };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** "routes / distance" of an anchor's answer, or why there is none. */
export function anchorCell(a: AnchorRun | string): string {
  if (typeof a === 'string') return a;
  return `${a.vehicles} / ${a.distance.toFixed(2)}${a.feasible ? '' : ' (INFEASIBLE)'}`;
}

export const isRun = (a: AnchorRun | string): a is AnchorRun => typeof a !== 'string';

/** Elapsed against the limit: "10012 / 10000 (+0.1 %)". */
export function overrunCell(elapsedMs: number, limitMs: number): string {
  const over = (100 * (elapsedMs - limitMs)) / limitMs;
  return `${elapsedMs.toFixed(0)} / ${limitMs} (${over >= 0 ? '+' : ''}${over.toFixed(1)} %)`;
}
