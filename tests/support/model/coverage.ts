// Which states and transitions of a machine a set of paths reaches. A transition is keyed by its
// source state, event type and position among that event's candidates (guards make several).
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, EventObject } from 'xstate';
import { eventlessSteps, eventlessTransitionKeys, type ModelPath } from '../../../machines/shared/model.ts';

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

export function transitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of allStateNodes(machine.root)) {
    keys.push(...eventlessTransitionKeys(node));
    for (const [eventType, candidates] of node.transitions) {
      candidates.forEach((_, index) => {
        keys.push(`${node.id} ─${eventType}[${index}]`);
      });
    }
  }
  return keys;
}

export function stateIds(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root).map((node) => node.id);
}

export interface Coverage {
  states: { all: string[]; missed: string[] };
  transitions: { all: string[]; missed: string[] };
}

export function measureCoverage(machine: AnyStateMachine, paths: readonly ModelPath[]): Coverage {
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  const nodesOf = (snapshot: AnyMachineSnapshot) => (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
  for (const path of paths) {
    let previous: AnyMachineSnapshot | undefined;
    for (const step of path.steps) {
      for (const node of nodesOf(step.state)) reachedStates.add(node.id);
      if (previous) {
        for (const taken of machine.getTransitionData(previous, step.event as EventObject)) {
          const source = taken.source as AnyStateNode;
          const index = source.transitions.get(taken.eventType)?.indexOf(taken) ?? -1;
          reachedTransitions.add(`${source.id} ─${taken.eventType}[${index}]`);
        }
        const eventless = eventlessSteps(machine, previous, step.event as EventObject);
        for (const id of eventless.states) reachedStates.add(id);
        for (const key of eventless.transitions) reachedTransitions.add(key);
      }
      previous = step.state;
    }
  }
  const allStates = stateIds(machine);
  const allTransitions = transitionKeys(machine);
  return {
    states: { all: allStates, missed: allStates.filter((id) => !reachedStates.has(id)) },
    transitions: { all: allTransitions, missed: allTransitions.filter((key) => !reachedTransitions.has(key)) },
  };
}
