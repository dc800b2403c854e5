// TSPTW matrix format (López-Ibáñez/Blum): Dumas .txt and Ascheuer/AFG .tw. Line 1 = n (depot included),
// then the n×n travel matrix, then n lines "a b" (windows, depot first); '#' starts a comment.
// README §2: leave the depot at a0, wait when early, infeasible when late, return by b0; the objective is
// the sum of matrix entries on the tour including the return, waiting not counted. AFG matrices already
// include the origin's service time, so service is 0 here for both dialects.
import { InstanceParseError } from './tsplib.ts';

export type TsptwDialect = 'dumas' | 'afg';

export interface TsptwInstance {
  n: number;
  dialect: TsptwDialect;
  matrix: number[][];
  windows: { earliest: number; latest: number }[];
}

export function parseTsptw(text: string, fileName?: string): TsptwInstance {
  // Tokenise line by line only to report the line of a bad token.
  const tokens: { value: number; line: number }[] = [];
  let hasComment = false;
  for (const [k, raw] of text.split(/\r?\n/).entries()) {
    const hash = raw.indexOf('#');
    if (hash >= 0) hasComment = true;
    const body = hash >= 0 ? raw.slice(0, hash) : raw;
    for (const t of body.trim().split(/\s+/)) {
      if (t === '') continue;
      const value = Number(t);
      if (!Number.isFinite(value)) throw new InstanceParseError(`line ${k + 1}: "${t}" is not a number`);
      tokens.push({ value, line: k + 1 });
    }
  }
  const n = tokens[0]?.value;
  if (n === undefined || !Number.isInteger(n) || n < 1) throw new InstanceParseError('line 1: expected the node count');
  const needed = 1 + n * n + 2 * n;
  if (tokens.length < needed) {
    throw new InstanceParseError(
      `expected ${needed} numbers (n, ${n}×${n} matrix, ${n} windows), found ${tokens.length}`,
    );
  }
  if (tokens.length > needed) {
    throw new InstanceParseError(`line ${tokens[needed]?.line}: unexpected extra number after the ${n} windows`);
  }
  const at = (i: number) => (tokens[i] as { value: number }).value;
  const matrix = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => at(1 + i * n + j)));
  const windows = Array.from({ length: n }, (_, i) => {
    const earliest = at(1 + n * n + 2 * i);
    const latest = at(2 + n * n + 2 * i);
    if (latest < earliest) {
      throw new InstanceParseError(
        `line ${tokens[1 + n * n + 2 * i]?.line}: window ${earliest} ${latest} ends before it starts`,
      );
    }
    return { earliest, latest };
  });
  return { n, dialect: detectDialect(matrix, fileName, hasComment), matrix, windows };
}

/** AFG files are .tw and asymmetric (service folded into the matrix); Dumas files are symmetric .txt. */
function detectDialect(matrix: number[][], fileName: string | undefined, hasComment: boolean): TsptwDialect {
  if (fileName?.endsWith('.tw')) return 'afg';
  if (fileName?.endsWith('.txt')) return 'dumas';
  const symmetric = matrix.every((row, i) => row.every((v, j) => v === matrix[j]?.[i]));
  return symmetric && !hasComment ? 'dumas' : 'afg';
}

export interface TsptwEvaluation {
  cost: number;
  feasible: boolean;
  /** Arrival back at the depot. */
  finish: number;
}

/** Cost of a tour given as node ids (depot 0 first, optional; each customer once), per README §2. */
export function tsptwTourCost(instance: TsptwInstance, tour: readonly number[]): TsptwEvaluation {
  const order = tour[0] === 0 ? tour.slice(1) : [...tour];
  if (
    order.length !== instance.n - 1 ||
    new Set(order).size !== order.length ||
    order.some((v) => v < 1 || v >= instance.n)
  ) {
    throw new InstanceParseError(`a tour must visit customers 1..${instance.n - 1} once each`);
  }
  const m = instance.matrix;
  const w = instance.windows;
  let prev = 0;
  let time = w[0]?.earliest ?? 0;
  let cost = 0;
  let feasible = true;
  for (const v of [...order, 0]) {
    const c = m[prev]?.[v] ?? Number.NaN;
    cost += c;
    time += c;
    const win = w[v] as { earliest: number; latest: number };
    if (time > win.latest) feasible = false;
    if (v !== 0) time = Math.max(time, win.earliest);
    prev = v;
  }
  return { cost, feasible, finish: time };
}
