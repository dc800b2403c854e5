// Per-class summary of VRPTW runs against HGS: the numbers issue 26's "Done when" is read from (mean distance
// gap at equal route counts, how often we use more routes, the worst gap). Pure: tests check it on made-up runs.
import { fmtGap, gapPercent, header, mean, row } from './table.ts';

interface Side {
  vehicles: number;
  distance: number;
  feasible: boolean;
}

export interface ClassSummary {
  klass: string;
  instances: number;
  /** Instances HGS answered feasibly (the others are not compared). */
  compared: number;
  fewerRoutes: number;
  moreRoutes: number;
  /** Mean and max of 100·(ours − HGS)/HGS over instances with the same route count. */
  meanGap?: number;
  maxGap?: number;
  /** Same-route instances more than 0.5 % above HGS. */
  above05: number;
  oursInfeasible: number;
}

export function summarizeClasses(
  results: readonly { klass: string; run: { ours: Side; hgs: Side | string } }[],
): ClassSummary[] {
  const classes = [...new Set(results.map((r) => r.klass))];
  return classes.map((klass) => {
    const mine = results.filter((r) => r.klass === klass);
    const compared = mine.filter((r) => typeof r.run.hgs !== 'string' && r.run.hgs.feasible);
    const gaps: number[] = [];
    let fewerRoutes = 0;
    let moreRoutes = 0;
    for (const { run } of compared) {
      const hgs = run.hgs as Side;
      if (run.ours.vehicles < hgs.vehicles) fewerRoutes++;
      else if (run.ours.vehicles > hgs.vehicles) moreRoutes++;
      else gaps.push(gapPercent(run.ours.distance, hgs.distance));
    }
    return {
      klass,
      instances: mine.length,
      compared: compared.length,
      fewerRoutes,
      moreRoutes,
      meanGap: mean(gaps),
      maxGap: gaps.length > 0 ? Math.max(...gaps) : undefined,
      above05: gaps.filter((g) => g > 0.5).length,
      oursInfeasible: mine.filter((r) => !r.run.ours.feasible).length,
    };
  });
}

export function classSummaryTable(
  results: readonly { klass: string; run: { ours: Side; hgs: Side | string } }[],
): string {
  const lines = [
    header([
      ['class', 'l'],
      ['instances (vs HGS)', 'r'],
      ['ours fewer / more routes than HGS', 'r'],
      ['mean gap to HGS % (same routes)', 'r'],
      ['max gap %', 'r'],
      ['same-route instances > +0.5 %', 'r'],
      ['ours infeasible', 'r'],
    ]),
  ];
  for (const s of summarizeClasses(results))
    lines.push(
      row([
        s.klass,
        `${s.instances} (${s.compared})`,
        `${s.fewerRoutes} / ${s.moreRoutes}`,
        fmtGap(s.meanGap),
        fmtGap(s.maxGap),
        s.above05,
        s.oursInfeasible,
      ]),
    );
  return lines.join('\n');
}
