// Pure helpers of the routing bench: Markdown rows, gaps, means, the command-line flags and the clocks.
// Kept apart from the runners so tests/unit/bench-routing.test.ts checks them without solving anything.

export function row(cells: readonly (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** A header row and its alignment row ('r' right-aligns a numeric column). */
export function header(columns: readonly (readonly [string, 'l' | 'r'])[]): string {
  return `${row(columns.map(([name]) => name))}\n${row(columns.map(([, a]) => (a === 'r' ? '---:' : '---')))}`;
}

/** gap% = 100 · (cost − reference) / reference (README of ../shared/benchmarks/routing). */
export function gapPercent(cost: number, reference: number): number {
  return (100 * (cost - reference)) / reference;
}

/** A signed gap with two decimals ("+0.42", "−"-free: "-0.10"), or "–" when there is nothing to compare. */
export function fmtGap(gap: number | undefined): string {
  if (gap === undefined || !Number.isFinite(gap)) return '–';
  const fixed = gap.toFixed(2);
  return gap > 0 && fixed !== '0.00' ? `+${fixed}` : fixed === '-0.00' ? '0.00' : fixed;
}

export function mean(xs: readonly number[]): number | undefined {
  return xs.length === 0 ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length;
}

export function median(xs: readonly number[]): number | undefined {
  if (xs.length === 0) return undefined;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/**
 * Gap of our distance to an anchor's on the same instance, only when both used the same number of routes
 * (the objective is vehicles first); otherwise the route difference, e.g. "+1 route".
 */
export function vrptwGap(
  ours: { vehicles: number; distance: number },
  anchor: { vehicles: number; distance: number; feasible: boolean } | undefined,
): { gap?: number; text: string } {
  if (!anchor) return { text: '–' };
  if (!anchor.feasible) return { text: 'anchor infeasible' };
  if (ours.vehicles !== anchor.vehicles) {
    const d = ours.vehicles - anchor.vehicles;
    return { text: `${d > 0 ? '+' : ''}${d} route${Math.abs(d) === 1 ? '' : 's'}` };
  }
  const gap = gapPercent(ours.distance, anchor.distance);
  return { gap, text: fmtGap(gap) };
}

/** This process's CPU time in ms: the clock for limits on a shared, loaded machine. */
export function cpuNow(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export type BenchFamily = 'classic' | 'tsp' | 'solomon' | 'homberger';
export const BENCH_FAMILIES: readonly BenchFamily[] = ['classic', 'tsp', 'solomon', 'homberger'];

export interface BenchArgs {
  families: BenchFamily[];
  quick: boolean;
  cpuClock: boolean;
  seed: number;
  runs: number;
  /** --ms overrides every family's limit (ms). */
  ms?: number;
  /** The classic sections' Solomon limit (--solomon-ms, kept from the earlier bench). */
  solomonMs: number;
  /** --seeds: generated instances per class (Solomon family). */
  seeds?: number;
  /** --hgs-scale: HGS's integer units per distance unit (default 100, ../shared/anchors/README.md). */
  hgsScale?: number;
  /** Classic sub-switches, kept: --solomon-only, --time-limits-only, --families (generated TSP/TSPTW). */
  solomonOnly: boolean;
  timeLimitsOnly: boolean;
  generatedFamilies: boolean;
}

/** The flags, strictly: an unknown --family or a non-numeric value is an error, not a silent default. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const value = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const num = (name: string): number | undefined => {
    const v = value(name);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} wants a positive number, got ${v ?? 'nothing'}`);
    return n;
  };
  const families: BenchFamily[] = [];
  argv.forEach((a, i) => {
    if (a !== '--family') return;
    for (const f of (argv[i + 1] ?? '').split(',')) {
      if (!BENCH_FAMILIES.includes(f as BenchFamily))
        throw new Error(`--family wants one of ${BENCH_FAMILIES.join('|')}, got ${f || 'nothing'}`);
      if (!families.includes(f as BenchFamily)) families.push(f as BenchFamily);
    }
  });
  return {
    families: families.length > 0 ? families : [...BENCH_FAMILIES],
    quick: argv.includes('--quick'),
    cpuClock: argv.includes('--cpu-clock'),
    seed: num('--seed') ?? 1,
    runs: num('--runs') ?? 1,
    ms: num('--ms'),
    solomonMs: num('--solomon-ms') ?? 1000,
    seeds: num('--seeds'),
    hgsScale: num('--hgs-scale'),
    solomonOnly: argv.includes('--solomon-only'),
    timeLimitsOnly: argv.includes('--time-limits-only'),
    generatedFamilies: argv.includes('--families'),
  };
}

/** Peak resident memory seen by `sample()` calls (MB); sample from progress callbacks, not a timer (solves block). */
export class RssPeak {
  peak = 0;
  sample(): void {
    this.peak = Math.max(this.peak, process.memoryUsage().rss);
  }
  get mb(): number {
    return Math.round(this.peak / 2 ** 20);
  }
}
