// Call session: the spec §8 error texts it emits and the synthetic ended-status message it sends once.
import { LISTENING_TIMEOUT_MS } from '../shared/call-timeouts.ts';

/** Spec §8. */
export const MISSING_CALL_TARGET_MESSAGE = 'Assistant or Squad or Workflow must be provided.';
export const STOPPED_DURING_START_MESSAGE = 'The call was stopped before it started';
export const LISTENING_TIMEOUT_MESSAGE = `The assistant did not start listening within ${LISTENING_TIMEOUT_MS} ms`;
/** The synthetic end status sent once when no real one arrived (reference §1.8). */
export const CUSTOMER_ENDED_STATUS = {
  type: 'status-update',
  status: 'ended',
  endedReason: 'customer-ended-call',
} as const;
