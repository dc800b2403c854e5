// Route optimiser benchmark (issue 26): per-family Markdown tables, ours beside HGS, LKH-3, OR-Tools and PyVRP
// wherever they are installed (bench/README.md: how to build and install them), with the time to best.
// Families: tsp (TSPLIB files ≤ pcb442 at their optima + generated 800–2,400-node tours of every shape, gap to the
// best tour and to the 1-tree bound), solomon (100 customers by class at 10 s: the real files + generated, a few
// seeds), homberger (200 customers at 30 s, 400/600/1,000 at 60 s: gap to HGS, time to best, memory, overrun),
// classic (the earlier sections: files at their known values, clinician days, time limits).
// The default run (every family) takes about 35–45 minutes on 2 cores; --quick is a smoke run of 2–3 minutes.
// Prints numbers, asserts nothing; CI never runs it. Flags: --family tsp|solomon|homberger|classic (repeatable or
// comma-separated), --quick, --ms MS (every family's limit), --cpu-clock (VRPTW limits on this process's CPU
// time, and HGS on its CPU time; else both on the wall clock), --seed N, --seeds N (generated Solomon instances
// per class), --hgs-scale N (HGS integer units per distance unit, default 100), --runs N / --solomon-ms MS /
// --solomon-only / --time-limits-only / --families (classic sections).
// Run: npx tsx bench/routing.bench.ts --family solomon --cpu-clock
import os from 'node:os';
import { systemNow } from '../core/time/system-clock.ts';
import { TSP_LARGE_FAMILY } from '../tests/support/routing/tsp-instances.ts';
import { VRPTW_CLASSES } from '../tests/support/routing/vrptw-instances.ts';
import { findHgs } from './anchors/hgs.ts';
import { findLkh } from './anchors/lkh.ts';
import { findOrtools } from './anchors/ortools.ts';
import { findPyvrp } from './pyvrp/pyvrp-result.ts';
import { benchmarkClassic } from './routing/classic.ts';
import { benchmarkHomberger } from './routing/homberger.ts';
import { benchmarkSolomonClasses } from './routing/solomon-classes.ts';
import { cpuNow, parseBenchArgs } from './routing/table.ts';
import { benchmarkTspLarge } from './routing/tsp-large.ts';

const args = parseBenchArgs(process.argv.slice(2));
const explicitFamilies = process.argv.includes('--family');
// --quick leaves the classic sections out unless asked for by name.
const families = args.quick && !explicitFamilies ? args.families.filter((f) => f !== 'classic') : args.families;
const now = args.cpuClock ? cpuNow : undefined;
const limit = (ms: number) => args.ms ?? ms;

const hgsFound = families.some((f) => f === 'solomon' || f === 'homberger')
  ? findHgs()
  : { binary: null, reason: 'not needed' };
const hgs = hgsFound.binary !== null ? { binary: hgsFound.binary } : { reason: hgsFound.reason };
const ortools = findOrtools();
const pyvrp = findPyvrp();
const lkh = findLkh();
const status = (a: object) => ('reason' in a ? `not run (${(a as { reason: string }).reason})` : Object.values(a)[0]);

console.log(
  `# routing benchmark — ${systemNow().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)}, seed ${args.seed}${args.quick ? ', --quick' : ''}`,
);
console.log('');
console.log(
  `- families: ${families.join(', ')}; clock: ${args.cpuClock ? 'CPU time of this process (VRPTW) and of HGS' : 'wall clock'} (TSP limits are always on the wall clock)`,
);
console.log(`- HGS (../shared/anchors/hgs-vrptw, built here): ${status(hgs)}`);
console.log(`- LKH-3: ${status(lkh)}`);
console.log(`- OR-Tools: ${status(ortools)}`);
console.log(`- PyVRP: ${status(pyvrp)}`);

const seeds = args.seeds ?? (args.quick ? 1 : 3);
for (const family of families) {
  if (family === 'tsp')
    benchmarkTspLarge({
      fileLimitMs: limit(args.quick ? 2000 : 5000),
      generatedLimitMs: limit(args.quick ? 5000 : 30_000),
      // --quick: one uniform and one drilling shape, the smallest of each.
      generated: args.quick
        ? [...TSP_LARGE_FAMILY]
            .sort((a, b) => a.n - b.n)
            .filter((g, i, all) => all.findIndex((h) => h.shape === g.shape) === i)
            .slice(0, 2)
        : TSP_LARGE_FAMILY,
      files: args.quick ? ['lin105', 'pcb442'] : 'all',
      seed: args.seed,
      ascentTrees: args.quick ? 150 : 300,
      anchors: { lkh, ortools },
    });
  else if (family === 'solomon')
    benchmarkSolomonClasses({
      limitMs: limit(args.quick ? 2000 : 10_000),
      seeds,
      seed: args.seed,
      now,
      hgsScale: args.hgsScale,
      anchors: { hgs, ortools, pyvrp },
    });
  else if (family === 'homberger')
    benchmarkHomberger({
      groups: args.quick
        ? [
            { n: 200, limitMs: limit(5000), classes: ['R1', 'RC1'], seeds: 1 },
            { n: 1000, limitMs: limit(10_000), classes: ['R1'], seeds: 1 },
          ]
        : [
            { n: 200, limitMs: limit(30_000), classes: VRPTW_CLASSES, seeds: 2 },
            ...[400, 600, 1000].map((n) => ({ n, limitMs: limit(60_000), classes: ['R1', 'RC2'] as const, seeds: 1 })),
          ],
      seed: args.seed,
      now,
      hgsScale: args.hgsScale,
      anchors: { hgs, ortools, pyvrp },
    });
  else benchmarkClassic(args, 'python' in pyvrp ? pyvrp.python : undefined);
}
