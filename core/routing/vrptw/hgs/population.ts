// biome-ignore-all lint/style/noNonNullAssertion: indices are in range by construction.
// Port of parts of HGS-CVRP (Vidal 2020, MIT) as extended by ORTEC (2022, MIT); see ./LICENSE.
// HGS's population: a feasible and an infeasible subpopulation, each sorted by penalised cost and culled back
// to μ when it reaches μ + λ by biased fitness (cost rank plus diversity rank: mean broken-pairs distance to the
// nbClose closest, so clones go first); parents by binary tournament on biased fitness; the penalties raised or
// lowered every 100 offspring toward a target share of feasible offspring (load and time warp apart).
import type { Rng } from '../../rng.ts';
import type { HgsData, Penalties } from './data.ts';
import type { Individual } from './individual.ts';

export const POPULATION = {
  /** μ, λ, elite count, closest for diversity, target feasible share (HGS's defaults). */
  mu: 25,
  lambda: 40,
  elite: 4,
  close: 5,
  targetFeasible: 0.2,
  /** Offspring remembered for the feasible shares. */
  window: 100,
};

export class Population {
  feasible: Individual[] = [];
  infeasible: Individual[] = [];
  /** 1 = feasible, over the last `window` local-search results (load and time warp apart). */
  private loadOk: number[] = [];
  private warpOk: number[] = [];

  constructor(
    private readonly data: HgsData,
    readonly penalties: Penalties,
    private readonly rng: Rng,
  ) {}

  get size(): number {
    return this.feasible.length + this.infeasible.length;
  }

  /** Records a local-search result's feasibility for the penalty adaptation (HGS's updateFeasible). */
  record(indiv: Individual): void {
    this.loadOk.push(indiv.loadExcess <= 1e-7 ? 1 : 0);
    this.warpOk.push(indiv.timeWarp <= 1e-7 ? 1 : 0);
    if (this.loadOk.length > POPULATION.window) {
      this.loadOk.shift();
      this.warpOk.shift();
    }
  }

  add(indiv: Individual): void {
    const pop = indiv.feasible ? this.feasible : this.infeasible;
    for (const other of pop) {
      const d = indiv.brokenPairs(other, this.data.n);
      other.link(indiv, d);
      indiv.link(other, d);
    }
    let place = pop.length;
    while (place > 0 && pop[place - 1]!.penalised > indiv.penalised - 1e-9) place--;
    pop.splice(place, 0, indiv);
    if (pop.length > POPULATION.mu + POPULATION.lambda) while (pop.length > POPULATION.mu) this.removeWorst(pop);
  }

  clear(): void {
    this.feasible = [];
    this.infeasible = [];
  }

  /** Share of feasible results over the window, load and time warp apart (1 before any). */
  shares(): [number, number] {
    const m = this.loadOk.length;
    if (m === 0) return [1, 1];
    let l = 0;
    let w = 0;
    for (let i = 0; i < m; i++) {
      l += this.loadOk[i]!;
      w += this.warpOk[i]!;
    }
    return [l / m, w / m];
  }

  /** HGS's managePenalties: ×1.2 (×2 when nothing is feasible) below the target, ×0.85 above, in [0.1, 1e5]. */
  managePenalties(): void {
    const [load, warp] = this.shares();
    const next = (p: number, share: number) => {
      if (share <= 0.01) return Math.min(p * 2, 1e5);
      if (share < POPULATION.targetFeasible - 0.05) return Math.min(p * 1.2, 1e5);
      if (share > POPULATION.targetFeasible + 0.05) return Math.max(p * 0.85, 0.1);
      return p;
    };
    this.penalties.capacity = next(this.penalties.capacity, load);
    this.penalties.timeWarp = next(this.penalties.timeWarp, warp);
    for (const indiv of this.infeasible) indiv.reprice(this.penalties);
    this.infeasible.sort((a, b) => a.penalised - b.penalised);
  }

  /** Two parents by binary tournament, retrying a few times for two different ones (HGS). */
  parents(): [Individual, Individual] {
    this.updateFitness(this.feasible);
    this.updateFitness(this.infeasible);
    const a = this.tournament();
    let b = this.tournament();
    for (let tries = 0; tries < 10 && a.brokenPairs(b, this.data.n) < 1e-9; tries++) b = this.tournament();
    return [a, b];
  }

  private tournament(): Individual {
    const pick = () => {
      const k = Math.floor(this.rng() * this.size);
      return k < this.feasible.length ? this.feasible[k]! : this.infeasible[k - this.feasible.length]!;
    };
    const a = pick();
    const b = pick();
    return a.biasedFitness < b.biasedFitness ? a : b;
  }

  private updateFitness(pop: Individual[]): void {
    const m = pop.length;
    if (m === 1) {
      pop[0]!.biasedFitness = 0;
      return;
    }
    // Rank by diversity contribution (largest distance first); cost rank is the position in pop.
    const ranking = pop.map((indiv, i) => [-indiv.diversity(POPULATION.close), i] as const).sort((x, y) => x[0] - y[0]);
    for (let k = 0; k < m; k++) {
      const divRank = k / (m - 1);
      const i = ranking[k]![1];
      const fitRank = i / (m - 1);
      pop[i]!.biasedFitness = m <= POPULATION.elite ? fitRank : fitRank + (1 - POPULATION.elite / m) * divRank;
    }
  }

  private removeWorst(pop: Individual[]): void {
    this.updateFitness(pop);
    let worst = -1;
    let worstClone = false;
    let worstFitness = Number.NEGATIVE_INFINITY;
    // Never the best (position 0); clones first, then the worst biased fitness.
    for (let i = 1; i < pop.length; i++) {
      const clone = pop[i]!.closeness(1) < 1e-9;
      if ((clone && !worstClone) || (clone === worstClone && pop[i]!.biasedFitness > worstFitness)) {
        worst = i;
        worstClone = clone;
        worstFitness = pop[i]!.biasedFitness;
      }
    }
    const [gone] = pop.splice(worst, 1);
    for (const other of pop) other.unlink(gone!);
  }
}
