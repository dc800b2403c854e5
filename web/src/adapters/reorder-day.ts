// "Use this order": the Route view's way to have the day's visits moved, through the server's `reorder-day` function
// (`POST {supabaseUrl}/functions/v1/reorder-day`, the anon key as apikey and the Supabase session as Bearer), which
// holds the clinician's Google grant, checks each event unchanged by its etag and moves all or none. main.tsx
// provides the page's client once; the Route view asks for it.
import { CALL_MOVED_ACTION, type CallMovedResponse } from '../../../core/confirmations/call-moved-contract.ts';
import { REORDER_FUNCTION, type ReorderMove, type ReorderResponse } from '../../../core/routing/reorder-contract.ts';
import type { DayOrderFailure } from '../../../machines/day-order/index.ts';

export interface ReorderClientOptions {
  supabaseUrl: string;
  anonKey: string;
  /** The signed-in session's access token, or null. */
  getAccessToken: () => string | null;
  fetch?: typeof fetch;
}

export type ReorderDay = (day: string, moves: readonly ReorderMove[], signal: AbortSignal) => Promise<ReorderResponse>;

/** What the server refused with (its code and sentence), or a network failure: the day-order machine says it. */
export class ReorderFailure extends Error implements DayOrderFailure {
  constructor(
    readonly code: DayOrderFailure['code'],
    message: string,
    readonly eventIds: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ReorderFailure';
  }
}

const SIGN_IN_AGAIN = 'Your session has ended: sign in again, then try once more. Nothing was moved.';

export function createReorderClient(options: ReorderClientOptions): ReorderDay {
  const url = `${options.supabaseUrl.replace(/\/+$/, '')}/functions/v1/${REORDER_FUNCTION}`;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (day, moves, signal) => {
    const accessToken = options.getAccessToken();
    if (!accessToken) throw new ReorderFailure('unauthorized', SIGN_IN_AGAIN);
    const response = await doFetch(url, {
      method: 'POST',
      headers: { apikey: options.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ day, moves }),
      signal,
    });
    let body: Record<string, unknown> = {};
    try {
      body = (await response.json()) as Record<string, unknown>;
    } catch {
      body = {};
    }
    if (response.ok && Array.isArray(body.moved)) return body as unknown as ReorderResponse;
    if (response.status === 401 && body.code !== 'reauth_required')
      throw new ReorderFailure('unauthorized', SIGN_IN_AGAIN);
    const code = typeof body.code === 'string' ? (body.code as DayOrderFailure['code']) : 'calendar_unavailable';
    const message =
      typeof body.message === 'string' && body.message
        ? body.message
        : `The server answered ${response.status}, so nothing was moved. Try again.`;
    const ids = Array.isArray(body.eventIds) ? body.eventIds.filter((id): id is string => typeof id === 'string') : [];
    throw new ReorderFailure(code, message, ids);
  };
}

/** "Call them now": the moved patients called at once (POST confirmations/call-moved, the clinician's session). */
export type CallMovedNow = (
  day: string,
  eventIds: readonly string[],
  signal: AbortSignal,
) => Promise<CallMovedResponse>;

export function createCallMovedClient(options: ReorderClientOptions): CallMovedNow {
  const url = `${options.supabaseUrl.replace(/\/+$/, '')}/functions/v1/confirmations/${CALL_MOVED_ACTION}`;
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return async (day, eventIds, signal) => {
    const accessToken = options.getAccessToken();
    if (!accessToken)
      throw new ReorderFailure('unauthorized', 'Your session has ended: sign in again. Nobody was called.');
    const response = await doFetch(url, {
      method: 'POST',
      headers: { apikey: options.anonKey, Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ date: day, eventIds }),
      signal,
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.ok && Array.isArray(body.called) && Array.isArray(body.notCalled)) {
      return body as unknown as CallMovedResponse;
    }
    const code = typeof body.code === 'string' ? body.code : 'unavailable';
    const message = typeof body.message === 'string' && body.message ? body.message : '';
    // The server's sentence where it gave one (the machine says the evening call will tell them otherwise).
    throw new ReorderFailure(code as DayOrderFailure['code'], message);
  };
}

let pageReorder: ReorderDay | null = null;
let pageCallMoved: CallMovedNow | null = null;

/** main.tsx wires the page's clients once. */
export function providePageReorder(reorder: ReorderDay | null, callMoved: CallMovedNow | null = null): void {
  pageReorder = reorder;
  pageCallMoved = callMoved;
}

/** The page's "Call them now" client, or null (then moved patients hear in the evening call only). */
export function pageCallMovedNow(): CallMovedNow | null {
  return pageCallMoved;
}

/** The page's client, or null where none was provided (then the Route view offers no "Use this order"). */
export function pageReorderDay(): ReorderDay | null {
  return pageReorder;
}
