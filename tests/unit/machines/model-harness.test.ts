// The harness must catch a machine that does not do what its graph says, and a state no path reaches.
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { getStatePaths, getTransitionPaths, type MachineModel } from '../../../machines/shared/model.ts';
import { measureCoverage } from '../../support/model/coverage.ts';
import { replayPath } from '../../support/model/replay.ts';

const toggle = setup({ types: { events: {} as { type: 'flip' } } }).createMachine({
  id: 'toggle',
  initial: 'off',
  states: { off: { on: { flip: 'on' } }, on: { on: { flip: 'off' } }, unreachable: {} },
});

describe('model harness', () => {
  const model: MachineModel = { name: 'toggle', machine: toggle, outcomes: {}, events: [{ type: 'flip' }] };

  it('reports a state that no path reaches', () => {
    const coverage = measureCoverage(toggle, getTransitionPaths(model));
    expect(coverage.states.missed).toEqual(['toggle.unreachable']);
    expect(coverage.transitions.missed).toEqual([]);
  });

  it('fails a replay when the live machine is not where the path says', async () => {
    const path = getStatePaths(model).find((p) => p.state.value === 'on');
    if (!path) throw new Error('no path to on');
    const wrong = {
      ...path,
      steps: path.steps.map((s, i) => (i === 1 ? { ...s, state: path.steps[0]?.state ?? s.state } : s)),
    };
    await expect(replayPath(model, wrong)).rejects.toThrow(/expected .*"off".* but the machine is in .*"on"/);
  });
});

describe('model harness: eventless transitions', () => {
  const gate = setup({
    types: { context: {} as { open: boolean }, events: {} as { type: 'open' } | { type: 'go' } },
    guards: { isOpen: ({ context }) => context.open },
  }).createMachine({
    id: 'gate',
    context: { open: false },
    initial: 'waiting',
    states: {
      waiting: { on: { open: { actions: assign({ open: true }) }, go: 'deciding' } },
      deciding: { always: [{ guard: 'isOpen', target: 'through' }, { target: 'blocked' }] },
      through: {},
      blocked: {},
    },
  });
  const model: MachineModel = { name: 'gate', machine: gate, outcomes: {}, events: [{ type: 'open' }, { type: 'go' }] };

  it('measures each candidate of an always list, and replays the paths through them', async () => {
    const paths = getTransitionPaths(model);
    const coverage = measureCoverage(gate, paths);
    expect(coverage.transitions.all).toContain('gate.deciding ─always[0]');
    expect(coverage.transitions.all).toContain('gate.deciding ─always[1]');
    expect(coverage.transitions.missed).toEqual([]);
    for (const path of paths) await replayPath(model, path);
  });

  it('reports a candidate that no path takes', () => {
    const onlyGo: MachineModel = { ...model, events: [{ type: 'go' }] };
    const coverage = measureCoverage(gate, getTransitionPaths(onlyGo));
    expect(coverage.transitions.missed).toEqual(['gate.waiting ─open[0]', 'gate.deciding ─always[0]']);
  });
});
