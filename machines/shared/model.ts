// What a machine's model-based tests (and `homerounds machines paths`) need to walk its graph:
// representative results for every invoked actor and the events the outside world can send.
// Paths are generated from the real machine with xstate/graph; nothing here runs an actor. Eventless
// (`always`) transitions and a finished state's `onDone` are taken inside a step; eventlessSteps names them for
// coverage.
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFrom,
  type EventObject,
  getMicrosteps,
} from 'xstate';
import {
  type AdjacencyMap,
  type AdjacencyValue,
  getAdjacencyMap,
  getShortestPaths,
  type StatePath,
} from 'xstate/graph';

/** One representative result of an invoked actor: resolved with `output`, or rejected with `error`. */
export type ActorOutcome = { label: string; output: unknown } | { label: string; error: unknown };

export interface MachineModel<TMachine extends AnyStateMachine = AnyStateMachine> {
  /** The machine id (= its folder name). */
  name: string;
  machine: TMachine;
  input?: unknown;
  /** Results each invoked actor may produce, keyed by actor name (= invoke id). */
  outcomes: Record<string, readonly ActorOutcome[]>;
  /** Actors that run as callbacks (subscriptions): their notifications appear as ordinary events. */
  callbacks?: readonly string[];
  /** Commands and notifications the outside world may send; offered wherever the machine can take them. */
  events: readonly EventFrom<TMachine>[];
  /** Stops context that grows without bound from exploding the traversal. */
  serializeContext?: (context: unknown) => unknown;
  /** Upper bound on traversal iterations. */
  limit?: number;
}

export type ModelPath = StatePath<AnyMachineSnapshot, EventObject>;

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

