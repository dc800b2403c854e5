// Video client: the texts it reports (spec §8 errors and warnings) and an actor's failure mapped to its error.
import { BUNDLE_LOAD_TIMEOUT_MS, MEETING_JOIN_TIMEOUT_MS as JOIN_TIMEOUT_MS } from '../shared/call-timeouts.ts';
import { errorMessage } from '../shared/not-provided.ts';
import type { VideoClientError } from './video-client.types.ts';

/** Spec §8 texts. */
export const BUNDLE_TIMEOUT_MESSAGE = `timed out (over ${BUNDLE_LOAD_TIMEOUT_MS} ms) loading the bundle`;
export const BUNDLE_FAILED_MESSAGE = 'Failed to load call object bundle';
export const JOIN_TIMEOUT_MESSAGE = `timed out (over ${JOIN_TIMEOUT_MS} ms) joining the meeting`;
export const ALREADY_JOINING_WARNING = 'already joining meeting, call leave() before joining again';
export const ALREADY_JOINED_WARNING = 'already joined meeting, call leave() before joining again';
export const NOT_LOADED_WARNING = 'the call object is not loaded yet: load it before joining';

/** The error type an actor's failure carries (`type` or `errorType`), else connection-error. */
export function toVideoClientError(error: unknown): VideoClientError {
  let type = 'connection-error';
  // Stryker disable next-line ConditionalExpression: a truthy primitive has no `type` either way
  if (error && typeof error === 'object') {
    const candidate =
      (error as { type?: unknown; errorType?: unknown }).type ?? (error as { errorType?: unknown }).errorType;
    if (typeof candidate === 'string' && candidate) type = candidate;
  }
  return { type, message: errorMessage(error) };
}
