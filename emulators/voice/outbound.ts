// Outbound calls on the local voice platform: `POST /campaign` (checked as the hosted platform checks it,
// stored as a `campaign` resource), the dialer that turns a campaign's due customers into
// `outboundPhoneCall` resources, and the simulation of each call: the simulated patient (personas.ts)
// talks with the assistant, whose function tools are called over HTTP with the platform's `tool-calls`
// message; then the call is ended and its `end-of-call-report` is posted to the assistant's server URL.
// The platform's ticker calls tick() (calls due now start at once when a campaign is created); simulations
// run in the background and idle() waits for them. Webhook failures are logged (never tokens or headers).
import { createHmac, randomUUID } from 'node:crypto';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { toolCallsMessage } from '../../core/assistant/webhook-message.ts';
import { CONFIRMATION_OUTPUT_NAME, type ConfirmationToolName } from '../../core/confirmations/contract.ts';
import { E164 } from '../../core/confirmations/phone.ts';
import type { Db } from '../db/db.ts';
import { LOCAL_VOICE_ORG_ID } from './keys.ts';
import {
  type ArtifactMessage,
  findPersona,
  type PersonaCallResult,
  renderTemplate,
  runPersonaCall,
} from './personas.ts';
import { present, type Row } from './rows.ts';

export interface OutboundDialerOptions {
  db: Db;
  /** The platform's origin (monitor URLs of the calls). */
  origin: () => string;
  now: () => Date;
  log: (line: string) => void;
}

export interface OutboundDialer {
  /** Checks and stores a campaign (then dials what is due); `errors` are the 400 messages. */
  createCampaign(body: Record<string, unknown>): Promise<{ campaign: Record<string, unknown> } | { errors: string[] }>;
  /** Starts the due calls of every scheduled or running campaign, skips customers past `latestAt`. */
  tick(): Promise<void>;
  /** Simulates a single outbound call created by POST /call (in the background). */
  placeCall(callId: string): void;
  /** Resolves when no tick or simulation is running. */
  idle(): Promise<void>;
}

/** The most customers one campaign takes (CreateCampaignDTO). */
export const MAX_CAMPAIGN_CUSTOMERS = 10_000;
/** Concurrent calls of a campaign without maxConcurrency (the platform's default). */
export const DEFAULT_MAX_CONCURRENCY = 10;
const DEFAULT_SERVER_TIMEOUT_S = 20;
const E164_MESSAGE =
  'must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Json = Record<string, unknown>;
type ContactStatus =
  | 'contact.pending'
  | 'contact.dispatched'
  | 'contact.completed'
  | 'contact.failed'
  | 'contact.skipped';

/** A campaign's customer and what became of it (CampaignContactWithOutcome). */
interface Contact {
  id: string;
  number: string;
  name?: string;
  status: ContactStatus;
  callId?: string;
  dispatchedAt?: string;
  endedReason?: string;
}

interface CampaignCall {
  contactId: string;
  number: string;
  status: 'queued' | 'in-progress' | 'ended';
  endedReason?: string;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const validDate = (value: unknown) =>
  typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value));

function customerProblems(customer: unknown, at: string): string[] {
  if (!isObject(customer)) return [`${at} must be an object`];
  if (customer.number === undefined || customer.number === null || customer.number === '') {
    return customer.sipUri === undefined ? [`${at}.number should not be empty`] : [];
  }
  if (typeof customer.number !== 'string') return [`${at}.number must be a string`];
  if (customer.numberE164CheckEnabled !== false && !E164.test(customer.number)) return [`${at}.number ${E164_MESSAGE}`];
  return [];
}

