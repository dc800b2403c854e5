// /rest/v1: the part of PostgREST the product uses — GET on exposed tables of `public` with `select`
// (columns or *), horizontal filters (eq, neq, gt, gte, lt, lte, is, in), order, limit/offset, and
// `.single()` (Accept: application/vnd.pgrst.object+json); PATCH of one JSON object's columns on the rows
// the filters match (a filter is required; `Prefer: return=representation` answers the rows). Every query
// runs in a transaction under the caller's role and JWT claims, so Postgres row-level security decides what
// is visible and what may change.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gatewayKeyError } from '../auth/errors.ts';
import { apiKeyJwt, apiKeyRole, verifyJwt } from '../auth/keys.ts';
import type { PlatformContext } from '../context.ts';
import { isPgError } from '../db/db.ts';
import { bearer, corsHeaders, drain, header, preflight, readBody, sendEmpty, sendJson } from '../http.ts';

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);
const MAX_ROWS = 1000;

export interface PostgrestError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: PostgrestError,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message);
  }
}

function fail(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): never {
  throw new RestError(status, { code, message, details, hint });
}

function sendError(req: IncomingMessage, res: ServerResponse, error: RestError): void {
  sendJson(res, error.status, error.body, { ...corsHeaders(req), ...error.headers });
}

export async function handleRest(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  url: URL,
): Promise<void> {
  const method = req.method ?? 'GET';
  // A PATCH's body is read first, so every answer (errors too) leaves the connection clean; others are drained.
  let patchText = '';
  if (method === 'PATCH') patchText = await readBody(req);
  else drain(req);
  if (method === 'OPTIONS') return preflight(req, res);
  try {
    const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!key) return gatewayKeyError(req, res, true);
    if (!apiKeyRole(key)) return gatewayKeyError(req, res, false);
    const table = /^\/([A-Za-z_][A-Za-z0-9_]*)\/?$/.exec(path)?.[1];
    if (!table) {
      if (path === '' || path === '/') fail(404, 'PGRST205', 'The OpenAPI root is not served by the local platform');
      fail(404, 'PGRST125', `Invalid path specified in request URL`);
    }
    if (method !== 'GET' && method !== 'HEAD' && method !== 'PATCH') {
      const known = ['POST', 'PUT', 'DELETE'].includes(method);
      fail(
        405,
        'PGRST117',
        `Unsupported HTTP method: ${method}`,
        known ? 'The local platform serves reads and PATCH only' : null,
      );
    }
    const profile = header(req, 'accept-profile');
    if (profile && profile !== 'public') {
      fail(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
    }
    const role = await requestRole(ctx, req, key);
    const columns = await tableColumns(ctx, table);
    const single = (header(req, 'accept') ?? '').includes(OBJECT_MEDIA);
    if (method === 'PATCH') {
      const update = buildUpdate(table, columns, url.searchParams, patchBody(patchText));
      const rows = await rowsAs(ctx, { role, method, path }, update.sql, update.params);
      const representation = /\breturn=representation\b/.test(header(req, 'prefer') ?? '');
      if (!representation) return sendEmpty(res, 204, { ...corsHeaders(req), 'Content-Range': `*/*` });
      if (single) {
        expectOneRow(rows);
        return sendJson(res, 200, rows[0], corsHeaders(req), `${OBJECT_MEDIA}; charset=utf-8`);
      }
      return sendJson(res, 200, rows, corsHeaders(req));
    }
    const query = buildQuery(table, columns, url.searchParams);
    // Rows as Postgres writes JSON, as PostgREST answers: a date is "2026-11-24", a timestamptz keeps its offset.
    const rows = await rowsAs(
      ctx,
      { role, method, path },
      `select row_to_json(r)::text as row from (${query.sql}) r`,
      query.params,
    );
    if (single) {
      expectOneRow(rows);
      return sendJson(
        res,
        200,
        rows[0],
        { ...corsHeaders(req), 'Content-Range': '0-0/*' },
        `${OBJECT_MEDIA}; charset=utf-8`,
      );
    }
    const offset = query.offset;
    const range = rows.length === 0 ? '*/*' : `${offset}-${offset + rows.length - 1}/*`;
    sendJson(res, 200, rows, { ...corsHeaders(req), 'Content-Range': range });
  } catch (error) {
    if (error instanceof RestError) return sendError(req, res, error);
    if (isPgError(error)) {
      const authenticated = (bearer(req) ?? '') !== '' && !apiKeyRole(bearer(req));
      // PostgREST: unique and foreign-key violations are conflicts, other integrity violations (checks,
      // not-null) bad requests.
      const status =
        error.code === '23503' || error.code === '23505'
          ? 409
          : error.code.startsWith('23')
            ? 400
            : error.code === '42501'
              ? authenticated
                ? 403
                : 401
              : error.code.startsWith('22')
                ? 400
                : error.code.startsWith('42')
                  ? 400
                  : 500;
      return sendError(
        req,
        res,
        new RestError(status, {
          code: error.code,
          message: error.message,
          details: error.detail ?? null,
          hint: error.hint ?? null,
        }),
      );
    }
    throw error;
  }
}

