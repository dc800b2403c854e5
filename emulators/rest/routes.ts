// /rest/v1: the part of PostgREST the product uses, on exposed tables of `public` — GET/HEAD with `select`
// (columns or *), horizontal filters (eq, neq, gt, gte, lt, lte, is, in), order, limit/offset and `.single()`
// (Accept: application/vnd.pgrst.object+json); POST (insert, upsert with `Prefer: resolution=…` and `on_conflict`);
// PATCH of one JSON object's columns and DELETE on the rows the filters match (a filter is required). Every
// statement runs in a transaction under the caller's role and JWT claims, so Postgres row-level security decides
// what is visible and what may change. The query grammar is in query.ts, bodies and write statements in write.ts,
// error shapes in errors.ts.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gatewayKeyError } from '../auth/errors.ts';
import { apiKeyJwt, apiKeyRole, verifyJwt } from '../auth/keys.ts';
import type { PlatformContext } from '../context.ts';
import { isPgError, isUnavailableError } from '../db/db.ts';
import { bearer, corsHeaders, drain, header, preflight, readBody, sendEmpty, sendJson, sendJsonText } from '../http.ts';
import { fail, RestError, restErrorFromPg } from './errors.ts';
import { buildQuery } from './query.ts';
import {
  appliedPreferences,
  buildDelete,
  buildInsert,
  buildUpdate,
  parsePrefer,
  patchBody,
  type WrittenRow,
} from './write.ts';

export type { PostgrestError } from './errors.ts';
export { buildQuery } from './query.ts';

const OBJECT_MEDIA = 'application/vnd.pgrst.object+json';
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const SERVED = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

type RequestRole = { role: string; claims: Record<string, unknown> };

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
  // A write's body is read first, so every answer (errors too) leaves the connection clean; others are drained.
  let bodyText = '';
  if (method === 'PATCH' || method === 'POST') bodyText = await readBody(req);
  else drain(req);
  if (method === 'OPTIONS') return preflight(req, res);
  let role: RequestRole | undefined;
  try {
    const key = header(req, 'apikey') ?? url.searchParams.get('apikey') ?? undefined;
    if (!key) return gatewayKeyError(req, res, true);
    if (!apiKeyRole(key)) return gatewayKeyError(req, res, false);
    const table = /^\/([A-Za-z_][A-Za-z0-9_]*)\/?$/.exec(path)?.[1];
    if (!table) {
      if (path === '' || path === '/') fail(404, 'PGRST205', 'The OpenAPI root is not served by the local platform');
      fail(404, 'PGRST125', `Invalid path specified in request URL`);
    }
    if (!SERVED.has(method)) {
      fail(
        405,
        'PGRST117',
        `Unsupported HTTP method: ${method}`,
        method === 'PUT' ? 'The local platform serves GET, HEAD, POST, PATCH and DELETE (no PUT upsert)' : null,
      );
    }
    // Reads name their schema in Accept-Profile, writes in Content-Profile (supabase-js sends both as `public`).
    const profile = header(req, method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile');
    if (profile && profile !== 'public') {
      fail(406, 'PGRST106', `Invalid schema: ${profile}`, null, 'Only the following schemas are exposed: public');
    }
    role = await requestRole(ctx, req, key);
    const columns = await tableColumns(ctx, table);
    const single = (header(req, 'accept') ?? '').includes(OBJECT_MEDIA);
    // `.single()` wants exactly one row; for a write PostgREST checks before committing, so a miss changes nothing.
    const check = single ? expectOneRow : undefined;
    const request = { role, method, path };
    if (method === 'POST' || method === 'DELETE') {
      const prefer = parsePrefer(header(req, 'prefer'));
      const statement =
        method === 'POST'
          ? buildInsert(table, columns, url.searchParams, bodyText, {
              prefer,
              primaryKey: prefer.resolution && !url.searchParams.has('on_conflict') ? await primaryKey(ctx, table) : [],
            })
          : { ...buildDelete(table, columns, url.searchParams, prefer), conflictTarget: false };
      const rows = await runAs<WrittenRow>(ctx, request, statement.sql, statement.params, check);
      // POST: 201, but 200 for a merging upsert that inserted nothing; DELETE: 200 with the rows, else 204.
      const merged = prefer.resolution === 'merge-duplicates' && !rows.some((r) => r.inserted);
      const status = method === 'POST' ? (merged ? 200 : 201) : prefer.representation ? 200 : 204;
      const applied = appliedPreferences(prefer, statement.conflictTarget);
      const headers = {
        ...corsHeaders(req),
        'Content-Range': `*/${prefer.count ? rows.length : '*'}`,
        ...(applied ? { 'Preference-Applied': applied } : {}),
      };
      if (!prefer.representation) return sendEmpty(res, status, { ...headers, 'Content-Length': '0' });
      const body = single ? (rows[0]?.row ?? 'null') : `[${rows.map((r) => r.row).join(',')}]`;
      return sendJsonText(res, status, body, headers, single ? `${OBJECT_MEDIA}; charset=utf-8` : undefined);
    }
    if (method === 'PATCH') {
      const update = buildUpdate(table, columns, url.searchParams, patchBody(bodyText));
      const rows = await rowsAs(ctx, request, update.sql, update.params, check);
      const representation = parsePrefer(header(req, 'prefer')).representation;
      if (!representation) return sendEmpty(res, 204, { ...corsHeaders(req), 'Content-Range': `*/*` });
      if (single) return sendJson(res, 200, rows[0], corsHeaders(req), `${OBJECT_MEDIA}; charset=utf-8`);
      return sendJson(res, 200, rows, corsHeaders(req));
    }
    const query = buildQuery(table, columns, url.searchParams);
    // Rows as Postgres writes JSON, as PostgREST answers: a date is "2026-11-24", a timestamptz keeps its offset.
    const rows = await rowsAs(ctx, request, `select row_to_json(r)::text as row from (${query.sql}) r`, query.params);
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
    // A database that is away is the server's 503 (with Retry-After), not a statement's error.
    if (isPgError(error) && !isUnavailableError(error)) {
      // PostgREST compares the JWT's role with the anonymous role: 42501 is 403 for a user, 401 for anon.
      return sendError(req, res, restErrorFromPg(error, role !== undefined && role.role !== 'anon'));
    }
    throw error;
  }
}