function activeNodes(snapshot: AnyMachineSnapshot): AnyStateNode[] {
  return (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes;
}

/** Every event the model offers in `snapshot`: actor results, elapsed delays, and outside events. */
export function modelEvents(model: MachineModel, snapshot: AnyMachineSnapshot): EventObject[] {
  if (snapshot.status !== 'active') return [];
  const events: EventObject[] = [];
  for (const node of activeNodes(snapshot)) {
    for (const invoke of node.invoke) {
      const outcomes = model.outcomes[invoke.id];
      if (!outcomes && !model.callbacks?.includes(invoke.id)) {
        throw new Error(`Model "${model.name}" has no outcomes for actor "${invoke.id}" (state ${node.id})`);
      }
      for (const outcome of outcomes ?? []) {
        events.push(
          'output' in outcome
            ? ({ type: `${DONE}${invoke.id}`, output: outcome.output } as EventObject)
            : ({ type: `${ERROR}${invoke.id}`, error: outcome.error } as EventObject),
        );
      }
    }
    for (const type of node.transitions.keys()) {
      if (type.startsWith(AFTER)) events.push({ type });
    }
  }
  for (const event of model.events) {
    if (snapshot.can(event)) events.push(event);
  }
  return events;
}

function serializeEvent(event: EventObject): string {
  return JSON.stringify(event);
}

function traversalOptions(model: MachineModel) {
  return {
    input: model.input,
    events: (snapshot: AnyMachineSnapshot) => modelEvents(model, snapshot),
    serializeState: (snapshot: AnyMachineSnapshot) =>
      JSON.stringify({
        value: snapshot.value,
        status: snapshot.status,
        context: model.serializeContext ? model.serializeContext(snapshot.context) : snapshot.context,
      }),
    serializeEvent,
    limit: model.limit ?? 5_000,
  };
}

/** The shortest path to every distinct state (value + context) the model can reach. */
export function getStatePaths(model: MachineModel): ModelPath[] {
  return getShortestPaths(model.machine, traversalOptions(model)) as ModelPath[];
}

/**
 * One path per edge of the state graph: the shortest path to the edge's source state, then the edge.
 * Replaying all of them takes every transition the model can take at least once.
 */
export function getTransitionPaths(model: MachineModel): ModelPath[] {
  const options = traversalOptions(model);
  const statePaths = getStatePaths(model);
  const toState = new Map<string, ModelPath>();
  for (const path of statePaths) toState.set(options.serializeState(path.state), path);
  const adjacency = getAdjacencyMap(model.machine, options) as AdjacencyMap<AnyMachineSnapshot, EventObject>;
  const paths: ModelPath[] = [];
  for (const [key, value] of Object.entries(adjacency) as Array<
    [string, AdjacencyValue<AnyMachineSnapshot, EventObject>]
  >) {
    const head = toState.get(key);
    if (!head) continue;
    for (const { event, state } of Object.values(value.transitions) as Array<{
      event: EventObject;
      state: AnyMachineSnapshot;
    }>) {
      paths.push({
        state,
        steps: [...head.steps, { event, state }],
        weight: head.weight + 1,
      });
    }
  }
  return paths;
}

/** Each step of a path as a short label: actor results by their outcome label, delays by name. */
export function pathEventLabels(model: MachineModel, path: ModelPath): string[] {
  return path.steps.slice(1).map(({ event }) => {
    const typed = event as EventObject & { output?: unknown; error?: unknown };
    for (const prefix of [DONE, ERROR]) {
      if (!typed.type.startsWith(prefix)) continue;
      const src = typed.type.slice(prefix.length);
      const outcome = model.outcomes[src]?.find((o) =>
        'output' in o ? prefix === DONE && o.output === typed.output : prefix === ERROR && o.error === typed.error,
      );
      return `${src}: ${outcome?.label ?? (prefix === DONE ? 'done' : 'error')}`;
    }
    if (typed.type.startsWith(AFTER)) return `after ${typed.type.slice(AFTER.length).split('.')[0]}`;
    const { type, ...rest } = typed;
    const detail = Object.values(rest)
      .filter((v) => typeof v === 'string')
      .join(' ');
    return detail ? `${type}(${detail})` : type;
  });
}

/** A readable one-line description of a path, used as a test name and by the CLI. */
export function describePath(model: MachineModel, path: ModelPath): string {
  return `${JSON.stringify(path.state.value)} via ${['start', ...pathEventLabels(model, path)].join(' → ')}`;
}

/** Coverage keys of a node's eventless (`always`) transitions, one per candidate. */
export function eventlessTransitionKeys(node: AnyStateNode): string[] {
  return (node.always ?? []).map((_, index) => `${node.id} ─always[${index}]`);
}

/**
 * What `event` sets off from `snapshot` without further events: the eventless transitions taken (as
 * coverage keys) and the states passed through on the way (entered and left in the same step). The
 * macrostep's microsteps after the first are eventless: in each, the candidate taken is the first of an
 * active node's `always` list whose targets are all active afterwards (targetless: nothing moved).
 */
export function eventlessSteps(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): { transitions: string[]; states: string[] } {
  const result = { transitions: [] as string[], states: [] as string[] };
  if (snapshot.status !== 'active') return result;
  const steps = getMicrosteps(machine, snapshot as never, event as never).map(([step]) => step as AnyMachineSnapshot);
  for (let i = 1; i < steps.length; i++) {
    const before = activeNodes(steps[i - 1] as AnyMachineSnapshot);
    const after = new Set(activeNodes(steps[i] as AnyMachineSnapshot));
    result.states.push(...before.map((node) => node.id));
    const taken = takenAlways(before, after) ?? takenOnDone(before, after);
    if (taken) result.transitions.push(taken);
  }
  return result;
}

/** The `always` candidate a microstep took, as a coverage key. */
function takenAlways(before: AnyStateNode[], after: Set<AnyStateNode>): string | null {
  for (const node of before) {
    const index = (node.always ?? []).findIndex((candidate) => {
      const targets = (candidate.target ?? []) as AnyStateNode[];
      return targets.length ? targets.every((target) => after.has(target)) : after.has(node);
    });
    if (index >= 0) return `${node.id} ─always[${index}]`;
  }
  return null;
}

/** The `onDone` a microstep took (a compound or parallel state whose regions all reached final), as a coverage key. */
function takenOnDone(before: AnyStateNode[], after: Set<AnyStateNode>): string | null {
  for (const node of before) {
    for (const [eventType, candidates] of node.transitions) {
      if (!eventType.startsWith('xstate.done.state.')) continue;
      const index = candidates.findIndex((candidate) => {
        const targets = (candidate.target ?? []) as AnyStateNode[];
        return targets.length > 0 && targets.every((target) => after.has(target));
      });
      if (index >= 0) return `${node.id} ─${eventType}[${index}]`;
    }
  }
  return null;
}
