// The input layer in front of every route of the local platform: what no stand-in can store or compute
// is refused with a 400 before a route sees it, so PGlite and PostgreSQL (which disagree on some of it)
// never get the chance to answer 500 or answer differently.
//
// - strings (JSON keys and values, form fields, query values): no U+0000, no lone UTF-16 surrogates;
// - JSON nesting at most MAX_JSON_DEPTH deep (checked on the text, before parsing or walking it);
// - timestamps and dates, wherever a whole string looks like one: a real calendar date (no February 30),
//   RFC 3339 syntax, and an instant between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z;
// - numeric paging parameters (limit, offset, page, maxResults): at most 2^31 - 1.
// The routes keep their own, finer checks; this layer is only about what must never reach the database.

export const MAX_JSON_DEPTH = 64;
export const MAX_PAGING_NUMBER = 2 ** 31 - 1;
const PAGING_PARAMS = new Set(['limit', 'offset', 'page', 'maxResults']);

// 0001-01-01T00:00:00Z (Date.UTC would read year 1 as 1901).
const MIN_INSTANT = new Date(0).setUTCFullYear(1, 0, 1);
const MAX_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|([+-])(\d{2}):(\d{2}))$/;
/** A string that is meant as a date or timestamp (and so must be a valid one). */
const LOOKS_TEMPORAL =
  /^[+-]?\d{4,6}-\d{1,2}-\d{1,2}(?:[Tt]\d{1,2}:\d{1,2}(?::\d{1,2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{1,2}:?\d{2})?)?$/;

/** With the `u` flag a paired surrogate is one code point, so only unpaired halves match. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function validDay(year: number, month: number, day: number): boolean {
  return year >= 1 && year <= 9999 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/** `YYYY-MM-DD`, a real day between 0001-01-01 and 9999-12-31. */
export function isValidDate(value: string): boolean {
  const m = DATE_RE.exec(value);
  return !!m && validDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Milliseconds since the epoch of a strict RFC 3339 date-time (offset required, real calendar date,
 * instant within years 1–9999), or undefined when it is not one.
 */
export function parseRfc3339(value: string): number | undefined {
  const m = DATE_TIME_RE.exec(value);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = [m[1], m[2], m[3], m[4], m[5], m[6]].map(Number) as number[];
  if (!validDay(year as number, month as number, day as number)) return undefined;
  if ((hour as number) > 23 || (minute as number) > 59 || (second as number) > 59) return undefined;
  let offsetMinutes = 0;
  if (m[9]) {
    const oh = Number(m[10]);
    const om = Number(m[11]);
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (oh * 60 + om);
  }
  const fraction = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  const utc = new Date(0);
  utc.setUTCFullYear(year as number, (month as number) - 1, day as number);
  utc.setUTCHours(hour as number, minute as number, second as number, fraction);
  const ms = utc.getTime() - offsetMinutes * 60_000;
  return ms >= MIN_INSTANT && ms <= MAX_INSTANT ? ms : undefined;
}

/** Why a string cannot be accepted anywhere, or undefined. */
export function stringProblem(value: string): string | undefined {
  if (value.includes('\u0000')) return 'Strings must not contain the NUL character (U+0000)';
  if (LONE_SURROGATE.test(value)) return 'Strings must not contain unpaired UTF-16 surrogates';
  if (value.length <= 40 && LOOKS_TEMPORAL.test(value)) {
    const ok = value.length === 10 ? isValidDate(value) : parseRfc3339(value) !== undefined;
    if (!ok)
      return `Invalid date or time "${value}": use RFC 3339 (e.g. 2026-11-23T09:00:00-06:00) between years 0001 and 9999`;
  }
  return undefined;
}

/** Nesting depth of a JSON text (brackets outside strings); stops counting past `limit`. */
export function jsonDepth(text: string, limit = MAX_JSON_DEPTH): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** Walks a parsed JSON value without recursion; the first problem of any key or string value. */
function jsonProblem(root: unknown): string | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      const problem = stringProblem(value);
      if (problem) return problem;
    } else if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) {
        const problem = stringProblem(key);
        if (problem) return problem;
        stack.push(item);
      }
    }
  }
  return undefined;
}

/** Why a request body cannot be accepted, or undefined (bodies that are not valid JSON are the routes' to judge). */
export function bodyProblem(text: string, contentType: string | undefined): string | undefined {
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/x-www-form-urlencoded') {
    for (const [key, value] of new URLSearchParams(text)) {
      const problem = stringProblem(key) ?? stringProblem(value);
      if (problem) return problem;
    }
    return undefined;
  }
  const trimmed = text.trimStart();
  const jsonish =
    type === 'application/json' || type.endsWith('+json') || trimmed.startsWith('{') || trimmed.startsWith('[');
  if (!jsonish) return text.includes('\u0000') ? 'The body must not contain the NUL character (U+0000)' : undefined;
  if (jsonDepth(text) > MAX_JSON_DEPTH) return `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return jsonProblem(value);
}

/** Why a query string cannot be accepted, or undefined. */
export function queryProblem(params: URLSearchParams): string | undefined {
  for (const [key, value] of params) {
    const problem = stringProblem(key) ?? stringProblem(value);
    if (problem) return problem;
    if (PAGING_PARAMS.has(key) && /^\s*[+-]?(\d|\.\d)/.test(value)) {
      const n = Number(value);
      if (!Number.isFinite(n) || Math.abs(n) > MAX_PAGING_NUMBER)
        return `${key} is out of range (at most ${MAX_PAGING_NUMBER})`;
    }
  }
  return undefined;
}
