// The local platform's voice REST API: every endpoint of the registry (core/voice-platform/registry.ts),
// resources stored in `voice.resources` with uuid ids, ISO timestamps and the local org id; the platform's
// list semantics (v1 bare arrays with limit ≤ 1000 and createdAt/updatedAt Gt/Lt/Ge/Le filters, newest
// first; paginated `{results, metadata}`), NestJS-shaped 400/401/404 bodies, and POST /call/web with the
// public key returning a local room URL; outbound calls (POST /campaign, POST /call to a phone number) are
// dialed and simulated by outbound.ts. Mounted by emulators/server.ts.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { systemNow } from '../../core/time/system-clock.ts';
import { type Endpoint, matchEndpoint } from '../../core/voice-platform/registry.ts';
import { validateRequest } from '../../core/voice-platform/validate-request.ts';
import type { Db } from '../db/db.ts';
import { bearer, readBody, sendJson } from '../http.ts';
import { LOCAL_VOICE_ORG_ID, LOCAL_VOICE_ORG_NAME, LOCAL_VOICE_PRIVATE_KEY, LOCAL_VOICE_PUBLIC_KEY } from './keys.ts';
import { createOutboundDialer, type OutboundDialer } from './outbound.ts';
import { present, type Row } from './rows.ts';

export interface VoiceApiOptions {
  db: Db;
  /** The platform's origin (for webCallUrl and monitor URLs). */
  origin: () => string;
  now?: () => Date;
  log?: (line: string) => void;
}

export interface VoiceApi {
  /** Answers a request of the voice API; false when the path is not one of its endpoints. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  /** Creates the `voice` schema and the local org (idempotent). */
  migrate(): Promise<void>;
  /** Outbound calls: the platform's ticker runs `dialer.tick()`; tests await `dialer.idle()`. */
  dialer: OutboundDialer;
}