/** The 400 messages for a CreateCampaignDTO body (class-validator's wording where the platform uses it). */
export function campaignProblems(body: Json): string[] {
  const errors: string[] = [];
  if (body.name === undefined || body.name === null || body.name === '') errors.push('name should not be empty');
  else if (typeof body.name !== 'string') errors.push('name must be a string');
  for (const key of ['assistantId', 'workflowId', 'squadId', 'phoneNumberId']) {
    if (body[key] !== undefined && typeof body[key] !== 'string') errors.push(`${key} must be a string`);
  }
  const targets = ['assistantId', 'workflowId', 'squadId'].filter((key) => body[key] !== undefined);
  if (targets.length === 0) errors.push('Need Either `assistantId`, `workflowId`, or `squadId`.');
  else if (targets.length > 1) errors.push('Only one of assistantId, workflowId, or squadId can be used.');
  else if (targets[0] !== 'assistantId')
    errors.push('The local platform places campaign calls with an assistantId only.');

  let count = 0;
  if (body.dialPlan !== undefined) {
    if (body.phoneNumberId !== undefined) errors.push('phoneNumberId and dialPlan are mutually exclusive');
    if (!Array.isArray(body.dialPlan) || body.dialPlan.length === 0) errors.push('dialPlan should not be empty');
    else {
      for (const [i, entry] of body.dialPlan.entries()) {
        if (!isObject(entry)) {
          errors.push(`dialPlan.${i} must be an object`);
          continue;
        }
        if (typeof entry.phoneNumberId !== 'string') errors.push(`dialPlan.${i}.phoneNumberId must be a string`);
        if (!Array.isArray(entry.customers)) {
          errors.push(`dialPlan.${i}.customers must be an array`);
          continue;
        }
        count += entry.customers.length;
        for (const [j, c] of entry.customers.entries())
          errors.push(...customerProblems(c, `dialPlan.${i}.customers.${j}`));
      }
    }
  } else {
    if (body.phoneNumberId === undefined) errors.push('phoneNumberId should not be empty');
    if (body.customers === undefined || (Array.isArray(body.customers) && body.customers.length === 0)) {
      errors.push('customers should not be empty');
    } else if (!Array.isArray(body.customers)) errors.push('customers must be an array');
    else {
      count = body.customers.length;
      // One message per bad customer, at most 20 (a 10 000-row upload with a bad column stays readable).
      errors.push(...body.customers.flatMap((c, i) => customerProblems(c, `customers.${i}`)).slice(0, 20));
    }
  }
  if (count > MAX_CAMPAIGN_CUSTOMERS) {
    errors.push(`customers must contain no more than ${MAX_CAMPAIGN_CUSTOMERS} elements`);
  }

  if (body.schedulePlan !== undefined) {
    const plan = body.schedulePlan;
    if (!isObject(plan)) errors.push('schedulePlan must be an object');
    else {
      if (!validDate(plan.earliestAt)) errors.push('schedulePlan.earliestAt must be a valid ISO 8601 date string');
      if (plan.latestAt !== undefined && !validDate(plan.latestAt)) {
        errors.push('schedulePlan.latestAt must be a valid ISO 8601 date string');
      } else if (
        validDate(plan.earliestAt) &&
        plan.latestAt !== undefined &&
        Date.parse(String(plan.latestAt)) <= Date.parse(String(plan.earliestAt))
      ) {
        errors.push('schedulePlan.latestAt must be after schedulePlan.earliestAt');
      }
    }
  }
  if (
    body.maxConcurrency !== undefined &&
    !(typeof body.maxConcurrency === 'number' && Number.isInteger(body.maxConcurrency) && body.maxConcurrency >= 1)
  ) {
    errors.push('maxConcurrency must not be less than 1');
  }
  return errors;
}

/** The campaign's customers in dial order, each with the phone number that calls it. */
function targetsOf(data: Json): Array<{ customer: Json; phoneNumberId: string }> {
  if (Array.isArray(data.dialPlan)) {
    return (data.dialPlan as Json[]).flatMap((entry) =>
      (entry.customers as Json[]).map((customer) => ({ customer, phoneNumberId: String(entry.phoneNumberId) })),
    );
  }
  return ((data.customers as Json[]) ?? []).map((customer) => ({
    customer,
    phoneNumberId: String(data.phoneNumberId),
  }));
}

/** Campaign overrides with a customer's on top (variableValues merged key by key). */
export function mergeOverrides(campaign: unknown, customer: unknown): Json | undefined {
  const a = isObject(campaign) ? campaign : undefined;
  const b = isObject(customer) ? customer : undefined;
  if (!a && !b) return undefined;
  const merged: Json = { ...a, ...b };
  if (isObject(a?.variableValues) || isObject(b?.variableValues)) {
    merged.variableValues = {
      ...(isObject(a?.variableValues) ? a.variableValues : {}),
      ...(isObject(b?.variableValues) ? b.variableValues : {}),
    };
  }
  return merged;
}

