// `homerounds confirmations run | status`: the evening confirmation calls through the `confirmations` Edge
// Function (core/confirmations/contract.ts): where it is and with which secret, the call list, starting a
// batch and following it until it ends. Data out only: the command prints; progress comes through callbacks.
//
// Where: --url, else --local (the local platform's origin, its development admin secret), else SUPABASE_URL +
// /functions/v1/confirmations with HOMEROUNDS_ADMIN_SECRET. Everything is checked before the first request.

import { LOCAL_PLATFORM_URL } from '../../config/local-platform.ts';
import { FUNCTIONS_PATH } from '../../core/assistant/contract.ts';
import {
  type BatchStatus,
  type CallPlan,
  CONFIRMATIONS_FUNCTION,
  type ConfirmationStatus,
  type VisitConfirmation,
} from '../../core/confirmations/contract.ts';
import { ApiClient, ApiError } from '../api/client.ts';
import { isCalendarDate } from '../commands/date-option.ts';
import { type LocalCredentialsSource, localCredentials } from '../config/local-credentials.ts';
import { CliError, EXIT, usageError } from '../errors.ts';
import { escapeControl } from '../output/escape.ts';

/** The clinician `--local` uses when none is given (the seed's first clinician). */
export const LOCAL_DEFAULT_CLINICIAN = 'maya.patel@homerounds.test';
/** How often `run` asks for the batch's status, seconds. */
export const DEFAULT_POLL_INTERVAL_SECONDS = 3;

export interface ConfirmationsFlags {
  clinician?: string;
  date?: string;
  local?: boolean;
  url?: string;
}