const SCHEMA_SQL = readFileSync(new URL('./schema.sql', import.meta.url), 'utf8');
const V1_DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;
const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
const PUBLIC_PATHS = new Set(['/call/web', '/chat/web', '/chat/web/responses']);
const DATE_FILTERS = {
  createdAtGt: ['created_at', '>'],
  createdAtLt: ['created_at', '<'],
  createdAtGe: ['created_at', '>='],
  createdAtLe: ['created_at', '<='],
  updatedAtGt: ['updated_at', '>'],
  updatedAtLt: ['updated_at', '<'],
  updatedAtGe: ['updated_at', '>='],
  updatedAtLe: ['updated_at', '<='],
} as const;
/** Query parameters compared with a top-level field of the stored object. */
const FIELD_FILTERS = [
  'id',
  'assistantId',
  'phoneNumberId',
  'squadId',
  'workflowId',
  'sessionId',
  'name',
  'purpose',
  'type',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

class HttpError extends Error {
  readonly status: number;
  readonly messages: string | string[];
  constructor(status: number, message: string | string[]) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.status = status;
    this.messages = message;
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
};

const badRequest = (message: string | string[]) => new HttpError(400, message);
const notFound = () => new HttpError(404, 'Not Found');

function corsHeaders(req: IncomingMessage): Record<string, string> {
  const origin = req.headers.origin;
  return origin ? { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' } : { 'Access-Control-Allow-Origin': '*' };
}

/** Fields a client may not set: the platform owns them. */
function clean(body: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, orgId: _org, createdAt: _c, updatedAt: _u, ...rest } = body;
  return rest;
}

/**
 * Refuses what the hosted platform refuses, in its words: the request schema derived from its published
 * OpenAPI document where there is one (unknown properties, types, enums, the provider/type a number, tool or
 * model names); where the public document has none (workflows, test suites, credentials …), the basics.
 */
function validate(endpoint: Endpoint, kind: string, body: Record<string, unknown>): void {
  const problems = validateRequest(endpoint.method, endpoint.path, body);
  if (problems) {
    if (problems.length) throw badRequest(problems.map((p) => p.message));
    return;
  }
  const errors: string[] = [];
  if (body.name !== undefined && typeof body.name !== 'string') errors.push('name must be a string');
  if (kind === 'chat' && body.input === undefined) errors.push('input should not be empty');
  if (errors.length) throw badRequest(errors);
}

export function createVoiceApi(options: VoiceApiOptions): VoiceApi {
  const { db } = options;
  const clock = options.now ?? systemNow;
  let last = 0;
  /** Strictly increasing millisecond timestamps, so newest-first order and createdAtLt paging are exact. */
  const now = () => {
    const t = Math.max(clock().getTime(), last + 1);
    last = t;
    return new Date(t);
  };
  const dialer = createOutboundDialer({ db, origin: options.origin, now, log: options.log ?? (() => {}) });

  async function migrate(): Promise<void> {
    await db.exec(SCHEMA_SQL);
    const at = now();
    await db.query(
      `insert into voice.resources (id, org_id, kind, parent_id, data, created_at, updated_at)
       values ($1, $1, 'org', null, $2, $3, $3) on conflict (id) do nothing`,
      [
        LOCAL_VOICE_ORG_ID,
        JSON.stringify({ name: LOCAL_VOICE_ORG_NAME, hipaaEnabled: false, concurrencyLimit: 10 }),
        at,
      ],
    );
  }

  async function findRow(kind: string, id: string, parentId: string | null = null): Promise<Row> {
    if (!UUID.test(id)) throw notFound();
    const { rows } = await db.query<Row>(
      `select * from voice.resources where org_id = $1 and kind = $2 and id = $3 and parent_id is not distinct from $4`,
      [LOCAL_VOICE_ORG_ID, kind, id, parentId],
    );
    const row = rows[0];
    if (!row) throw notFound();
    return row;
  }

  async function insert(kind: string, data: Record<string, unknown>, parentId: string | null = null): Promise<Row> {
    const at = now();
    const id = randomUUID();
    const { rows } = await db.query<Row>(
      `insert into voice.resources (id, org_id, kind, parent_id, data, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $6) returning *`,
      [id, LOCAL_VOICE_ORG_ID, kind, parentId, JSON.stringify(clean(data)), at],
    );
    return rows[0] as Row;
  }

  async function save(row: Row, data: Record<string, unknown>): Promise<Row> {
    const { rows } = await db.query<Row>(
      `update voice.resources set data = $2, updated_at = $3 where id = $1 returning *`,
      [row.id, JSON.stringify(clean(data)), now()],
    );
    return rows[0] as Row;
  }

  function parseLimit(value: string | null, fallback: number): number {
    if (value === null) return fallback;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0)
      throw badRequest(['limit must be a number conforming to the specified constraints']);
    if (n > MAX_LIMIT) throw badRequest([`limit must not be greater than ${MAX_LIMIT}`]);
    return n;
  }

  function whereFor(kind: string, parentId: string | null, query: URLSearchParams, extra: Record<string, string> = {}) {
    const clauses = ['org_id = $1', 'kind = $2', 'parent_id is not distinct from $3'];
    const params: unknown[] = [LOCAL_VOICE_ORG_ID, kind, parentId];
    const errors: string[] = [];
    for (const [name, [column, op]] of Object.entries(DATE_FILTERS)) {
      const value = query.get(name);
      if (value === null) continue;
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) {
        errors.push(`${name} must be a valid ISO 8601 date string`);
        continue;
      }
      params.push(date);
      clauses.push(`${column} ${op} $${params.length}`);
    }
    const fields = {
      ...Object.fromEntries(FIELD_FILTERS.filter((f) => query.has(f)).map((f) => [f, query.get(f) ?? ''])),
      ...extra,
    };
    for (const [field, value] of Object.entries(fields)) {
      params.push(value);
      clauses.push(field === 'id' ? `id::text = $${params.length}` : `data->>'${field}' = $${params.length}`);
    }
    if (errors.length) throw badRequest(errors);
    return { where: clauses.join(' and '), params };
  }

  async function list(
    endpoint: Endpoint,
    kind: string,
    parentId: string | null,
    query: URLSearchParams,
    extra?: Record<string, string>,
  ) {
    const { where, params } = whereFor(kind, parentId, query, extra);
    const desc = (query.get('sortOrder') ?? 'DESC').toUpperCase() !== 'ASC';
    const order = `order by created_at ${desc ? 'desc' : 'asc'}, id ${desc ? 'desc' : 'asc'}`;
    if (endpoint.list === 'paginated') {
      const limit = parseLimit(query.get('limit'), V1_DEFAULT_LIMIT) || V1_DEFAULT_LIMIT;
      const page = Number(query.get('page') ?? '1');
      if (!Number.isInteger(page) || page < 1) throw badRequest(['page must not be less than 1']);
      const total = await db.query<{ n: number }>(
        `select count(*)::int as n from voice.resources where ${where}`,
        params,
      );
      const totalItems = Number(total.rows[0]?.n ?? 0);
      const { rows } = await db.query<Row>(
        `select * from voice.resources where ${where} ${order} limit ${limit} offset ${(page - 1) * limit}`,
        params,
      );
      return {
        results: rows.map(present),
        metadata: {
          itemsPerPage: limit,
          totalItems,
          currentPage: page,
          totalPages: Math.ceil(totalItems / limit),
          sortOrder: desc ? 'DESC' : 'ASC',
        },
      };
    }
    const limit = parseLimit(query.get('limit'), V1_DEFAULT_LIMIT);
    const { rows } = await db.query<Row>(
      `select * from voice.resources where ${where} ${order} limit ${limit}`,
      params,
    );
    return rows.map(present);
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const text = await readBody(req);
    if (!text.trim()) return {};
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw badRequest((error as Error).message);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw badRequest(['body must be an object']);
    return value as Record<string, unknown>;
  }

  async function readMultipart(req: IncomingMessage): Promise<Record<string, unknown>> {
    const type = req.headers['content-type'] ?? '';
    if (!type.startsWith('multipart/form-data')) throw badRequest(['file must be sent as multipart/form-data']);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_UPLOAD_BYTES) throw new HttpError(413, 'File too large');
      chunks.push(chunk as Buffer);
    }
    const form = await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: Buffer.concat(chunks),
    })
      .formData()
      .catch(() => {
        throw badRequest(['malformed multipart body']);
      });
    const out: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value === 'string') out[key] = value;
      else {
        out.originalName = value.name;
        out.bytes = value.size;
        out.mimetype = value.type || 'application/octet-stream';
      }
    }
    if (out.originalName === undefined) throw badRequest(['file should not be empty']);
    return out;
  }

  /** References the platform resolves when it stores a resource: a squad's members name existing assistants. */
  async function checkReferences(kind: string, body: Record<string, unknown>): Promise<void> {
    if (kind !== 'squad' || !Array.isArray(body.members)) return;
    const errors: string[] = [];
    for (const member of body.members as Array<Record<string, unknown>>) {
      const id = member?.assistantId;
      if (typeof id !== 'string') continue;
      const found = await findRow('assistant', id).catch(() => undefined);
      if (!found) errors.push(`Couldn't Get Assistant. \`assistantId\` ${id} Does Not Exist.`);
    }
    if (errors.length) throw badRequest(errors);
  }

  async function createCall(body: Record<string, unknown>, type: string): Promise<Record<string, unknown>> {
    const targets = ['assistantId', 'assistant', 'squadId', 'squad', 'workflowId', 'workflow'];
    if (!targets.some((t) => body[t] !== undefined)) {
      throw badRequest('Need Either `assistant`, `assistantId`, `squad`, `squadId`, `workflow`, or `workflowId`.');
    }
    if (typeof body.assistantId === 'string') {
      await findRow('assistant', body.assistantId).catch(() => {
        throw badRequest(`Couldn't Get Assistant. \`assistantId\` ${body.assistantId} Does Not Exist.`);
      });
    }
    const row = await insert('call', { ...body, type, status: 'queued' });
    const origin = options.origin();
    const extra: Record<string, unknown> = {
      monitor: {
        listenUrl: `${origin.replace(/^http/, 'ws')}/__local/call/${row.id}/listen`,
        controlUrl: `${origin}/__local/call/${row.id}/control`,
      },
    };
    if (type === 'webCall') {
      const webCallUrl = `${origin}/__local/room/${row.id}`;
      extra.webCallUrl = webCallUrl;
      extra.transport = {
        provider: 'daily',
        callUrl: webCallUrl,
        roomDeleteOnUserLeaveEnabled: body.roomDeleteOnUserLeaveEnabled !== false,
        conversationType: 'voice',
      };
    }
    const saved = await save(row, { ...row.data, ...extra });
    return present(saved);
  }

  async function createChat(endpoint: Endpoint, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    validate(endpoint, 'chat', body);
    const input = body.input;
    const messages = typeof input === 'string' ? [{ role: 'user', content: input }] : Array.isArray(input) ? input : [];
    const output = [
      { role: 'assistant', content: 'This is the local voice platform: chats are stored but not answered by a model.' },
    ];
    const row = await insert('chat', { ...body, messages, output, cost: 0, costs: [] });
    return present(row);
  }

  async function dispatch(
    req: IncomingMessage,
    endpoint: Endpoint,
    params: string[],
    query: URLSearchParams,
  ): Promise<[number, unknown]> {
    // Lists beyond the generic one (v2 lists, pinned templates, call metadata) list the same kind.
    const generic = endpoint.generic ?? (endpoint.list ? 'list' : undefined);
    const kind = endpoint.kind;
    // Parent-scoped children: tests and runs of a test suite; provider resources by provider and name.
    let parentId: string | null = null;
    let extra: Record<string, string> | undefined;
    let ids = params;
    if (endpoint.path.startsWith('/test-suite/{testSuiteId}')) {
      await findRow('test-suite', params[0] ?? '');
      parentId = params[0] ?? null;
      ids = params.slice(1);
    } else if (endpoint.path.startsWith('/provider/{provider}/{resourceName}')) {
      extra = { provider: params[0] ?? '', resourceName: params[1] ?? '' };
      ids = params.slice(2);
    }

    if (endpoint.createsCall) {
      const body = await readJson(req);
      const type =
        endpoint.path === '/call/web' ? 'webCall' : body.transport ? 'vapi.websocketCall' : 'outboundPhoneCall';
      const call = await createCall(body, type);
      if (type === 'outboundPhoneCall') dialer.placeCall(String(call.id));
      return [201, call];
    }
    if (kind === 'campaign' && generic === 'create') {
      const result = await dialer.createCampaign(await readJson(req));
      if ('errors' in result) throw badRequest(result.errors);
      return [201, result.campaign];
    }
    if (endpoint.resource === 'chat' && endpoint.method === 'POST')
      return [201, await createChat(endpoint, await readJson(req))];
    if (endpoint.resource === 'assistant' && endpoint.verb === 'versions') {
      return [200, [present(await findRow('assistant', params[0] ?? ''))]];
    }
    if (endpoint.path.startsWith('/phone-number/import/')) {
      const body = await readJson(req);
      const provider = endpoint.path.split('/').at(-1) ?? '';
      return [201, present(await insert('phone-number', { ...body, provider, status: 'active' }))];
    }

    if (kind && generic) {
      const id = ids[0] ?? '';
      switch (generic) {
        case 'list':
          return [200, await list(endpoint, kind, parentId, query, extra)];
        case 'create': {
          const body = endpoint.body === 'multipart' ? await readMultipart(req) : await readJson(req);
          if (kind === 'file') {
            Object.assign(body, {
              object: 'file',
              status: 'done',
              name: body.name ?? body.originalName,
              purpose: body.purpose ?? 'assistant',
            });
          }
          if (endpoint.body === 'json') validate(endpoint, kind, body);
          await checkReferences(kind, body);
          if (kind === 'phone-number') body.status = 'active';
          return [201, present(await insert(kind, { ...body, ...extra }, parentId))];
        }
        case 'get':
          return [200, present(await findRow(kind, id, parentId))];
        case 'update':
        case 'replace': {
          const row = await findRow(kind, id, parentId);
          const body = await readJson(req);
          validate(endpoint, kind, body);
          await checkReferences(kind, body);
          const data = generic === 'update' ? { ...row.data, ...clean(body) } : { ...extra, ...clean(body) };
          return [200, present(await save(row, data))];
        }
        case 'delete': {
          const row = await findRow(kind, id, parentId);
          await db.query('delete from voice.resources where id = $1 or parent_id = $1', [row.id]);
          return [200, present(row)];
        }
      }
    }
    if (endpoint.body === 'multipart') {
      const body = await readMultipart(req);
      return [201, { id: randomUUID(), ...body, createdAt: now().toISOString() }];
    }

    // Endpoints with nothing to store locally: plausible empty answers in the platform's shapes.
    if (endpoint.resource === 'org') {
      const orgId = params[0];
      if (orgId && orgId !== LOCAL_VOICE_ORG_ID) throw notFound();
      if (endpoint.verb === 'members')
        return [200, [{ id: LOCAL_VOICE_ORG_ID, email: 'admin@homerounds.local', role: 'admin' }]];
      if (endpoint.verb === 'feature-flag') return [200, false];
      if (endpoint.verb === 'auth') return [200, { token: 'local-org-token' }];
    }
    if (endpoint.method === 'GET') return [200, []];
    const body = endpoint.body === 'json' ? await readJson(req) : {};
    return [endpoint.method === 'POST' ? 201 : 200, { ...body, orgId: LOCAL_VOICE_ORG_ID }];
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const method = (req.method ?? 'GET').toUpperCase();
    const pathname = url.pathname.replace(/\/+$/, '') || '/';
    if (method === 'OPTIONS') {
      if (!['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].some((m) => matchEndpoint(m, pathname))) return false;
      req.resume();
      res.writeHead(204, {
        ...corsHeaders(req),
        'Access-Control-Allow-Methods': 'GET, POST, PATCH, PUT, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': 'authorization, content-type',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return true;
    }
    let match: ReturnType<typeof matchEndpoint>;
    try {
      match = matchEndpoint(method === 'HEAD' ? 'GET' : method, pathname);
    } catch {
      return false; // malformed percent-encoding: not ours
    }
    if (!match) return false;
    const headers = corsHeaders(req);
    const fail = (status: number, message: string | string[]) => {
      if (!req.complete) req.resume();
      sendJson(res, status, { statusCode: status, message, error: REASONS[status] ?? 'Error' }, headers);
    };
    const key = bearer(req);
    const allowed =
      key === LOCAL_VOICE_PRIVATE_KEY || (key === LOCAL_VOICE_PUBLIC_KEY && PUBLIC_PATHS.has(match.endpoint.path));
    if (!key) {
      fail(401, 'Missing Authorization Header');
      return true;
    }
    if (!allowed) {
      fail(401, 'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.');
      return true;
    }
    try {
      const [status, body] = await dispatch(req, match.endpoint, match.params, url.searchParams);
      if (!req.complete) req.resume();
      sendJson(res, status, body, headers);
    } catch (error) {
      if (error instanceof HttpError) fail(error.status, error.messages);
      else throw error;
    }
    return true;
  }

  return { handle, migrate, dialer };
}