/** Recomputes the Campaign schema's counters and the contact counters, and ends a campaign with nothing left. */
function settle(data: Json): void {
  const calls = Object.values((data.calls ?? {}) as Record<string, CampaignCall>);
  const contacts = (data.contacts ?? []) as Contact[];
  const count = (status: ContactStatus) => contacts.filter((c) => c.status === status).length;
  Object.assign(data, {
    callsCounterScheduled: count('contact.pending'),
    callsCounterQueued: calls.filter((c) => c.status === 'queued').length,
    callsCounterInProgress: calls.filter((c) => c.status === 'in-progress').length,
    callsCounterEndedVoicemail: calls.filter((c) => c.status === 'ended' && c.endedReason === 'voicemail').length,
    callsCounterEnded: calls.filter((c) => c.status === 'ended').length,
    contactCounters: {
      pending: count('contact.pending'),
      dispatched: count('contact.dispatched'),
      completed: count('contact.completed'),
      failed: count('contact.failed'),
      skipped: count('contact.skipped'),
      predialFailed: 0,
    },
  });
  const open = contacts.some((c) => c.status === 'contact.pending' || c.status === 'contact.dispatched');
  if (!open && (data.status === 'scheduled' || data.status === 'in-progress')) {
    data.status = 'ended';
    data.endedReason = 'campaign.ended.success';
  }
}

function transcriptOf(messages: ArtifactMessage[]): string {
  return messages
    .filter((m) => m.role === 'bot' || m.role === 'user')
    .map((m) => `${m.role === 'bot' ? 'AI' : 'User'}: ${String(m.message)}`)
    .join('\n');
}

/** Where a webhook went, for logs: origin and path only (a query string may carry a secret). */
function where(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return 'an invalid URL';
  }
}

