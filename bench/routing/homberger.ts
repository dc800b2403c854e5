// Gehring–Homberger-like VRPTW at 200 customers (default 30 s, every class, two seeds) and 400/600/1,000
// (default 60 s; R1 and RC2 as in issue 26, the classes where the gaps and extra routes were): ours beside HGS,
// with the time to best, the peak resident memory and the overrun of the limit.
import { type VrptwClass, vrptwInstanceName, vrptwInstanceText } from '../../tests/support/routing/vrptw-instances.ts';
import { classSummaryTable } from './class-summary.ts';
import { vrptwRowCells } from './solomon-classes.ts';
import { header } from './table.ts';
import { hgsFixedCostNote, runVrptw, type VrptwAnchors, type VrptwRun } from './vrptw-runs.ts';

export interface HombergerGroup {
  n: number;
  limitMs: number;
  classes: readonly VrptwClass[];
  seeds: number;
}

export function benchmarkHomberger(o: {
  groups: HombergerGroup[];
  seed: number;
  now?: () => number;
  hgsScale?: number;
  anchors: VrptwAnchors;
}): void {
  for (const g of o.groups) {
    console.log(
      `\n## Homberger-like, ${g.n} customers, ${g.limitMs / 1000} s each (routes first, then double-precision distance)\n`,
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
        ['peak RSS MB', 'r'],
        ['HGS: routes / distance', 'r'],
        ['HGS ms to best', 'r'],
        ['gap to HGS %', 'r'],
        ['OR-Tools', 'r'],
        ['PyVRP', 'r'],
      ]),
    );
    const results: { klass: string; run: VrptwRun }[] = [];
    for (const klass of g.classes)
      for (let s = 0; s < g.seeds; s++) {
        const spec = { klass, n: g.n, seed: o.seed + s };
        const run = runVrptw(vrptwInstanceText(spec), o.anchors, {
          limitMs: g.limitMs,
          seed: o.seed,
          now: o.now,
          hgsScale: o.hgsScale,
        });
        results.push({ klass, run });
        console.log(vrptwRowCells(vrptwInstanceName(spec), klass, run, undefined, [run.ours.peakRssMb]));
      }
    console.log(`\n${hgsFixedCostNote(results.map((r) => r.run))}\n`);
    console.log(classSummaryTable(results));
  }
}
