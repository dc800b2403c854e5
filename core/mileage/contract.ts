// The `mileage` Edge Function's contract (server/functions/mileage.ts), shared by the dashboard's Mileage view and
// `homerounds mileage`: the signed-in clinician's month in, the log out (mileage.types.ts); a day's edit saved with
// the same request. Kept free of the planner so the dashboard's entry can wire the client without core/routing.
import { type FunctionFetch, postFunction } from '../functions/post-function.ts';
import type { MileageMonth } from './mileage.types.ts';
import { MAX_EDIT_REASON, MAX_EDITED_MILES, parseMonth } from './month.ts';

/** Deployed (and mounted locally) as POST /functions/v1/mileage. */
export const MILEAGE_FUNCTION = 'mileage';

/** The month asked, and the day's edit to save first (`drivenMiles: null` clears the day's edit). */
export interface MileageRequest {
  month: string;
  edit?: { day: string; drivenMiles: number | null; reason: string };
}

export type MileageErrorCode =
  | 'invalid_request'
  | 'unauthorized'
  | 'auth_unavailable'
  | 'method_not_allowed'
  | 'reauth_required'
  | 'calendar_unavailable'
  | 'save_failed';

const USAGE =
  'Send {"month": "YYYY-MM"}, or {"month": "YYYY-MM", "edit": {"day": "YYYY-MM-DD", "drivenMiles": <miles> | null, "reason": "<why>"}} to save a day not driven as planned.';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A valid request, or a sentence saying what to fix. */
export function parseMileageRequest(body: unknown): MileageRequest | { problem: string } {
  if (!isObject(body)) return { problem: `The body is not a JSON object. ${USAGE}` };
  const unknown = Object.keys(body).filter((key) => key !== 'month' && key !== 'edit');
  if (unknown.length > 0) return { problem: `Unknown field ${unknown[0]?.slice(0, 40)}. ${USAGE}` };
  const { month, edit } = body;
  if (!parseMonth(month)) return { problem: `month must be a month as YYYY-MM, such as 2026-11. ${USAGE}` };
  if (edit === undefined) return { month: month as string };
  if (!isObject(edit)) return { problem: `edit must be an object. ${USAGE}` };
  const { day, drivenMiles, reason } = edit;
  if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day) || !day.startsWith(`${month}-`)) {
    return { problem: `edit.day must be a date of ${month} as YYYY-MM-DD.` };
  }
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d) return { problem: `edit.day ${day} is not a calendar date.` };
  if (drivenMiles === null) return { month: month as string, edit: { day, drivenMiles: null, reason: '' } };
  if (
    typeof drivenMiles !== 'number' ||
    !Number.isFinite(drivenMiles) ||
    drivenMiles < 0 ||
    drivenMiles > MAX_EDITED_MILES
  ) {
    return {
      problem: `edit.drivenMiles must be a number of miles from 0 to ${MAX_EDITED_MILES}, or null to clear the edit.`,
    };
  }
  const why = typeof reason === 'string' ? reason.replace(/\s+/g, ' ').trim() : '';
  if (!why) return { problem: 'edit.reason must say briefly why the day was not driven as planned.' };
  if (why.length > MAX_EDIT_REASON) return { problem: `edit.reason must be at most ${MAX_EDIT_REASON} characters.` };
  return { month: month as string, edit: { day, drivenMiles: Math.round(drivenMiles * 10) / 10, reason: why } };
}

/** The function's answer when it is in the documented shape (the faces trust nothing else), else null. */
export function readMileageMonth(body: unknown): MileageMonth | null {
  if (!isObject(body) || typeof body.month !== 'string' || !Array.isArray(body.days)) return null;
  if (typeof body.totalMiles !== 'number' || typeof body.reimbursement !== 'number' || !isObject(body.rate))
    return null;
  const dayOk = (d: unknown) =>
    isObject(d) && typeof d.day === 'string' && Array.isArray(d.legs) && typeof d.miles === 'number';
  return body.days.every(dayOk) ? (body as unknown as MileageMonth) : null;
}

/** Refused or failed: the status and, when the function said one, its code and sentence. */
export class MileageError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null = null,
    readonly userMessage: string | null = null,
  ) {
    super(`mileage answered ${status || 'nothing (network error)'}${code ? ` (${code})` : ''}`);
    this.name = 'MileageError';
  }
}

export type MileageFetch = FunctionFetch;

/** One request to the function with the Supabase session; throws MileageError (an abort is rethrown as it came). */
export async function requestMileage(options: {
  supabaseUrl: string;
  anonKey: string;
  accessToken: string | null;
  fetch: MileageFetch;
  request: MileageRequest;
  signal?: AbortSignal;
}): Promise<MileageMonth> {
  if (!options.accessToken) throw new MileageError(401);
  const response = await postFunction(
    { ...options, accessToken: options.accessToken },
    MILEAGE_FUNCTION,
    options.request,
  );
  if (!response) throw new MileageError(0);
  let body: unknown = null;
  try {
    body = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
  }
  if (!response.ok) {
    const said = isObject(body) ? body : {};
    throw new MileageError(
      response.status,
      typeof said.code === 'string' ? said.code : null,
      typeof said.message === 'string' ? said.message : null,
    );
  }
  const month = readMileageMonth(body);
  if (!month) throw new MileageError(response.status);
  return month;
}
