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

export interface ReplayResult {
  /** Snapshots of the live actor after each step. */
  snapshots: AnyMachineSnapshot[];
  controlled: ReturnType<typeof createControlledActors>;
  clock: SimulatedClock;
}

export async function replayPath(model: MachineModel, path: ModelPath): Promise<ReplayResult> {
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
  actor.start();
  await flush();
  const snapshots: AnyMachineSnapshot[] = [];
  const serialize = (snapshot: AnyMachineSnapshot) =>
    JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      context: model.serializeContext ? model.serializeContext(snapshot.context) : snapshot.context,
    });
  for (const [index, step] of path.steps.entries()) {
    const event = step.event as EventObject & { output?: unknown; error?: unknown };
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
  }
  actor.stop();
  if (failures.length) throw failures[0];
  return { snapshots, controlled, clock };
}
