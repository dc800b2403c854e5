// Large symmetric tours: the real TSPLIB files in ../shared (≤ pcb442, known optima) and generated 800–2,400-node
// instances of every shape tests/support/routing/tsp-instances.ts has (uniform, clustered, and the drilling
// shapes), ours beside LKH-3 and OR-Tools where installed. Gaps are to the best tour any solver found (and the
// known optimum for the files) and to the Held–Karp 1-tree lower bound (core/routing/tsp/one-tree.ts), so a
// generated instance with no known optimum still shows how far from optimal a tour can at most be.
// The route optimiser's limit is on the wall clock (SolveOptions takes no clock): on a loaded machine it gets less.
import { solveInstance } from '../../core/routing/instances/solve-instance.ts';
import { parseTsplib } from '../../core/routing/instances/tsplib.ts';
import { heldKarpAscent, OneTree } from '../../core/routing/tsp/one-tree.ts';
import {
  type TspInstanceOptions,
  tspInstanceName,
  tspInstanceText,
} from '../../tests/support/routing/tsp-instances.ts';
import { runLkh } from '../anchors/lkh.ts';
import { runOrtoolsTsp } from '../anchors/ortools.ts';
import { knownValues, readBenchmark } from './known-values.ts';
import { fmtGap, gapPercent, header, median, row } from './table.ts';
import { overrunCell } from './vrptw-runs.ts';

export interface TspAnchors {
  lkh: { binary: string } | { reason: string };
  ortools: { python: string } | { reason: string };
}

/**
 * The 1-tree bound on the closed tour: node 0 is doubled (copy n, weight 0 between them, forced), so tours from 0
 * are exactly the paths 0 → … → n and OneTree's path bound holds for them. Rounded up: TSPLIB lengths are integers.
 */
export function tourLowerBound(text: string, upperBound: number, maxTrees: number): number {
  const inst = parseTsplib(text);
  const n = inst.dimension;
  const size = n + 1;
  const dist = new Float64Array(size * size);
  const at = (i: number) => (i === n ? 0 : i);
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) dist[i * size + j] = at(i) === at(j) ? 0 : inst.distance(at(i), at(j));
  const tree = new OneTree(dist, size, 0, n);
  const { bound } = heldKarpAscent(tree, { upperBound, maxTrees });
  return Math.ceil(bound - 1e-6);
}

interface Case {
  name: string;
  shape: string;
  text: string;
  known?: number;
}

export function benchmarkTspLarge(o: {
  fileLimitMs: number;
  generatedLimitMs: number;
  generated: readonly TspInstanceOptions[];
  files: 'all' | readonly string[];
  seed: number;
  ascentTrees: number;
  anchors: TspAnchors;
}): void {
  console.log(
    `\n## Large tours: TSPLIB files at ${o.fileLimitMs / 1000} s, generated instances at ${o.generatedLimitMs / 1000} s (ours on the wall clock)\n`,
  );
  console.log(
    header([
      ['instance', 'l'],
      ['nodes', 'r'],
      ['shape', 'l'],
      ['optimum / 1-tree bound', 'r'],
      ['best of all', 'r'],
      ['ours', 'r'],
      ['gap to best %', 'r'],
      ['gap to bound %', 'r'],
      ['ms to best', 'r'],
      ['elapsed / limit ms', 'r'],
      ['LKH-3', 'r'],
      ['LKH-3 gap %', 'r'],
      ['LKH-3 ms to best', 'r'],
      ['OR-Tools', 'r'],
      ['OR-Tools gap %', 'r'],
    ]),
  );
  const cases: (Case & { limitMs: number })[] = [];
  for (const k of knownValues().filter((v) => v.set === 'TSPLIB'))
    if (o.files === 'all' || o.files.includes(k.instance))
      cases.push({
        name: k.instance,
        shape: 'TSPLIB file',
        text: readBenchmark(k.file),
        known: k.value,
        limitMs: o.fileLimitMs,
      });
  for (const g of o.generated)
    cases.push({ name: tspInstanceName(g), shape: g.shape, text: tspInstanceText(g), limitMs: o.generatedLimitMs });
  const fileGaps: number[] = [];
  const boundGaps: number[] = [];
  let anchorsRan = 0;
  for (const c of cases) {
    const seconds = c.limitMs / 1000;
    const ours = solveInstance(c.text, 'tsplib', { timeLimitMs: c.limitMs, seed: o.seed });
    const lkh =
      'binary' in o.anchors.lkh
        ? attempt(() => runLkh((o.anchors.lkh as { binary: string }).binary, c.text, { seconds, seed: o.seed }))
        : 'not installed';
    const ort =
      'python' in o.anchors.ortools
        ? attempt(() =>
            runOrtoolsTsp((o.anchors.ortools as { python: string }).python, c.text, { seconds, seed: o.seed }),
          )
        : 'not installed';
    const costs = [ours.cost, ...[lkh, ort].filter((r) => typeof r !== 'string').map((r) => r.cost)];
    if (c.known !== undefined) costs.push(c.known);
    const best = Math.min(...costs);
    const bound = c.known ?? tourLowerBound(c.text, best, o.ascentTrees);
    const gap = gapPercent(ours.cost, best);
    if (c.known !== undefined) fileGaps.push(gap);
    else boundGaps.push(gapPercent(ours.cost, bound));
    if (typeof lkh !== 'string' || typeof ort !== 'string') anchorsRan++;
    const cost = (r: { cost: number } | string) => (typeof r === 'string' ? r : String(r.cost));
    const gapTo = (r: { cost: number } | string) => (typeof r === 'string' ? '–' : fmtGap(gapPercent(r.cost, best)));
    console.log(
      row([
        c.name,
        parseTsplib(c.text).dimension,
        c.shape,
        c.known !== undefined ? `${c.known} (optimum)` : `≥ ${bound}`,
        best,
        ours.cost,
        fmtGap(gap),
        fmtGap(gapPercent(ours.cost, bound)),
        ours.msToBest.toFixed(0),
        overrunCell(ours.ms, c.limitMs),
        cost(lkh),
        gapTo(lkh),
        typeof lkh === 'string' || lkh.msToBest === undefined ? '–' : lkh.msToBest,
        cost(ort),
        gapTo(ort),
      ]),
    );
  }
  console.log('');
  if (fileGaps.length > 0)
    console.log(
      `Files: ours within 0.5 % of the optimum on ${fileGaps.filter((g) => g <= 0.5).length}/${fileGaps.length}, at it on ${fileGaps.filter((g) => g <= 0).length}; worst ${fmtGap(Math.max(...fileGaps))} %.`,
    );
  if (boundGaps.length > 0)
    console.log(
      `Generated: ours above the 1-tree bound by ${fmtGap(median(boundGaps))} % (median), ${fmtGap(Math.max(...boundGaps))} % (worst)${anchorsRan === 0 ? '; no anchor installed, so "best of all" is our own tour' : ''}.`,
    );
}

function attempt<T>(run: () => T): T | string {
  try {
    return run();
  } catch (error) {
    return `error: ${(error as Error).message.slice(0, 80)}`;
  }
}