export function createOutboundDialer(options: OutboundDialerOptions): OutboundDialer {
  const { db, now, log } = options;
  const running = new Set<Promise<unknown>>();
  let lock: Promise<unknown> = Promise.resolve();

  /** Campaign rows change only under this lock (the dialer and the ends of calls read-modify-write them). */
  function exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = lock.then(fn, fn);
    lock = run.catch(() => {});
    return run;
  }

  function track<T>(promise: Promise<T>): Promise<T> {
    const settled = promise.catch(() => {});
    running.add(settled);
    void settled.finally(() => running.delete(settled));
    return promise;
  }

  async function getRow(kind: string, id: unknown): Promise<Row | null> {
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    const { rows } = await db.query<Row>(
      'select * from voice.resources where org_id = $1 and kind = $2 and id = $3 and parent_id is null',
      [LOCAL_VOICE_ORG_ID, kind, id],
    );
    return rows[0] ?? null;
  }

  async function insertRow(kind: string, data: Json, id: string = randomUUID()): Promise<Row> {
    const at = now();
    const { rows } = await db.query<Row>(
      `insert into voice.resources (id, org_id, kind, parent_id, data, created_at, updated_at)
       values ($1, $2, $3, null, $4, $5, $5) returning *`,
      [id, LOCAL_VOICE_ORG_ID, kind, JSON.stringify(data), at],
    );
    return rows[0] as Row;
  }

  async function saveRow(id: string, data: Json): Promise<Row | null> {
    const { rows } = await db.query<Row>(
      'update voice.resources set data = $2, updated_at = $3 where id = $1 returning *',
      [id, JSON.stringify(data), now()],
    );
    return rows[0] ?? null;
  }

  /** Sets some fields of a row, keeping the others as they are now (a PATCH may have come in meanwhile). */
  async function patchRow(id: string, fields: Json): Promise<Row | null> {
    const { rows } = await db.query<Row>(
      'update voice.resources set data = data || $2::jsonb, updated_at = $3 where id = $1 returning *',
      [id, JSON.stringify(fields), now()],
    );
    return rows[0] ?? null;
  }

  // ─── Campaigns ──────────────────────────────────────────────────────────────────────────────────────

  async function createCampaign(body: Json) {
    const errors = campaignProblems(body);
    if (errors.length) return { errors };
    if (!(await getRow('assistant', body.assistantId))) {
      return { errors: [`Couldn't Get Assistant. \`assistantId\` ${body.assistantId} Does Not Exist.`] };
    }
    const targets = targetsOf(body);
    for (const phoneNumberId of new Set(targets.map((t) => t.phoneNumberId))) {
      if (!(await getRow('phone-number', phoneNumberId))) {
        return { errors: [`Couldn't Get Phone Number. \`phoneNumberId\` ${phoneNumberId} Does Not Exist.`] };
      }
    }
    const { id: _id, orgId: _org, createdAt: _c, updatedAt: _u, ...fields } = body;
    const contacts: Contact[] = targets.map(({ customer }) => ({
      id: randomUUID(),
      number: String(customer.number ?? customer.sipUri ?? ''),
      ...(typeof customer.name === 'string' ? { name: customer.name } : {}),
      status: 'contact.pending',
    }));
    const data: Json = { ...fields, status: 'scheduled', calls: {}, contacts };
    delete data.endedReason;
    settle(data);
    const row = await exclusive(() => insertRow('campaign', data));
    // Calls due now start at once; the answer does not wait for them.
    void tick().catch((error: unknown) =>
      log(`voice dialer: ${error instanceof Error ? error.message : String(error)}`),
    );
    return { campaign: present(row) };
  }

  function tick(): Promise<void> {
    return track(
      exclusive(async () => {
        const { rows } = await db.query<Row>(
          `select * from voice.resources where org_id = $1 and kind = 'campaign' and parent_id is null
             and data->>'status' in ('scheduled', 'in-progress') order by created_at`,
          [LOCAL_VOICE_ORG_ID],
        );
        for (const row of rows) await advance(row);
      }),
    );
  }

  /** Dials a campaign's due customers (under the lock); the simulations start once it is saved. */
  async function advance(row: Row): Promise<void> {
    const data = structuredClone(row.data);
    const at = now();
    const plan = isObject(data.schedulePlan) ? data.schedulePlan : undefined;
    if (plan && typeof plan.earliestAt === 'string' && at.getTime() < Date.parse(plan.earliestAt)) return;
    const late = plan && typeof plan.latestAt === 'string' ? at.getTime() >= Date.parse(plan.latestAt) : false;
    const contacts = (data.contacts ?? []) as Contact[];
    const targets = targetsOf(data);
    const calls = (data.calls ?? {}) as Record<string, CampaignCall>;
    const limit = typeof data.maxConcurrency === 'number' ? data.maxConcurrency : DEFAULT_MAX_CONCURRENCY;
    let active = contacts.filter((c) => c.status === 'contact.dispatched').length;
    const started: string[] = [];
    let changed = false;
    for (const [i, contact] of contacts.entries()) {
      if (contact.status !== 'contact.pending') continue;
      if (late) {
        contact.status = 'contact.skipped';
        changed = true;
        continue;
      }
      if (active >= limit) break;
      const target = targets[i];
      if (!target) continue;
      const { assistantOverrides, squadOverrides: _s, ...customer } = target.customer;
      const callId = randomUUID();
      const origin = options.origin();
      const call: Json = {
        type: 'outboundPhoneCall',
        status: 'queued',
        campaignId: row.id,
        assistantId: data.assistantId,
        phoneNumberId: target.phoneNumberId,
        customer,
        monitor: {
          listenUrl: `${origin.replace(/^http/, 'ws')}/__local/call/${callId}/listen`,
          controlUrl: `${origin}/__local/call/${callId}/control`,
        },
      };
      const overrides = mergeOverrides(data.assistantOverrides, assistantOverrides);
      if (overrides) call.assistantOverrides = overrides;
      await insertRow('call', call, callId);
      Object.assign(contact, { status: 'contact.dispatched', callId, dispatchedAt: now().toISOString() });
      calls[callId] = { contactId: contact.id, number: contact.number, status: 'queued' };
      started.push(callId);
      active++;
      changed = true;
    }
    if (!changed) return;
    data.calls = calls;
    if (data.status === 'scheduled') data.status = 'in-progress';
    settle(data);
    await saveRow(row.id, data);
    for (const callId of started) placeCall(callId);
  }

  /** A campaign call's progress into its campaign; dials more when a slot freed up and customers wait. */
  async function recordCall(campaignId: string, callId: string, status: CampaignCall['status'], endedReason?: string) {
    const more = await exclusive(async () => {
      const row = await getRow('campaign', campaignId);
      if (!row) return false;
      const data = structuredClone(row.data);
      const calls = (data.calls ?? {}) as Record<string, CampaignCall>;
      const entry = calls[callId];
      if (!entry) return false;
      entry.status = status;
      if (endedReason) entry.endedReason = endedReason;
      const contact = ((data.contacts ?? []) as Contact[]).find((c) => c.callId === callId);
      if (contact && status === 'ended') {
        contact.status = endedReason?.startsWith('call.') ? 'contact.failed' : 'contact.completed';
        contact.endedReason = endedReason;
      }
      settle(data);
      await saveRow(row.id, data);
      return status === 'ended' && (data.contacts as Contact[]).some((c) => c.status === 'contact.pending');
    });
    if (more) void tick().catch(() => {});
  }

  // ─── Calls ──────────────────────────────────────────────────────────────────────────────────────────

  /** The assistant a call runs: inline or stored, with the call's overrides (but its variables) on top. */
  async function assistantOf(call: Json): Promise<{ id: string | null; body: Json } | null> {
    let id: string | null = null;
    let body: Json | null = isObject(call.assistant) ? call.assistant : null;
    if (!body) {
      const row = await getRow('assistant', call.assistantId);
      if (!row) return null;
      id = row.id;
      body = row.data;
    }
    const { variableValues: _v, ...overrides } = isObject(call.assistantOverrides) ? call.assistantOverrides : {};
    return { id, body: { ...body, ...overrides } };
  }

  /**
   * The headers a `server` body asks for: its static headers, or its credential's: a bearer token, or an HMAC
   * signature of the request (the credential's authenticationPlan as the platform applies it: algorithm, signature and
   * timestamp headers, prefix, payload format with {timestamp} {body} {method} {url}, hex or base64).
   */
  async function authHeaders(server: Json, body: string): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    if (isObject(server.headers)) {
      for (const [name, value] of Object.entries(server.headers)) if (typeof value === 'string') headers[name] = value;
    }
    if (typeof server.secret === 'string') headers['X-Vapi-Secret'] = server.secret;
    if (typeof server.credentialId === 'string') {
      const plan = (await getRow('credential', server.credentialId))?.data.authenticationPlan;
      if (isObject(plan) && plan.type === 'bearer' && typeof plan.token === 'string') {
        const name = typeof plan.headerName === 'string' ? plan.headerName : 'Authorization';
        headers[name] = plan.bearerPrefixEnabled === false ? plan.token : `Bearer ${plan.token}`;
      } else if (isObject(plan) && plan.type === 'hmac' && typeof plan.secretKey === 'string') {
        Object.assign(headers, hmacHeaders(plan, String(server.url), body));
      } else log(`voice: credential ${server.credentialId} is not a bearer or hmac credential; sent without it`);
    }
    return headers;
  }

  function hmacHeaders(plan: Json, url: string, body: string): Record<string, string> {
    const algorithm = plan.algorithm === 'sha512' || plan.algorithm === 'sha1' ? plan.algorithm : 'sha256';
    const timestamp = String(now().getTime());
    const includeTimestamp = plan.includeTimestamp !== false;
    const format =
      typeof plan.payloadFormat === 'string' ? plan.payloadFormat : includeTimestamp ? '{timestamp}.{body}' : '{body}';
    const payload = format.replace(/\{(timestamp|body|method|url)\}/g, (_m, part: string) =>
      part === 'timestamp' ? timestamp : part === 'body' ? body : part === 'method' ? 'POST' : url,
    );
    const key = plan.secretIsBase64 === true ? Buffer.from(String(plan.secretKey), 'base64') : String(plan.secretKey);
    const digest = createHmac(algorithm, key)
      .update(payload)
      .digest(plan.signatureEncoding === 'base64' ? 'base64' : 'hex');
    const prefix = typeof plan.signaturePrefix === 'string' ? plan.signaturePrefix : '';
    const headers: Record<string, string> = {
      [typeof plan.signatureHeader === 'string' ? plan.signatureHeader : 'x-signature']: `${prefix}${digest}`,
    };
    if (includeTimestamp) {
      headers[typeof plan.timestampHeader === 'string' ? plan.timestampHeader : 'x-timestamp'] = timestamp;
    }
    return headers;
  }

  async function post(server: Json, message: Json): Promise<Response> {
    const seconds = typeof server.timeoutSeconds === 'number' ? server.timeoutSeconds : DEFAULT_SERVER_TIMEOUT_S;
    const body = JSON.stringify({ message });
    return fetch(String(server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await authHeaders(server, body)) },
      body,
      signal: AbortSignal.timeout(seconds * 1000),
    });
  }

  /** One function tool call, as the platform makes it: the `tool-calls` message to the tool's server. */
  async function callTool(
    call: Json,
    assistant: { id: string | null; body: Json },
    toolCall: { id: string; name: ConfirmationToolName; args: Json },
    history: ArtifactMessage[],
  ) {
    const model = isObject(assistant.body.model) ? assistant.body.model : {};
    let tools = (Array.isArray(model.tools) ? model.tools : []) as Json[];
    if (Array.isArray(model.toolIds)) {
      for (const id of model.toolIds) {
        const row = await getRow('tool', id);
        if (row) tools = [...tools, row.data];
      }
    }
    const tool = tools.find((t) => isObject(t.function) && t.function.name === toolCall.name);
    const server = isObject(tool?.server)
      ? tool.server
      : isObject(assistant.body.server)
        ? assistant.body.server
        : null;
    if (!tool || !server || typeof server.url !== 'string') {
      return { result: null, error: `The assistant has no ${toolCall.name} tool with a server URL` };
    }
    const values = isObject(call.assistantOverrides) ? call.assistantOverrides.variableValues : undefined;
    const token =
      isObject(values) && typeof values[CALL_TOKEN_VARIABLE] === 'string' ? values[CALL_TOKEN_VARIABLE] : null;
    const { message } = toolCallsMessage({
      calls: [toolCall],
      callId: String(call.id),
      orgId: LOCAL_VOICE_ORG_ID,
      callToken: token,
      now: now(),
      history: history
        .filter((m) => m.role === 'bot' || m.role === 'user')
        .map((m) => ({ role: m.role, message: String(m.message) })),
    });
    Object.assign(message, {
      call,
      customer: call.customer,
      phoneNumber: { id: call.phoneNumberId },
      assistant: { id: assistant.id, name: assistant.body.name },
    });
    try {
      const response = await post(server, message);
      if (!response.ok) {
        await response.body?.cancel();
        return { result: null, error: `The tools server answered ${response.status}` };
      }
      const answer = (await response.json().catch(() => null)) as {
        results?: Array<{ toolCallId?: unknown; result?: unknown; error?: unknown }>;
      } | null;
      const entry = answer?.results?.find((r) => r.toolCallId === toolCall.id) ?? answer?.results?.[0];
      if (typeof entry?.result === 'string') return { result: entry.result, error: null };
      return { result: null, error: typeof entry?.error === 'string' ? entry.error : 'No result returned.' };
    } catch (error) {
      log(
        `voice: tool ${toolCall.name} of call ${call.id} to ${where(String(server.url))} failed: ${(error as Error).name}`,
      );
      return { result: null, error: 'The tools server could not be reached.' };
    }
  }

  /** Which structured outputs the assistant asks for, by name (inline and saved ones). */
  async function requestedOutputs(assistant: Json): Promise<Set<string>> {
    const plan = isObject(assistant.artifactPlan) ? assistant.artifactPlan : {};
    const names = new Set<string>();
    for (const output of Array.isArray(plan.structuredOutputs) ? plan.structuredOutputs : []) {
      if (isObject(output) && typeof output.name === 'string') names.add(output.name);
    }
    for (const id of Array.isArray(plan.structuredOutputIds) ? plan.structuredOutputIds : []) {
      const name = (await getRow('structured-output', id))?.data.name;
      if (typeof name === 'string') names.add(name);
    }
    return names;
  }

  async function endCall(row: Row, fields: Json): Promise<Json> {
    const ended = { ...fields, status: 'ended', cost: 0, costs: [] };
    const saved = await patchRow(row.id, ended);
    return present(saved ?? { ...row, data: { ...row.data, ...ended } });
  }

  async function simulate(callId: string): Promise<void> {
    const row = await getRow('call', callId);
    if (!row) return;
    const campaignId = typeof row.data.campaignId === 'string' ? row.data.campaignId : null;
    const customer = isObject(row.data.customer) ? row.data.customer : {};
    const assistant = await assistantOf(row.data);
    const at = now().toISOString();
    if (!assistant || typeof customer.number !== 'string') {
      const endedReason = assistant ? 'call.start.error-get-customer' : 'call.start.error-get-assistant';
      await endCall(row, { endedReason, startedAt: at, endedAt: at });
      if (campaignId) await recordCall(campaignId, callId, 'ended', endedReason);
      return;
    }
    const startedAt = now();
    const inProgress = await patchRow(row.id, { status: 'in-progress', startedAt: startedAt.toISOString() });
    if (campaignId) await recordCall(campaignId, callId, 'in-progress');
    const current = inProgress ?? row;
    const call = present(current);
    const values = isObject(call.assistantOverrides) ? call.assistantOverrides.variableValues : undefined;
    const variables: Json = { ...(isObject(values) ? values : {}), customer };
    const render = (text: unknown) => (typeof text === 'string' ? renderTemplate(text, variables) : null);
    const persona = await findPersona(db, customer.number, {
      name: customer.name,
      firstName: variables.patientFirstName,
    });
    const result: PersonaCallResult = await runPersonaCall(persona, {
      firstMessage: render(assistant.body.firstMessage),
      voicemailMessage: render(assistant.body.voicemailMessage),
      callTool: (name, args, history, id) => callTool(call, assistant, { id, name, args }, history),
      now,
    });
    const endedAt = now().toISOString();
    const artifact: Json = { messages: result.messages, transcript: transcriptOf(result.messages) };
    if (result.output && (await requestedOutputs(assistant.body)).has(CONFIRMATION_OUTPUT_NAME)) {
      artifact.structuredOutputs = { [randomUUID()]: { name: CONFIRMATION_OUTPUT_NAME, result: result.output } };
    }
    const analysis = { summary: result.summary };
    const ended = await endCall(current, {
      endedReason: result.endedReason,
      startedAt: startedAt.toISOString(),
      endedAt,
      messages: result.messages,
      artifact,
      analysis,
    });
    if (campaignId) await recordCall(campaignId, callId, 'ended', result.endedReason);
    await report(assistant, ended, { artifact, analysis, startedAt: startedAt.toISOString(), endedAt });
  }

  /** The end-of-call report to the assistant's server URL, when it asks for it. */
  async function report(assistant: { id: string | null; body: Json }, call: Json, parts: Json): Promise<void> {
    const server = isObject(assistant.body.server) ? assistant.body.server : null;
    const wanted = assistant.body.serverMessages;
    if (!server || typeof server.url !== 'string') return;
    if (Array.isArray(wanted) && !wanted.includes('end-of-call-report')) return;
    const message: Json = {
      type: 'end-of-call-report',
      timestamp: now().getTime(),
      endedReason: call.endedReason,
      call,
      customer: call.customer,
      assistant: { id: assistant.id, name: assistant.body.name },
      phoneNumber: { id: call.phoneNumberId },
      ...parts,
      cost: 0,
      costs: [],
    };
    try {
      const response = await post(server, message);
      await response.body?.cancel();
      if (!response.ok) log(`voice: end-of-call-report of call ${call.id} to ${where(server.url)}: ${response.status}`);
    } catch (error) {
      log(`voice: end-of-call-report of call ${call.id} to ${where(server.url)} failed: ${(error as Error).name}`);
    }
  }

  function placeCall(callId: string): void {
    // After the current request has been answered: the simulation never delays POST /call or /campaign.
    void track(
      new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => simulate(callId))
        .catch(async (error: unknown) => {
          log(`voice: simulated call ${callId} failed: ${error instanceof Error ? error.message : String(error)}`);
          const row = await getRow('call', callId).catch(() => null);
          if (row && row.data.status !== 'ended') {
            const endedReason = 'call.in-progress.error-vapifault-vapi-voice-failed';
            await endCall(row, { endedReason, endedAt: now().toISOString() }).catch(() => {});
            if (typeof row.data.campaignId === 'string') {
              await recordCall(row.data.campaignId, callId, 'ended', endedReason).catch(() => {});
            }
          }
        }),
    );
  }

  async function idle(): Promise<void> {
    while (running.size) await Promise.all([...running]);
  }

  return { createCampaign, tick, placeCall, idle };
}
