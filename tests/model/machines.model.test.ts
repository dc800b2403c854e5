// Every machine in machines/ is registered and walked: replayed paths plus 100 % state and
// transition coverage (tests/support/model/model-suite.ts).
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MACHINES } from '../../machines/registry.ts';
import { modelSuite } from '../support/model/model-suite.ts';
import { ORACLES } from './oracles/index.ts';

const machinesDir = join(import.meta.dirname, '../../machines');

describe('machine registry', () => {
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

for (const entry of MACHINES) modelSuite(entry.model, ORACLES[entry.name]);
