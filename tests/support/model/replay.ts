// Replays a generated path against the real machine: actors are controlled fakes, time is a
// SimulatedClock, and after every step the live actor must be where the graph said it would be.
import { type AnyMachineSnapshot, type AnyStateMachine, createActor, type EventObject, SimulatedClock } from 'xstate';
import type { MachineModel, ModelPath } from '../../../machines/shared/model.ts';
import { createControlledActors, flush } from './controlled-actors.ts';

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

function delayMs(machine: AnyStateMachine, eventType: string): number {
  // xstate.after.<delay>.<state id>; the delay is a number or a named delay of setup().
  const delay = eventType.slice(AFTER.length).split('.')[0] ?? '';
  if (/^\d+$/.test(delay)) return Number(delay);
  const named = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof named === 'number') return named;
  throw new Error(`Cannot resolve delay "${delay}" of ${eventType}`);
}

function actorNames(machine: AnyStateMachine): string[] {
  return Object.keys(machine.implementations.actors);
}

/** What one step did, for an oracle that knows the specification (not the machine). */
export interface StepObservation {
  index: number;
  event: EventObject & { output?: unknown; error?: unknown };
  before: AnyMachineSnapshot | null;
  after: AnyMachineSnapshot;
  /** Actor names whose invocations started during this step (port calls made). */
  started: string[];
  /** What the machine wrote to console.error during this step (the specification's "logged"). */
  logged: string[];
  /** What it wrote to console.warn (failures of extras that the user is not shown). */
  warned: string[];
  /** What it emitted to its face during this step (`emit` actions). */
  emitted: EventObject[];
}

/** Returns what the step did that the specification forbids (empty when it is fine). */
export type StepOracle = (step: StepObservation) => string[];

export interface ReplayResult {
  /** Snapshots of the live actor after each step. */
  snapshots: AnyMachineSnapshot[];
  controlled: ReturnType<typeof createControlledActors>;
  clock: SimulatedClock;
}

export async function replayPath(model: MachineModel, path: ModelPath, oracle?: StepOracle): Promise<ReplayResult> {
  const callbacks = model.callbacks ?? [];
  const controlled = createControlledActors(
    actorNames(model.machine).filter((name) => !callbacks.includes(name)),
    callbacks,
  );
  const clock = new SimulatedClock();
  const machine = model.machine.provide({ actors: controlled.actors });
  const actor = createActor(machine, { clock, input: model.input });
  const failures: unknown[] = [];
  actor.subscribe({ error: (error) => failures.push(error) });
  const emitted: EventObject[] = [];
  actor.on('*', (event) => {
    emitted.push(event);
  });
  // The specification says which failures are logged: catch the machine's console.error lines per step.
  const logged: string[] = [];
  const warned: string[] = [];
  const consoleError = console.error;
  const consoleWarn = console.warn;
  console.error = (...args: unknown[]) => {
    logged.push(args.map(String).join(' '));
  };
  console.warn = (...args: unknown[]) => {
    warned.push(args.map(String).join(' '));
  };
  try {
    return await walk();
  } finally {
    console.error = consoleError;
    console.warn = consoleWarn;
  }

  async function walk(): Promise<ReplayResult> {
    actor.start();
    await flush();
    const snapshots: AnyMachineSnapshot[] = [];
    let before: AnyMachineSnapshot | null = null;
    const serialize = (snapshot: AnyMachineSnapshot) =>
      JSON.stringify({
        value: snapshot.value,
        status: snapshot.status,
        context: model.serializeContext ? model.serializeContext(snapshot.context) : snapshot.context,
      });
    for (const [index, step] of path.steps.entries()) {
      const event = step.event as EventObject & { output?: unknown; error?: unknown };
      // Step 0 is the start itself: what the machine invoked on starting counts as its port calls.
      const invocationsBefore = index === 0 ? 0 : controlled.invocations.length;
      const loggedBefore = index === 0 ? 0 : logged.length;
      const warnedBefore = index === 0 ? 0 : warned.length;
      const emittedBefore = index === 0 ? 0 : emitted.length;
      if (index > 0 || event.type !== 'xstate.init') {
        if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
          const src = event.type.slice(event.type.startsWith(DONE) ? DONE.length : ERROR.length);
          const pending = controlled.pending(src);
          if (!pending) throw new Error(`Step ${index}: no pending invocation of ${src} to settle`);
          if (event.type.startsWith(DONE)) pending.resolve(event.output);
          else pending.reject(event.error);
        } else if (event.type.startsWith(AFTER)) {
          clock.increment(delayMs(model.machine, event.type));
        } else {
          actor.send(event);
        }
        await flush();
      }
      const live = actor.getSnapshot() as AnyMachineSnapshot;
      snapshots.push(live);
      const expected = serialize(step.state);
      const actual = serialize(live);
      if (expected !== actual) {
        throw new Error(`Step ${index} (${event.type}): expected ${expected} but the machine is in ${actual}`);
      }
      if (oracle) {
        const started = controlled.invocations.slice(invocationsBefore).map((inv) => inv.src);
        const violations = oracle({
          index,
          event,
          before,
          after: live,
          started,
          logged: logged.slice(loggedBefore),
          warned: warned.slice(warnedBefore),
          emitted: emitted.slice(emittedBefore),
        });
        if (violations.length)
          throw new Error(`Step ${index} (${event.type}) breaks the specification: ${violations.join('; ')}`);
      }
      before = live;
    }
    actor.stop();
    if (failures.length) throw failures[0];
    return { snapshots, controlled, clock };
  }
}
