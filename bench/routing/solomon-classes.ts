// Solomon VRPTW by class at 100 customers (default 10 s each): the three real files with their best-known
// values (hierarchical convention), and generated instances of every class (tests/support/routing/
// vrptw-instances.ts, a few seeds each). Per instance ours beside HGS/OR-Tools/PyVRP on the same limit and seed,
// then per class the mean gap to HGS at equal route counts — what issue 26's "Done when" reads.
import {
  VRPTW_CLASSES,
  type VrptwClass,
  vrptwInstanceName,
  vrptwInstanceText,
} from '../../tests/support/routing/vrptw-instances.ts';
import { classSummaryTable } from './class-summary.ts';
import { knownValues, readBenchmark } from './known-values.ts';
import { fmtGap, gapPercent, header, row, vrptwGap } from './table.ts';
import {
  anchorCell,
  anchorMsToBest,
  hgsFixedCostNote,
  overrunCell,
  runVrptw,
  type VrptwAnchors,
  type VrptwRun,
} from './vrptw-runs.ts';

export interface SolomonFamilyOptions {
  limitMs: number;
  seeds: number;
  seed: number;
  now?: () => number;
  hgsScale?: number;
  anchors: VrptwAnchors;
}

export function benchmarkSolomonClasses(o: SolomonFamilyOptions): void {
  console.log(
    `\n## Solomon by class, 100 customers, ${o.limitMs / 1000} s each (routes first, then double-precision distance)\n`,
  );
  console.log(
    header([
      ['instance', 'l'],
      ['class', 'l'],
      ['best known', 'r'],
      ['ours: routes / distance', 'r'],
      ['gap to known %', 'r'],
      ['ms to best', 'r'],
      ['elapsed / limit ms', 'r'],
      ['HGS: routes / distance', 'r'],
      ['HGS ms to best', 'r'],
      ['gap to HGS %', 'r'],
      ['OR-Tools', 'r'],
      ['PyVRP', 'r'],
    ]),
  );
  const results: { klass: string; run: VrptwRun }[] = [];
  const cases: { name: string; klass: VrptwClass; text: string; known?: { value: number; routes?: number } }[] = [];
  for (const k of knownValues().filter((v) => v.set === 'VRPTW-hier')) {
    const klass = /^RC/.test(k.instance) ? 'RC1' : /^R/.test(k.instance) ? 'R1' : 'C1';
    cases.push({ name: `${k.instance} (file)`, klass, text: readBenchmark(k.file), known: k });
  }
  for (const klass of VRPTW_CLASSES)
    for (let s = 0; s < o.seeds; s++) {
      const spec = { klass, n: 100, seed: o.seed + s };
      cases.push({ name: vrptwInstanceName(spec), klass, text: vrptwInstanceText(spec) });
    }
  for (const c of cases) {
    const run = runVrptw(c.text, o.anchors, { limitMs: o.limitMs, seed: o.seed, now: o.now, hgsScale: o.hgsScale });
    results.push({ klass: c.klass, run });
    console.log(vrptwRowCells(c.name, c.klass, run, c.known));
  }
  console.log(`\n${hgsFixedCostNote(results.map((r) => r.run))}\n`);
  console.log(classSummaryTable(results));
}

export function vrptwRowCells(
  name: string,
  klass: string,
  run: VrptwRun,
  known?: { value: number; routes?: number },
  extra: (string | number)[] = [],
): string {
  const { ours, hgs } = run;
  const hgsGap = vrptwGap(ours, typeof hgs === 'string' ? undefined : hgs).text;
  const knownGap =
    known && (known.routes === undefined || known.routes === ours.vehicles)
      ? fmtGap(gapPercent(ours.distance, known.value))
      : known
        ? `${ours.vehicles} vs ${known.routes} routes`
        : '–';
  return row([
    name,
    klass,
    known ? `${known.value}${known.routes ? ` (${known.routes})` : ''}` : '–',
    `${ours.vehicles} / ${ours.distance.toFixed(2)}${ours.feasible ? '' : ' (INFEASIBLE)'}`,
    knownGap,
    ours.msToBest.toFixed(0),
    overrunCell(ours.elapsedMs, ours.limitMs),
    ...extra,
    anchorCell(hgs),
    anchorMsToBest(hgs),
    hgsGap,
    anchorCell(run.ortools),
    anchorCell(run.pyvrp),
  ]);
}
