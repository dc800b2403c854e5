// ../shared/benchmarks/routing/known-values.csv: set, instance, file, value, objective, convention.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCHMARK_DIR = path.join(path.resolve(repoRoot, '../shared'), 'benchmarks/routing');

export interface KnownValue {
  set: string;
  instance: string;
  file: string;
  value: number;
  /** Routes in the known solution, when the objective names them ("10 routes"). */
  routes?: number;
}

export function parseKnownValues(csv: string): KnownValue[] {
  return csv
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((line) => {
      const [set = '', instance = '', file = '', value = '', objective = ''] = line.split(',');
      const routes = /(\d+) routes/.exec(objective)?.[1];
      return { set, instance, file, value: Number(value), ...(routes ? { routes: Number(routes) } : {}) };
    });
}

/** The known values, or [] when ../shared is absent. */
export function knownValues(dir = BENCHMARK_DIR): KnownValue[] {
  const file = path.join(dir, 'known-values.csv');
  return existsSync(file) ? parseKnownValues(readFileSync(file, 'utf8')) : [];
}

export const readBenchmark = (file: string, dir = BENCHMARK_DIR) => readFileSync(path.join(dir, file), 'utf8');
