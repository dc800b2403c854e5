// Placeholder actors for setup(): a face must provide every actor through its ports, and a missing
// one fails loudly instead of hanging in a waiting state.
import { fromCallback, fromPromise } from 'xstate';

export class ActorNotProvidedError extends Error {
  constructor(name: string) {
    super(`actor ${name} not provided`);
    this.name = 'ActorNotProvidedError';
  }
}

export function notProvidedPromise<TOutput, TInput = void>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new ActorNotProvidedError(name);
  });
}

export function notProvidedCallback<TEvent extends { type: string }, TInput = void>(name: string) {
  return fromCallback<TEvent, TInput>(() => {
    throw new ActorNotProvidedError(name);
  });
}

/** Turns whatever an actor threw into a message safe to keep in context and to log (never a token). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return 'Unknown error';
}
