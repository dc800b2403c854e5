// /functions/v1/confirmations: evening confirmation calls (docs/confirmations.md). Administrators (the
// CLI, with the admin secret) plan, run, cancel and read a clinician's batch; a cron posts /tick; a
// signed-in clinician may read their own day's status and have the patients whose visits they moved called now
// (/call-moved); the voice platform posts each call's
// end-of-call-report to /webhook, signed (HMAC) when a signing secret is configured, else with the server
// secret, and it is taken only for a call a batch placed. Errors are `{code, message}` JSON.
import { CalendarApiError } from '../../core/calendar/calendar-client.ts';
import { CALL_MOVED_ACTION, MAX_CALL_MOVED } from '../../core/confirmations/call-moved-contract.ts';
import type { BatchState } from '../../core/confirmations/contract.ts';
import { readReport } from '../../core/confirmations/report.ts';
import { GoogleGrantMissingError } from '../../core/google/access.ts';
import { isIsoDate } from '../../core/time/zoned-time.ts';
import { verifyReportSignature } from '../confirmations/report-signature.ts';
import { BatchConflictError, type BatchRunner, ClinicianNotFoundError, FINAL_STATES } from '../confirmations/runner.ts';
import type { ConfirmationStore } from '../confirmations/store.ts';
import { VoicePlatformError } from '../confirmations/voice-port.ts';
import {
  bearerToken,
  errorJson,
  json,
  preflight,
  readJsonObject,
  type SupabaseAuthConfig,
  sameSecret,
  supabaseCaller,
  UnauthorizedError,
  type WebHandler,
} from '../http.ts';

