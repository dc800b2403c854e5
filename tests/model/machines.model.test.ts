// Every machine in machines/ is registered and walked: replayed paths plus 100 % state and
// transition coverage (tests/support/model/model-suite.ts).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { MachineEntry } from '../../machines/registry.ts';
import { modelSuite } from '../support/model/model-suite.ts';
import type { StepOracle } from '../support/model/replay.ts';

const machinesDir = join(import.meta.dirname, '../../machines');

// Loaded here rather than imported: a chart that throws while it is built (a target that names no state)
// must fail a test. A file that fails to import reports no tests at all, which StrykerJS's vitest runner
// counts as a surviving mutant.
let MACHINES: readonly MachineEntry[] = [];
let ORACLES: Record<string, StepOracle> = {};
let loadError: unknown = null;
try {
  ({ MACHINES } = await import('../../machines/registry.ts'));
  ({ ORACLES } = await import('./oracles/index.ts'));
} catch (error) {
  loadError = error;
}

describe('machine registry', () => {
  it('builds every machine', () => {
    if (loadError) throw loadError;
    expect(MACHINES.length).toBeGreaterThan(0);
  });

  it('lists every machine folder', () => {
    const folders = readdirSync(machinesDir).filter(
      (name) => name !== 'shared' && statSync(join(machinesDir, name)).isDirectory(),
    );
    expect(MACHINES.map((m) => m.name).sort()).toEqual(folders.sort());
  });

  it('names each machine after its folder (the machine id)', () => {
    for (const entry of MACHINES) expect(entry.model.machine.id).toBe(entry.name);
  });
});

// A mutation run of one machine (MUTATE_MACHINE, see vitest.mutate.config.ts) walks that machine only.
const only = process.env.MUTATE_MACHINE;
for (const entry of MACHINES) if (!only || entry.name === only) modelSuite(entry.model, ORACLES[entry.name]);
