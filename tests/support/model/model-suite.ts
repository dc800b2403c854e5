// One describe block per machine: every generated path replayed against the real machine, and a
// coverage check that every state and every transition was reached by some path.
import { describe, expect, it } from 'vitest';
import { describePath, getTransitionPaths, type MachineModel } from '../../../machines/shared/model.ts';
import { measureCoverage } from './coverage.ts';
import { replayPath, type StepOracle } from './replay.ts';

export function modelSuite(model: MachineModel, oracle?: StepOracle): void {
  describe(`${model.name} machine (model-based)`, () => {
    // A graph that cannot be walked fails a test instead of the file's collection (which reports no
    // tests, and StrykerJS's vitest runner counts that as a surviving mutant).
    let paths: ReturnType<typeof getTransitionPaths> = [];
    let walkError: unknown = null;
    try {
      paths = getTransitionPaths(model);
    } catch (error) {
      walkError = error;
    }

    it('has paths to walk', () => {
      if (walkError) throw walkError;
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
