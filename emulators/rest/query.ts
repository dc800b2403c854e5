// The /rest/v1 stand-in's query-string grammar, shared by reads and writes: `select`, horizontal filters, `order`,
// `limit`/`offset`. This is the one place request identifiers become SQL: each is checked against the table's
// columns (read from information_schema by the routes) and quoted; values only ever travel as $n parameters.
import { fail } from './errors.ts';

const OPERATORS: Record<string, string> = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' };
/** Query parameters that are not filters. */
const RESERVED = new Set(['select', 'order', 'limit', 'offset', 'columns', 'on_conflict', 'apikey']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_ROWS = 1000;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A column named in the query string (select, filter, order, on_conflict): known and quoted, or 400. */
export function column(columns: Set<string>, table: string, name: string): string {
  if (!IDENTIFIER.test(name)) fail(400, 'PGRST100', `"failed to parse select parameter (${name})"`);
  if (!columns.has(name)) fail(400, '42703', `column ${table}.${name} does not exist`);
  return quoteIdent(name);
}

/** A column named by a request body or `columns`: PostgREST's schema-cache error when the table has none such. */
export function bodyColumn(columns: Set<string>, table: string, name: string): string {
  if (!columns.has(name))
    fail(400, 'PGRST204', `Could not find the '${name}' column of '${table}' in the schema cache`);
  return quoteIdent(name);
}

function selectTerms(params: URLSearchParams): string[] {
  const select = (params.get('select') ?? '*').replace(/\s+/g, '');
  return select === '' ? ['*'] : select.split(',');
}

export function selectedColumns(table: string, columns: Set<string>, params: URLSearchParams): string {
  const terms = selectTerms(params);
  if (terms.length === 1 && terms[0] === '*') return '*';
  return terms.map((name) => (name === '*' ? '*' : column(columns, table, name))).join(', ');
}

/** The `select` of a write's representation as a list of quoted columns, `*` spelled out in table order. */
export function selectedList(table: string, columns: Set<string>, params: URLSearchParams): string[] {
  const list: string[] = [];
  for (const name of selectTerms(params)) {
    if (name === '*') list.push(...[...columns].map(quoteIdent));
    else list.push(column(columns, table, name));
  }
  return [...new Set(list)];
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

/** The query string's filters as SQL conditions (values appended to `values` as parameters). */
export function buildFilters(
  table: string,
  columns: Set<string>,
  params: URLSearchParams,
  values: unknown[],
): string[] {
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
