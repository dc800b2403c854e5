// Mermaid state diagrams and a JSON outline generated from a machine's own definition, so the docs
// and `homerounds machines show` can never drift from the code.
import type { AnyStateMachine, AnyStateNode } from 'xstate';

function mermaidId(node: AnyStateNode): string {
  return node.id.replace(/[^A-Za-z0-9_]/g, '_');
}

function eventLabel(eventType: string): string {
  if (eventType.startsWith('xstate.after.')) return `after ${eventType.slice('xstate.after.'.length).split('.')[0]}`;
  if (eventType.startsWith('xstate.done.actor.')) return `${eventType.slice('xstate.done.actor.'.length)} done`;
  if (eventType.startsWith('xstate.error.actor.')) return `${eventType.slice('xstate.error.actor.'.length)} error`;
  return eventType;
}

function guardLabel(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && 'type' in guard) return ` [${String((guard as { type: unknown }).type)}]`;
  return ' [guard]';
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function renderNode(node: AnyStateNode, indent: string, lines: string[]): void {
  const kids = children(node);
  if (kids.length) {
    lines.push(`${indent}state ${mermaidId(node)} {`);
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}  [*] --> ${mermaidId(initial)}`);
    for (const kid of kids) renderNode(kid, `${indent}  `, lines);
    lines.push(`${indent}}`);
  } else {
    lines.push(`${indent}state "${node.key}" as ${mermaidId(node)}`);
  }
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const root = machine.root;
  for (const kid of children(root)) renderNode(kid, '  ', lines);
  const initial = root.initial?.target?.[0] as AnyStateNode | undefined;
  if (initial) lines.push(`  [*] --> ${mermaidId(initial)}`);
  const walk = (node: AnyStateNode) => {
    for (const [eventType, candidates] of [...node.transitions, ['always', node.always ?? []] as const]) {
      for (const transition of candidates) {
        const sourceId = node === root ? null : mermaidId(node);
        for (const target of (transition.target ?? []) as AnyStateNode[]) {
          const label = `${eventLabel(eventType)}${guardLabel(transition.guard)}`;
          // Root-level transitions apply from every state: draw them from a note-like pseudo state.
          lines.push(`  ${sourceId ?? 'any'} --> ${mermaidId(target)} : ${label}`);
        }
      }
    }
    for (const kid of children(node)) walk(kid);
  };
  walk(root);
  if (lines.some((line) => line.startsWith('  any '))) lines.splice(1, 0, '  state "any state" as any');
  return lines.join('\n');
}

export interface MachineOutline {
  id: string;
  states: Array<{ id: string; tags: string[]; invokes: string[]; final: boolean }>;
  transitions: Array<{ source: string; event: string; targets: string[]; guard: string | null }>;
}

export function toOutline(machine: AnyStateMachine): MachineOutline {
  const outline: MachineOutline = { id: machine.id, states: [], transitions: [] };
  const walk = (node: AnyStateNode) => {
    outline.states.push({
      id: node.id,
      tags: [...node.tags],
      invokes: node.invoke.map((invoke) => invoke.id),
      final: node.type === 'final',
    });
    for (const [eventType, candidates] of node.transitions) {
      for (const transition of candidates) {
        outline.transitions.push({
          source: node.id,
          event: eventType,
          targets: ((transition.target ?? []) as AnyStateNode[]).map((t) => t.id),
          guard: guardLabel(transition.guard).replace(/^ \[|\]$/g, '') || null,
        });
      }
    }
    for (const kid of children(node)) walk(kid);
  };
  walk(machine.root);
  return outline;
}
