// Controllable stand-ins for a machine's actors: every invocation is recorded with its input and
// abort signal, and the test decides when and how it settles.
import { type AnyActorLogic, fromPromise } from 'xstate';

export interface PendingInvocation {
  src: string;
  input: unknown;
  signal: AbortSignal;
  settled: boolean;
  resolve(output: unknown): void;
  reject(error: unknown): void;
}

export interface ControlledActors {
  actors: Record<string, AnyActorLogic>;
  invocations: PendingInvocation[];
  /** The latest unsettled invocation of `src`. */
  pending(src: string): PendingInvocation | undefined;
  /** Callback actors currently subscribed, by name. */
  running: Set<string>;
  /** Resolves the latest pending invocation of `src` and lets the machine see it; throws if none. */
  resolve(src: string, output: unknown): Promise<void>;
  /** Rejects the latest pending invocation of `src` and lets the machine see it; throws if none. */
  reject(src: string, error: unknown): Promise<void>;
}

export function createControlledActors(promiseActors: readonly string[], callbackActors: readonly string[] = []) {
  const invocations: PendingInvocation[] = [];
  const running = new Set<string>();
  const actors: Record<string, AnyActorLogic> = {};
  for (const src of promiseActors) {
    actors[src] = fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((resolve, reject) => {
          const invocation: PendingInvocation = {
            src,
            input,
            signal,
            settled: false,
            resolve: (output) => {
              invocation.settled = true;
              resolve(output);
            },
            reject: (error) => {
              invocation.settled = true;
              reject(error);
            },
          };
          invocations.push(invocation);
        }),
    );
  }
  // A subscription (callback actor) runs until stopped, and may fail: the model's error outcome for it is
  // delivered like a promise actor's rejection (its notifications are ordinary events of the model).
  for (const src of callbackActors) {
    actors[src] = fromPromise<unknown, unknown>(
      ({ input, signal }) =>
        new Promise((_resolve, reject) => {
          running.add(src);
          signal.addEventListener('abort', () => running.delete(src), { once: true });
          const invocation: PendingInvocation = {
            src,
            input,
            signal,
            settled: false,
            resolve: () => {
              throw new Error(`${src} is a subscription: it never completes, it can only fail`);
            },
            reject: (error) => {
              invocation.settled = true;
              running.delete(src);
              reject(error);
            },
          };
          invocations.push(invocation);
        }),
    );
  }
  const pending = (src: string) => [...invocations].reverse().find((inv) => inv.src === src && !inv.settled);
  const settle = async (src: string, how: (invocation: PendingInvocation) => void) => {
    const invocation = pending(src);
    if (!invocation) throw new Error(`no pending ${src}`);
    how(invocation);
    await flush();
  };
  const controlled: ControlledActors = {
    actors,
    invocations,
    running,
    pending,
    resolve: (src, output) => settle(src, (inv) => inv.resolve(output)),
    reject: (src, error) => settle(src, (inv) => inv.reject(error)),
  };
  return controlled;
}

/** Lets settled promises reach the actor (promise actors report on a microtask). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setImmediate(resolve));
}
