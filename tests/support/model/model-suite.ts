// One describe block per machine: every generated path replayed against the real machine, and a
// coverage check that every state and every transition was reached by some path.
import { describe, expect, it } from 'vitest';
import { describePath, getTransitionPaths, type MachineModel } from '../../../machines/shared/model.ts';
import { measureCoverage } from './coverage.ts';
import { replayPath, type StepOracle } from './replay.ts';

export function modelSuite(model: MachineModel, oracle?: StepOracle): void {
  describe(`${model.name} machine (model-based)`, () => {
    const paths = getTransitionPaths(model);

    it('has paths to walk', () => {
      expect(paths.length).toBeGreaterThan(0);
    });

    it('reaches every state and every transition', () => {
      const coverage = measureCoverage(model.machine, paths);
      expect(coverage.states.missed, 'states never reached').toEqual([]);
      expect(coverage.transitions.missed, 'transitions never taken').toEqual([]);
    });

    const seen = new Set<string>();
    for (const path of paths) {
      let name = describePath(model, path);
      while (seen.has(name)) name = `${name} ′`;
      seen.add(name);
      it(`replays ${name}`, async () => {
        const result = await replayPath(model, path, oracle);
        expect(result.snapshots).toHaveLength(path.steps.length);
      });
    }
  });
}