export interface ConfirmationsTarget {
  /** The confirmations function's URL (…/functions/v1/confirmations). */
  baseUrl: string;
  secret: string;
  /** Where the secret came from, in words (for a rejected secret); never the secret itself. */
  secretSource: string;
  clinician: string;
  date?: string;
  /** The flags that point at the same place, for the hints we print (`--local`, `--url …`). */
  whereArgs: string[];
  /** Notes for stderr (e.g. the clinician --local picked). */
  notes: string[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A real calendar day as YYYY-MM-DD (2026-02-30 and 2026-13-45 are not). */
export function checkDate(value: string): string {
  if (!isCalendarDate(value)) {
    throw usageError(`--date must be a calendar date as YYYY-MM-DD, e.g. 2026-11-24 (got "${value}").`);
  }
  return value;
}

/** Seconds > 0 (fractions allowed) for --poll-interval and --timeout. */
export function checkSeconds(value: string, flag: string): number {
  const n = Number(value);
  if (!value.trim() || !Number.isFinite(n) || n <= 0) {
    throw usageError(`${flag} must be a number of seconds greater than 0 (got "${value}").`);
  }
  return n;
}

function checkClinician(value: string, source: string): string {
  const text = value.trim();
  if (!EMAIL.test(text) && !UUID.test(text)) {
    throw usageError(
      `${source} must be the clinician's email address, e.g. ${LOCAL_DEFAULT_CLINICIAN} (got "${value}").`,
    );
  }
  return text;
}

/** The function's URL from --url (a bare origin, i.e. a project URL, gets /functions/v1/confirmations) or SUPABASE_URL (always gets it). */
function functionUrl(value: string, source: string, project = false): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`${source} must be an http(s) URL (got "${value.slice(0, 200)}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw usageError(`${source} must be an http(s) URL (got "${value.slice(0, 200)}").`);
  }
  const path = url.pathname.replace(/\/+$/, '');
  const fn = `${FUNCTIONS_PATH}/${CONFIRMATIONS_FUNCTION}`;
  return `${url.origin}${project ? `${path}${fn}` : path || fn}`;
}

/** Where the requests go, with which secret and for which clinician; every mistake is found here, before any request. */
const localOrigin = (env: Record<string, string | undefined>) =>
  (env.HOMEROUNDS_LOCAL_URL || LOCAL_PLATFORM_URL).replace(/\/+$/, '');

export async function resolveTarget(
  flags: ConfirmationsFlags,
  env: Record<string, string | undefined>,
  local: LocalCredentialsSource = localCredentials,
): Promise<ConfirmationsTarget> {
  const notes: string[] = [];
  const date = flags.date === undefined ? undefined : checkDate(flags.date);

  let clinician: string;
  if (flags.clinician !== undefined) clinician = checkClinician(flags.clinician, '--clinician');
  else if (env.HOMEROUNDS_CLINICIAN?.trim())
    clinician = checkClinician(env.HOMEROUNDS_CLINICIAN, 'HOMEROUNDS_CLINICIAN');
  else if (flags.local) {
    clinician = LOCAL_DEFAULT_CLINICIAN;
    notes.push(`No --clinician given: using ${LOCAL_DEFAULT_CLINICIAN} (the local seed's clinician).`);
  } else {
    throw usageError('Which clinician? Give --clinician <email> (or set HOMEROUNDS_CLINICIAN).');
  }

  let baseUrl: string;
  const whereArgs: string[] = [];
  if (flags.url !== undefined) {
    baseUrl = functionUrl(flags.url, '--url');
    whereArgs.push('--url', flags.url);
  } else if (flags.local) {
    baseUrl = `${localOrigin(env)}${FUNCTIONS_PATH}/${CONFIRMATIONS_FUNCTION}`;
  } else if (env.SUPABASE_URL?.trim()) {
    baseUrl = functionUrl(env.SUPABASE_URL.trim(), 'SUPABASE_URL', true);
  } else {
    throw usageError(
      'Where is the confirmations function? Give --url <url>, --local for the local platform, or set SUPABASE_URL.',
    );
  }
  if (flags.local) whereArgs.unshift('--local');

  let secret: string;
  let secretSource: string;
  if (flags.local) {
    // Asked of the running platform: the development secret is not compiled into the CLI.
    secret = (await local(localOrigin(env))).adminSecret;
    secretSource = "the local platform's development admin secret (--local)";
  } else {
    secret = env.HOMEROUNDS_ADMIN_SECRET?.trim() ?? '';
    secretSource = 'HOMEROUNDS_ADMIN_SECRET';
    if (!secret) {
      throw new CliError(
        "No admin secret: set HOMEROUNDS_ADMIN_SECRET to the confirmations function's admin secret (or use --local for the local platform).",
        EXIT.auth,
      );
    }
  }
  return { baseUrl, secret, secretSource, clinician, date, whereArgs, notes };
}

/** The command that shows a batch, for hints ("check it with …"). */
export function statusCommand(target: ConfirmationsTarget, date: string | undefined): string {
  const args = ['homerounds confirmations status', '--clinician', target.clinician];
  if (date) args.push('--date', date);
  return [...args, ...target.whereArgs].join(' ');
}

export function confirmationsClient(target: ConfirmationsTarget, timeoutMs?: number): ApiClient {
  return new ApiClient({
    baseUrl: target.baseUrl,
    apiKey: target.secret,
    timeoutMs,
    userAgent: 'homerounds/0.1.0',
  });
}

/**
 * Says what an error means for these commands: a rejected secret names where it came from, a conflict says
 * how to see the batch that ran, an unreachable server says where we looked. The secret is never in it.
 */
function explain(error: unknown, target: ConfirmationsTarget, date: string | undefined, canForce: boolean): unknown {
  const scrub = (text: string) => escapeControl(text.split(target.secret).join('[REDACTED]'));
  if (error instanceof ApiError) {
    const message = scrub(error.message);
    if (error.status === 401 || error.status === 403) {
      return new CliError(
        `${message} — the confirmations function refused the admin secret from ${target.secretSource}.`,
        EXIT.auth,
      );
    }
    if (error.status === 409) {
      const force = canForce ? ', or run it again with --force' : '';
      return new CliError(`${message}. See that batch with: ${statusCommand(target, date)}${force}.`, EXIT.error);
    }
    return new CliError(message, error.exitCode);
  }
  if (error instanceof CliError && /^cannot reach /.test(error.message)) {
    const hint = target.whereArgs.includes('--local')
      ? 'start the local platform with `npm start`'
      : 'check --url or SUPABASE_URL';
    return new CliError(`${scrub(error.message.replace(/;.*$/, ''))}; ${hint}.`, error.exitCode);
  }
  return error;
}

async function send<T>(
  client: ApiClient,
  target: ConfirmationsTarget,
  request: Parameters<ApiClient['request']>[0],
  opts: { date?: string; canForce?: boolean } = {},
): Promise<T> {
  try {
    return (await client.request<T>(request)).data;
  } catch (error) {
    throw explain(error, target, opts.date ?? target.date, opts.canForce ?? false);
  }
}

/** POST /plan: who would be called (nothing is called). */
export function planCalls(client: ApiClient, target: ConfirmationsTarget): Promise<CallPlan> {
  return send<CallPlan>(client, target, {
    method: 'POST',
    path: '/plan',
    body: { clinician: target.clinician, ...(target.date ? { date: target.date } : {}) },
  });
}

/** GET /status: the batch of the day. */
export function batchStatus(client: ApiClient, target: ConfirmationsTarget, date = target.date): Promise<BatchStatus> {
  return send<BatchStatus>(client, target, {
    method: 'GET',
    path: '/status',
    query: { clinician: target.clinician, date },
  });
}

/** The status each visit starts from: `pending` when it will be called, `skipped` when the plan says not. */
export function baselineOf(plan: CallPlan): Map<string, ConfirmationStatus> {
  return new Map(plan.entries.map((e) => [e.eventId, e.skip ? 'skipped' : 'pending']));
}

/** The visits whose status differs from what was last seen; updates `seen`. */
export function changedVisits(status: BatchStatus, seen: Map<string, ConfirmationStatus>): VisitConfirmation[] {
  const changed: VisitConfirmation[] = [];
  for (const visit of status.visits) {
    if (seen.get(visit.eventId) === visit.status) continue;
    seen.set(visit.eventId, visit.status);
    changed.push(visit);
  }
  return changed;
}

export type RunEnd = { kind: 'finished'; status: BatchStatus } | { kind: 'timeout'; status: BatchStatus };

/**
 * The run is over for the administrator once every call is answered or given up and the day re-planned
 * (`closed`: a patient who calls back before calling hours end still updates their visit) or the batch ended.
 */
export function callsOver(status: BatchStatus): boolean {
  return status.finished || status.state === 'closed';
}

/**
 * POST /run (sent once: never retried automatically, a batch places calls), then GET /status every
 * `pollMs` until the calls are over (callsOver) or `timeoutMs` passes. `onStatus` sees every status, the run's first.
 */
export async function runBatch(
  client: ApiClient,
  target: ConfirmationsTarget,
  opts: {
    date: string;
    force?: boolean;
    pollMs: number;
    timeoutMs?: number;
    onStatus: (status: BatchStatus) => void;
    now?: () => number;
    sleep?: (ms: number) => Promise<void>;
  },
): Promise<RunEnd> {
  const now = opts.now ?? Date.now;
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const deadline = opts.timeoutMs === undefined ? Number.POSITIVE_INFINITY : now() + opts.timeoutMs;
  let status = await send<BatchStatus>(
    client,
    target,
    {
      method: 'POST',
      path: '/run',
      body: { clinician: target.clinician, date: opts.date, ...(opts.force ? { force: true } : {}) },
      retry: false,
    },
    { date: opts.date, canForce: !opts.force },
  );
  opts.onStatus(status);
  while (!callsOver(status)) {
    const left = deadline - now();
    if (left <= 0) return { kind: 'timeout', status };
    // A last look at the deadline: a batch that ended meanwhile is not a timeout.
    await sleep(Math.min(opts.pollMs, left));
    status = await batchStatus(client, target, opts.date);
    opts.onStatus(status);
  }
  return { kind: 'finished', status };
}