async function requestRole(ctx: PlatformContext, req: IncomingMessage, key: string): Promise<RequestRole> {
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

/** The table's columns in table order (the only identifiers a request may name), or PostgREST's 404. */
async function tableColumns(ctx: PlatformContext, table: string): Promise<Set<string>> {
  const { rows } = await ctx.db.query<{ column_name: string }>(
    `select c.column_name from information_schema.tables t
       join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
     where t.table_schema = 'public' and t.table_name = $1
     order by c.ordinal_position`,
    [table],
  );
  if (rows.length === 0) {
    fail(404, 'PGRST205', `Could not find the table 'public.${table}' in the schema cache`);
  }
  return new Set(rows.map((r) => r.column_name));
}

/** The primary key's columns: an upsert's conflict target when the request names no `on_conflict`. */
async function primaryKey(ctx: PlatformContext, table: string): Promise<string[]> {
  const { rows } = await ctx.db.query<{ column_name: string }>(
    `select k.column_name from information_schema.table_constraints c
       join information_schema.key_column_usage k
         on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name
        and k.table_name = c.table_name
     where c.table_schema = 'public' and c.table_name = $1 and c.constraint_type = 'PRIMARY KEY'
     order by k.ordinal_position`,
    [table],
  );
  return rows.map((r) => r.column_name);
}

/**
 * The statement's rows, run as the request's role with its claims, method and path set for the transaction, as
 * PostgREST does (row-level security and `request.*` settings see the caller). `check` runs before the commit:
 * when it throws, the transaction (a write included) is rolled back.
 */
async function runAs<T>(
  ctx: PlatformContext,
  request: { role: RequestRole; method: string; path: string },
  sql: string,
  params: unknown[],
  check?: (rows: readonly T[]) => void,
): Promise<T[]> {
  const { role, method, path } = request;
  return ctx.db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true)`,
      [role.role, JSON.stringify(role.claims), method, path],
    );
    const found = await tx.query<T>(sql, params);
    check?.(found.rows);
    return found.rows;
  });
}

/** Like runAs, for statements answering one `row` column of JSON text: the rows parsed. */
async function rowsAs(
  ctx: PlatformContext,
  request: { role: RequestRole; method: string; path: string },
  sql: string,
  params: unknown[],
  check?: (rows: readonly unknown[]) => void,
): Promise<Record<string, unknown>[]> {
  const rows = await runAs<{ row: string }>(ctx, request, sql, params, check);
  return rows.map((r) => JSON.parse(r.row) as Record<string, unknown>);
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