async function requestRole(
  ctx: PlatformContext,
  req: IncomingMessage,
  key: string,
): Promise<{ role: string; claims: Record<string, unknown> }> {
  // The gateway forwards Authorization when it carries a JWT; an `sb_…` Bearer is replaced by the apikey's JWT.
  let jwt = bearer(req);
  if (!jwt || jwt.startsWith('sb_')) jwt = apiKeyJwt(jwt && apiKeyRole(jwt) ? jwt : key);
  if (!jwt) fail(401, 'PGRST302', 'Anonymous access is disabled');
  const verified = await verifyJwt(jwt, ctx.now());
  const challenge = (description: string) => ({
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
  if (!verified.ok) {
    if (verified.reason === 'expired') {
      throw new RestError(
        401,
        { code: 'PGRST303', message: 'JWT expired', details: null, hint: null },
        challenge('JWT expired'),
      );
    }
    throw new RestError(
      401,
      { code: 'PGRST301', message: 'No suitable key or wrong key type', details: null, hint: null },
      challenge('No suitable key or wrong key type'),
    );
  }
  const role = typeof verified.claims.role === 'string' ? verified.claims.role : 'anon';
  if (!API_ROLES.has(role)) {
    throw new RestError(
      401,
      { code: 'PGRST301', message: `JWT role "${role}" is not allowed`, details: null, hint: null },
      challenge('JWT role is not allowed'),
    );
  }
  return { role, claims: verified.claims };
}

async function tableColumns(ctx: PlatformContext, table: string): Promise<Set<string>> {
  const { rows } = await ctx.db.query<{ column_name: string }>(
    `select c.column_name from information_schema.tables t
       join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
     where t.table_schema = 'public' and t.table_name = $1`,
    [table],
  );
  if (rows.length === 0) {
    fail(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
  }
  return new Set(rows.map((r) => r.column_name));
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function column(columns: Set<string>, table: string, name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) fail(400, 'PGRST100', `"failed to parse select parameter (${name})"`);
  if (!columns.has(name)) fail(400, '42703', `column ${table}.${name} does not exist`);
  return quoteIdent(name);
}

function selectedColumns(table: string, columns: Set<string>, params: URLSearchParams): string {
  const select = (params.get('select') ?? '*').replace(/\s+/g, '');
  return select === '*' || select === ''
    ? '*'
    : select
        .split(',')
        .map((name) => {
          if (name === '*') return '*';
          return column(columns, table, name);
        })
        .join(', ');
}

export function buildQuery(
  table: string,
  columns: Set<string>,
  params: URLSearchParams,
): { sql: string; params: unknown[]; offset: number } {
  const values: unknown[] = [];
  const selected = selectedColumns(table, columns, params);
  const where = buildFilters(table, columns, params, values);
  const order: string[] = [];
  const orderParam = params.get('order');
  if (orderParam) {
    for (const term of orderParam.split(',')) {
      const [name = '', ...mods] = term.split('.');
      const col = column(columns, table, name);
      const direction = mods.includes('desc') ? 'desc' : 'asc';
      const nulls = mods.includes('nullsfirst') ? ' nulls first' : mods.includes('nullslast') ? ' nulls last' : '';
      if (mods.some((m) => !['asc', 'desc', 'nullsfirst', 'nullslast'].includes(m))) {
        fail(400, 'PGRST100', `"failed to parse order (${orderParam})"`);
      }
      order.push(`${col} ${direction}${nulls}`);
    }
  }
  const limitRaw = params.get('limit');
  const offsetRaw = params.get('offset');
  const limit = limitRaw === null ? MAX_ROWS : Number(limitRaw);
  const offset = offsetRaw === null ? 0 : Number(offsetRaw);
  if (!Number.isInteger(limit) || limit < 0) fail(400, 'PGRST100', `"failed to parse limit (${limitRaw})"`);
  if (!Number.isInteger(offset) || offset < 0) fail(400, 'PGRST100', `"failed to parse offset (${offsetRaw})"`);
  const sql = `select ${selected} from public.${quoteIdent(table)}${where.length ? ` where ${where.join(' and ')}` : ''}${
    order.length ? ` order by ${order.join(', ')}` : ''
  } limit ${Math.min(limit, MAX_ROWS)} offset ${offset}`;
  return { sql, params: values, offset };
}

/** The request body of a PATCH: one JSON object (PostgREST's bulk PATCH of an array is not served). */
function patchBody(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fail(400, 'PGRST102', 'Empty or invalid json');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    fail(400, 'PGRST102', 'Empty or invalid json');
  }
  return value as Record<string, unknown>;
}

/**
 * `update … set <body's columns> where <filters> returning <select>`, each row as JSON. Like Supabase's
 * PostgREST (pg-safeupdate), an update without a filter is refused rather than applied to every visible row.
 */
export function buildUpdate(
  table: string,
  columns: Set<string>,
  params: URLSearchParams,
  body: Record<string, unknown>,
): { sql: string; params: unknown[] } {
  const values: unknown[] = [];
  const set = Object.entries(body).map(([name, value]) => {
    if (!columns.has(name))
      fail(400, 'PGRST204', `Could not find the '${name}' column of '${table}' in the schema cache`);
    values.push(value !== null && typeof value === 'object' ? JSON.stringify(value) : value);
    return `${column(columns, table, name)} = $${values.length}`;
  });
  if (set.length === 0) fail(400, 'PGRST102', 'Empty or invalid json');
  const selected = selectedColumns(table, columns, params);
  const where = buildFilters(table, columns, params, values);
  if (where.length === 0) fail(400, '21000', 'UPDATE requires a WHERE clause');
  const sql = `with changed as (update public.${quoteIdent(table)} set ${set.join(', ')} where ${where.join(' and ')} returning *)
    select row_to_json(r)::text as row from (select ${selected} from changed) r`;
  return { sql, params: values };
}

function buildFilters(table: string, columns: Set<string>, params: URLSearchParams, values: unknown[]): string[] {
  const where: string[] = [];
  for (const [name, raw] of params) {
    if (RESERVED.has(name)) continue;
    const dot = raw.indexOf('.');
    if (dot < 0)
      fail(
        400,
        'PGRST100',
        `"failed to parse filter (${raw})" (line 1, column 1)`,
        `unexpected end of input expecting operator`,
      );
    let op = raw.slice(0, dot);
    let value = raw.slice(dot + 1);
    let negate = false;
    if (op === 'not') {
      const dot2 = value.indexOf('.');
      if (dot2 < 0) fail(400, 'PGRST100', `"failed to parse filter (${raw})"`);
      negate = true;
      op = value.slice(0, dot2);
      value = value.slice(dot2 + 1);
    }
    const col = column(columns, table, name);
    let clause: string;
    if (op in OPERATORS) {
      values.push(value);
      clause = `${col} ${OPERATORS[op]} $${values.length}`;
    } else if (op === 'is') {
      const map: Record<string, string> = { null: 'null', true: 'true', false: 'false', unknown: 'unknown' };
      const literal = map[value.toLowerCase()];
      if (!literal)
        fail(400, 'PGRST100', `"failed to parse filter (${raw})"`, 'is only accepts null, true, false or unknown');
      clause = `${col} is ${literal}`;
    } else if (op === 'in') {
      const match = /^\((.*)\)$/.exec(value);
      if (!match) fail(400, 'PGRST100', `"failed to parse filter (${raw})"`, 'in expects a parenthesised list');
      const items = (match[1] ?? '').split(',').map((v) => v.replace(/^"(.*)"$/, '$1'));
      values.push(items);
      clause = `${col}::text = any($${values.length}::text[])`;
    } else {
      fail(
        400,
        'PGRST100',
        `"failed to parse filter (${raw})" (line 1, column ${dot + 1})`,
        `unknown operator "${op}"`,
      );
    }
    where.push(negate ? `not (${clause})` : clause);
  }
  return where;
}

/**
 * The statement's `row` column as JSON rows, run as the request's role with its claims, method and path set for the
 * transaction, as PostgREST does (row-level security and `request.*` settings see the caller).
 */
async function rowsAs(
  ctx: PlatformContext,
  request: { role: Awaited<ReturnType<typeof requestRole>>; method: string; path: string },
  sql: string,
  params: unknown[],
): Promise<Record<string, unknown>[]> {
  const { role, method, path } = request;
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true)`,
      [role.role, JSON.stringify(role.claims), method, path],
    );
    const found = await tx.query<{ row: string }>(sql, params);
    return found.rows.map((r) => JSON.parse(r.row) as Record<string, unknown>);
  });
}

/** `Accept: application/vnd.pgrst.object+json` wants exactly one row: PostgREST's 406 PGRST116 otherwise. */
function expectOneRow(rows: readonly unknown[]): void {
  if (rows.length !== 1) {
    fail(
      406,
      'PGRST116',
      'Cannot coerce the result to a single JSON object',
      `The result contains ${rows.length} rows`,
    );
  }
}