export interface ConfirmationsConfig extends SupabaseAuthConfig {
  /** Administrators' bearer secret (HOMEROUNDS_ADMIN_SECRET). */
  adminSecret: string;
  /** The server secret the voice platform sends with reports (the same as the tools server's). */
  toolsSecret: string;
  /**
   * The HMAC secret of the report URL's credential (HOMEROUNDS_REPORT_SIGNING_SECRET). Set: every report must be
   * signed with it (x-signature, x-timestamp) and the server secret alone is refused.
   */
  reportSigningSecret?: string;
  callTokenSecret: string;
  runner: BatchRunner;
  store: ConfirmationStore;
  now: () => Date;
  log?: (line: string) => void;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The largest report taken (a long call's transcript and messages). */
const REPORT_MAX_CHARS = 4 * 1024 * 1024;

const SIGNATURE_REFUSALS = {
  missing: 'The report is not signed: x-signature and x-timestamp are required.',
  stale: 'The report’s timestamp is too old or too far ahead (a replay is refused).',
  mismatch: 'The report’s signature does not match.',
} as const;

/** A JSON object from text (null: not one). */
function parseObject(text: string): Json | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function createConfirmationsHandler(config: ConfirmationsConfig): WebHandler {
  const log = config.log ?? (() => {});
  const { runner, store } = config;

  /** The report's raw body when it comes from the platform (signed, or with the server secret), else the refusal. */
  async function reportBody(request: Request): Promise<string | Response> {
    const signing = config.reportSigningSecret;
    if (!signing && !sameSecret(request.headers.get('x-vapi-secret') ?? bearerToken(request), config.toolsSecret)) {
      await request.body?.cancel();
      return errorJson(401, 'unauthorized', 'Missing or wrong server secret');
    }
    const body = await request.text().catch(() => null);
    if (body === null || body.length > REPORT_MAX_CHARS) {
      return errorJson(413, 'too_large', `A report may have at most ${REPORT_MAX_CHARS} characters.`);
    }
    if (signing) {
      const verdict = await verifyReportSignature({
        headers: request.headers,
        body,
        secret: signing,
        now: config.now(),
      });
      if (verdict !== 'ok') return errorJson(401, 'unauthorized', SIGNATURE_REFUSALS[verdict]);
    }
    return body;
  }

  async function webhook(request: Request): Promise<Response> {
    const raw = await reportBody(request);
    if (raw instanceof Response) return raw;
    const body = parseObject(raw);
    const message = body && isObject(body.message) ? body.message : null;
    if (!message || typeof message.type !== 'string') {
      return errorJson(400, 'bad_request', 'The body must be a server message: {"message": {"type": ...}}');
    }
    if (message.type !== 'end-of-call-report') return json(200, {});
    const call = isObject(message.call) ? message.call : {};
    const callId = typeof call.id === 'string' && call.id.length <= 100 ? call.id : null;
    // Only a call a batch placed says anything about a visit: never a token or an id the message brings.
    const where = callId ? await runner.visitOfPlacedCall(callId) : null;
    if (!where) {
      log('confirmations: a report for a call no batch placed was refused');
      return errorJson(404, 'not_found', 'No confirmation call of that id was placed.');
    }
    const { userId, visitDate, eventId } = where;
    const current = await store.current(userId, visitDate, eventId);
    if (!current) return json(200, {});
    const batch = await store.batch(userId, visitDate);
    const reading = readReport(
      message,
      (newStart) =>
        current.status === 'moved' &&
        current.newStart !== null &&
        Math.abs(Date.parse(current.newStart) - Date.parse(newStart)) < 60_000,
    );
    // The calendar was changed during the call: that stays a fact whatever the summary says.
    const status = current.status === 'moved' ? 'moved' : reading.status;
    if (status === 'opted-out' && current.phone) await store.addDoNotCall(current.phone);
    const ended = batch ? ['closed', ...FINAL_STATES].includes(batch.state as BatchState) : false;
    await store.recordOutcome(userId, visitDate, eventId, {
      status,
      newStart: status === 'moved' ? current.newStart : reading.newStart,
      detail: status === 'moved' ? null : reading.detail,
      late: ended,
      callId,
    });
    if (batch) {
      await runner.reportArrived(batch.id).catch((error) => {
        log(`confirmations: the batch did not take the report: ${(error as Error).message}`);
      });
    }
    return json(200, {});
  }

  /** POST call-moved {date, eventIds}: the signed-in clinician's "call them now" after "Use this order". */
  async function callMoved(request: Request): Promise<Response> {
    const caller = await supabaseCaller(request, config);
    const body = await readJsonObject(request);
    const usage = `Send {"date": "YYYY-MM-DD", "eventIds": ["<event id>", …]}: 1 to ${MAX_CALL_MOVED} events.`;
    if (!body) return errorJson(400, 'bad_request', `The body must be a JSON object. ${usage}`);
    const { date, eventIds } = body;
    if (!isIsoDate(date)) return errorJson(400, 'bad_request', `"date" must be a calendar date. ${usage}`);
    if (
      !Array.isArray(eventIds) ||
      eventIds.length === 0 ||
      eventIds.length > MAX_CALL_MOVED ||
      !eventIds.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 1024)
    ) {
      return errorJson(400, 'bad_request', `"eventIds" must be 1 to ${MAX_CALL_MOVED} event ids. ${usage}`);
    }
    return json(200, await runner.callMovedNow(caller.id, date, eventIds as string[]));
  }

  async function admin(request: Request, action: string): Promise<Response> {
    const url = new URL(request.url);
    let input: Json = {};
    if (request.method === 'POST') {
      const body = await readJsonObject(request);
      if (!body) return errorJson(400, 'bad_request', 'The body must be a JSON object');
      input = body;
    } else {
      input = Object.fromEntries(url.searchParams);
    }
    const clinician = typeof input.clinician === 'string' ? input.clinician.trim() : '';
    const date = input.date === undefined || input.date === '' ? undefined : input.date;
    if (action !== 'tick' && !clinician) {
      return errorJson(400, 'bad_request', 'Say which clinician: "clinician" (an email address or user id).');
    }
    if (date !== undefined && !isIsoDate(date)) {
      return errorJson(400, 'bad_request', '"date" must be a calendar date, YYYY-MM-DD.');
    }
    switch (action) {
      case 'plan':
        return json(200, await runner.plan(clinician, date));
      case 'run':
        return json(200, await runner.run(clinician, date, input.force === true));
      case 'tick':
        return json(200, await runner.tick());
      case 'cancel': {
        if (!date) return errorJson(400, 'bad_request', '"date" is required to cancel a batch.');
        const status = await runner.cancel(clinician, date);
        return status ? json(200, status) : errorJson(404, 'not_found', `No confirmation batch for ${date}.`);
      }
      case 'status': {
        const status = await runner.status(clinician, date);
        return status
          ? json(200, status)
          : errorJson(404, 'not_found', `No confirmation calls for ${date ?? 'tomorrow'} yet for ${clinician}.`);
      }
      default:
        return errorJson(
          404,
          'not_found',
          `Unknown action "${action}": use plan, run, status, cancel, tick or webhook.`,
        );
    }
  }

  return async (request) => {
    if (request.method === 'OPTIONS') return preflight();
    const action = new URL(request.url).pathname.split('/').filter(Boolean).at(-1) ?? '';
    const expected = action === 'status' ? 'GET' : 'POST';
    if (request.method !== expected) {
      await request.body?.cancel();
      return errorJson(405, 'method_not_allowed', `Use ${expected} for ${action}`);
    }
    try {
      if (action === 'webhook') return await webhook(request);
      const token = bearerToken(request);
      if (sameSecret(token, config.adminSecret)) return await admin(request, action);
      // A clinician has their own moved patients called now.
      if (action === CALL_MOVED_ACTION) return await callMoved(request);
      // A clinician reads their own day only.
      if (action !== 'status') {
        await request.body?.cancel();
        return errorJson(
          401,
          'unauthorized',
          'This action needs the administrators’ secret (HOMEROUNDS_ADMIN_SECRET).',
        );
      }
      const caller = await supabaseCaller(request, config);
      const url = new URL(request.url);
      url.searchParams.set('clinician', caller.id);
      return await admin(new Request(url, { method: 'GET' }), 'status');
    } catch (error) {
      if (error instanceof UnauthorizedError) return errorJson(401, 'unauthorized', error.message);
      if (error instanceof ClinicianNotFoundError) return errorJson(404, 'not_found', error.message);
      if (error instanceof BatchConflictError) return errorJson(409, 'conflict', error.message);
      if (error instanceof GoogleGrantMissingError) {
        return errorJson(
          409,
          'no_calendar_access',
          'The server cannot read this clinician’s calendar: they have not signed in to HomeRounds with calendar access, or removed it. Nothing was called; they need to sign in once.',
        );
      }
      if (error instanceof VoicePlatformError) {
        return errorJson(503, 'voice_unavailable', 'The voice platform could not be asked about the call; try again.');
      }
      if (error instanceof CalendarApiError) {
        return errorJson(
          503,
          'calendar_unavailable',
          `Google Calendar answered ${error.status}; nothing was called. Try again.`,
        );
      }
      log(`confirmations: ${action} failed: ${error instanceof Error ? error.message : 'error'}`);
      return errorJson(
        503,
        'unavailable',
        'The confirmation service could not finish the request just now; try again.',
      );
    }
  };
}
