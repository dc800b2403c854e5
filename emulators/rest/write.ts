// The /rest/v1 stand-in's writes: request bodies, `Prefer`, and the INSERT / UPDATE / DELETE statements, kept apart
// from the routes (which run them as the caller's role) and from the read grammar they reuse (query.ts).
// Shapes follow PostgREST v12–v14 (src/PostgREST/ApiRequest/Payload.hs, Plan.hs, Query/QueryBuilder.hs):
// the body goes to Postgres as one JSON parameter read by json_populate_recordset, so values are never SQL text.
import { fail, notServed } from './errors.ts';
import { bodyColumn, buildFilters, column, quoteIdent, selectedColumns, selectedList } from './query.ts';

export interface WriteStatement {
  sql: string;
  params: unknown[];
}

/** A write's result rows: `row` is the representation (JSON text, null for return=minimal). */
export interface WrittenRow {
  row: string | null;
  /** False for a row an upsert merged into an existing one (xmax ≠ 0). */
  inserted: boolean;
}

export type Resolution = 'merge-duplicates' | 'ignore-duplicates';

export interface Preferences {
  /** `return=representation` (else minimal: no body). */
  representation: boolean;
  /** The `return=` the client asked for, if any (PostgREST reports only preferences it was given). */
  returnAsked: string | null;
  resolution: Resolution | null;
  /** `count=exact|planned|estimated`: a write's count is the rows it affected. */
  count: string | null;
  /** `missing=default`: keys a row lacks take the column default instead of null. */
  missingDefault: boolean;
}

/** The `Prefer` header(s), as PostgREST reads them: comma-separated `key=value`, unknown ones ignored. */
export function parsePrefer(header: string | undefined): Preferences {
  const prefs: Preferences = {
    representation: false,
    returnAsked: null,
    resolution: null,
    count: null,
    missingDefault: false,
  };
  for (const token of (header ?? '').split(',')) {
    const [key, value] = token.trim().split('=', 2);
    if (key === 'return' && (value === 'representation' || value === 'minimal' || value === 'headers-only')) {
      prefs.representation = value === 'representation';
      prefs.returnAsked = value;
    } else if (key === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      prefs.resolution = value;
    } else if (key === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      prefs.count = value;
    } else if (key === 'missing') prefs.missingDefault = value === 'default';
  }
  return prefs;
}

/** PostgREST's `Preference-Applied` for a write (resolution only where it had a conflict target), or ''. */
export function appliedPreferences(prefs: Preferences, resolutionApplied: boolean): string {
  return [
    resolutionApplied && prefs.resolution ? `resolution=${prefs.resolution}` : null,
    prefs.returnAsked ? `return=${prefs.returnAsked}` : null,
    prefs.count ? `count=${prefs.count}` : null,
    prefs.missingDefault ? 'missing=default' : null,
  ]
    .filter((p) => p !== null)
    .join(', ');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    fail(400, 'PGRST102', 'Empty or invalid json');
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A comma-separated list of column names (`columns`, `on_conflict`), each bare or double-quoted. */
function nameList(raw: string, parameter: string): string[] {
  return raw.split(',').map((part) => {
    const name = part.trim().replace(/^"(.*)"$/, '$1');
    if (name === '') fail(400, 'PGRST100', `"failed to parse ${parameter} parameter (${raw})"`);
    return name;
  });
}

/**
 * The rows and columns of a POST body, as PostgREST's payload parser takes them: with `columns`, those columns of
 * each object (other keys ignored); else one object's keys, or an array of objects that all have the same keys
 * ("All object keys must match"); a JSON scalar inserts nothing.
 */
function insertPayload(text: string, columnsParam: string | null): { rows: unknown[]; keys: string[] } {
  const value = parseJson(text);
  if (columnsParam !== null) {
    const rows = Array.isArray(value) ? value : [value];
    if (!rows.every(isObject)) fail(400, '22023', 'argument of json_populate_recordset must be an array of objects');
    return { rows, keys: [...new Set(nameList(columnsParam, 'columns'))] };
  }
  if (isObject(value)) return { rows: [value], keys: Object.keys(value) };
  if (!Array.isArray(value) || value.length === 0) return { rows: [], keys: [] };
  const [first] = value;
  if (!isObject(first)) fail(400, 'PGRST102', 'All object keys must match');
  const keys = Object.keys(first);
  const canonical = [...keys].sort().join('\u0000');
  const uniform = value.every((row) => isObject(row) && Object.keys(row).sort().join('\u0000') === canonical);
  if (!uniform) fail(400, 'PGRST102', 'All object keys must match');
  return { rows: value, keys };
}

/**
 * `insert into … (<keys>) select <keys> from json_populate_recordset(null::<table>, $1)` with, for
 * `Prefer: resolution=…`, `on conflict (<on_conflict or the primary key>) do update set <key> = excluded.<key>, …`
 * (merge-duplicates) or `do nothing` (ignore-duplicates). Returns the `select` columns (representation) or nothing,
 * and whether each row was inserted (an upsert that inserts nothing is 200, not 201).
 */
export function buildInsert(
  table: string,
  columns: Set<string>,
  params: URLSearchParams,
  bodyText: string,
  options: { prefer: Preferences; primaryKey: readonly string[] },
): WriteStatement & { conflictTarget: boolean } {
  const { prefer } = options;
  const payload = insertPayload(bodyText, params.get('columns'));
  // Schema-cache order, as PostgREST lists a payload's keys (a set).
  const keys = [...payload.keys].sort();
  const quoted = keys.map((name) => bodyColumn(columns, table, name));
  if (prefer.missingDefault && payload.rows.some((row) => keys.some((key) => !(key in (row as object))))) {
    notServed('Prefer: missing=default for rows without every column');
  }
  const target = `public.${quoteIdent(table)}`;
  let conflict = '';
  const conflictParam = params.get('on_conflict');
  const conflictColumns = prefer.resolution
    ? conflictParam !== null
      ? nameList(conflictParam, 'on_conflict').map((name) => column(columns, table, name))
      : options.primaryKey.map(quoteIdent)
    : [];
  if (prefer.resolution && conflictColumns.length > 0) {
    const merge = prefer.resolution === 'merge-duplicates' && quoted.length > 0;
    conflict = ` on conflict (${conflictColumns.join(', ')}) ${
      merge ? `do update set ${quoted.map((c) => `${c} = excluded.${c}`).join(', ')}` : 'do nothing'
    }`;
  }
  const merging = conflict.includes('do update');
  const representation = prefer.representation ? selectedList(table, columns, params) : [];
  const returning = [...(representation.length ? representation : ['1'])];
  if (merging) returning.push('(xmax = 0) as pgrst_inserted');
  const insertInto = quoted.length
    ? `insert into ${target} (${quoted.join(', ')}) select ${quoted.join(', ')}`
    : `insert into ${target} select`;
  const sql = `with pgrst_source as (${insertInto} from json_populate_recordset(null::${target}, $1::json)${conflict}
      returning ${returning.join(', ')})
    select ${writtenRow(representation)}, ${merging ? 'pgrst_source.pgrst_inserted' : 'true'} as inserted
    from pgrst_source${lateralRow(representation)}`;
  return { sql, params: [JSON.stringify(payload.rows)], conflictTarget: conflictColumns.length > 0 };
}

/**
 * `delete from … where <filters> returning <select>`. Like PATCH here, a DELETE without a filter is refused (Supabase's
 * pg-safeupdate), not applied to every row the caller may see.
 */
export function buildDelete(
  table: string,
  columns: Set<string>,
  params: URLSearchParams,
  prefer: Preferences,
): WriteStatement {
  if (params.has('limit') || params.has('offset')) notServed('limit/offset on DELETE');
  const values: unknown[] = [];
  const representation = prefer.representation ? selectedList(table, columns, params) : [];
  const where = buildFilters(table, columns, params, values);
  if (where.length === 0) {
    fail(
      400,
      '21000',
      'DELETE requires a WHERE clause',
      null,
      'The local platform refuses a DELETE without a filter (as pg-safeupdate does): add one, e.g. id=eq.<id>',
    );
  }
  const sql = `with pgrst_source as (delete from public.${quoteIdent(table)} where ${where.join(' and ')}
      returning ${representation.length ? representation.join(', ') : '1'})
    select ${writtenRow(representation)}, true as inserted from pgrst_source${lateralRow(representation)}`;
  return { sql, params: values };
}

/** The row's representation as JSON text (key order as selected), or null for return=minimal. */
function writtenRow(representation: readonly string[]): string {
  return representation.length ? 'row_to_json(pgrst_row)::text as row' : 'null::text as row';
}

function lateralRow(representation: readonly string[]): string {
  if (!representation.length) return '';
  return `, lateral (select ${representation.map((c) => `pgrst_source.${c}`).join(', ')}) pgrst_row`;
}

/** The request body of a PATCH: one JSON object (PostgREST's bulk PATCH of an array is not served). */
export function patchBody(text: string): Record<string, unknown> {
  const value = parseJson(text);
  if (!isObject(value)) fail(400, 'PGRST102', 'Empty or invalid json');
  return value;
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
): WriteStatement {
  const values: unknown[] = [];
  const set = Object.entries(body).map(([name, value]) => {
    const col = bodyColumn(columns, table, name);
    values.push(value !== null && typeof value === 'object' ? JSON.stringify(value) : value);
    return `${col} = $${values.length}`;
  });
  if (set.length === 0) fail(400, 'PGRST102', 'Empty or invalid json');
  const selected = selectedColumns(table, columns, params);
  const where = buildFilters(table, columns, params, values);
  if (where.length === 0) fail(400, '21000', 'UPDATE requires a WHERE clause');
  const sql = `with changed as (update public.${quoteIdent(table)} set ${set.join(', ')} where ${where.join(' and ')} returning *)
    select row_to_json(r)::text as row from (select ${selected} from changed) r`;
  return { sql, params: values };
}
