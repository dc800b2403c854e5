// `--all` / `--limit` over both list styles the platform uses:
// - v1: a bare array, newest first; the next page asks `createdAtLe` = the oldest item's createdAt (inclusive, so
//   items sharing that timestamp across a page boundary are never lost) and drops the ids already seen;
// - paginated: `{results, metadata}`; next page by `page + 1` (or `cursor` = metadata.nextCursor).
// Paging always ends: a page that does not advance (same page, same cursor, no new ids) stops with an error, and
// the number of requests is bounded by MAX_PAGES.
import type { ListStyle } from '../../core/voice-platform/registry.ts';
import { CliError } from '../errors.ts';
import type { ApiClient, Query } from './client.ts';

export const V1_MAX_LIMIT = 1000;
/** The platform's default page size (v1 `limit` and paginated `limit`). */
export const DEFAULT_PAGE_SIZE = 100;
/** Hard bound on the requests one `--all` may make, whatever the server answers. */
export const MAX_PAGES = 10_000;

export interface ListOptions {
  path: string;
  style: ListStyle;
  query: Query;
  /** Follow pagination to the end (or until `limit` items). */
  all: boolean;
  /** Maximum number of items to return, in total across pages. */
  limit?: number;
  /** Progress lines (stderr). */
  progress?: (line: string) => void;
  /** Notes for the user (stderr), e.g. that more items exist than one page returned. */
  notice?: (line: string) => void;
  /** What a 404 means (see ApiRequest.notFound). */
  notFound?: string;
  /** With --all/--limit: each page's new items as it arrives (NDJSON output), instead of collecting them all. */
  onItems?: (items: unknown[]) => void;
}

interface PaginatedBody {
  results?: unknown[];
  metadata?: {
    currentPage?: number;
    totalPages?: number;
    totalItems?: number;
    hasNextPage?: boolean;
    nextCursor?: string | null;
    itemsPerPage?: number;
  };
}

/** The items of one list answer, whichever style it came in (tolerates either shape). */
export function itemsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  if (data && typeof data === 'object' && Array.isArray((data as PaginatedBody).results)) {
    return (data as PaginatedBody).results as unknown[];
  }
  return [];
}

function idOf(item: unknown): string | undefined {
  const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

function stalled(path: string, what: string, count: number): CliError {
  return new CliError(
    `paging ${path} stopped: ${what}; the server's pagination does not advance (${count} item(s) fetched so far). ` +
      'Use --limit N or -q filters (e.g. -q createdAtLt=<ISO date>) to list a part.',
  );
}

function tooManyPages(path: string, count: number): CliError {
  return new CliError(
    `paging ${path} stopped after ${MAX_PAGES} requests (${count} item(s) fetched); use --limit N or -q filters to list a part.`,
  );
}

export async function listItems(client: ApiClient, options: ListOptions): Promise<unknown[]> {
  // --limit N is a total across pages: page through, as --all would, up to N.
  if (options.all || options.limit !== undefined) {
    return options.style === 'v1' ? listAllV1(client, options) : listAllPaginated(client, options);
  }
  const { data } = await client.request({
    method: 'GET',
    path: options.path,
    query: { ...options.query },
    notFound: options.notFound,
  });
  const items = itemsOf(data);
  if (options.notice && moreExist(data, items.length, options.query)) {
    options.notice(`${items.length} item(s) shown; more exist: use --all, or --limit N for a total across pages.`);
  }
  return items;
}

/** Whether one list answer says (or, for a full v1 page, suggests) that more items exist. */
function moreExist(data: unknown, shown: number, query: Query): boolean {
  if (Array.isArray(data)) return shown > 0 && shown >= Number(query.limit ?? DEFAULT_PAGE_SIZE);
  const meta = (data as PaginatedBody | null)?.metadata;
  if (!meta) return false;
  if (meta.hasNextPage !== undefined) return meta.hasNextPage;
  if (meta.nextCursor) return true;
  if (meta.totalPages !== undefined && meta.currentPage !== undefined) return meta.currentPage < meta.totalPages;
  if (meta.totalItems !== undefined) return shown < meta.totalItems;
  return false;
}

/** Collects a page's new items, or streams them to onItems; at most `limit` in total. Returns the count so far. */
function collector(options: ListOptions): { out: unknown[]; add: (items: unknown[]) => number } {
  const out: unknown[] = [];
  let count = 0;
  return {
    out,
    add(items) {
      const kept = options.limit === undefined ? items : items.slice(0, Math.max(0, options.limit - count));
      count += kept.length;
      if (options.onItems) {
        if (kept.length) options.onItems(kept);
      } else out.push(...kept);
      return count;
    },
  };
}

async function listAllV1(client: ApiClient, options: ListOptions): Promise<unknown[]> {
  const { out, add } = collector(options);
  let count = 0;
  const seen = new Set<string>();
  const query: Query = { ...options.query };
  let pageSize = Math.min(V1_MAX_LIMIT, Number(query.limit ?? options.limit ?? V1_MAX_LIMIT));
  let first = true;
  for (let requests = 0; ; requests++) {
    if (requests >= MAX_PAGES) throw tooManyPages(options.path, count);
    // The first page may be cut to the limit; later pages repeat their boundary items, so they ask a full page.
    const want = first && options.limit !== undefined ? Math.min(pageSize, options.limit) : pageSize;
    const { data } = await client.request({
      method: 'GET',
      path: options.path,
      query: { ...query, limit: want },
      notFound: options.notFound,
    });
    const page = itemsOf(data);
    let oldest: string | undefined;
    const added: unknown[] = [];
    for (const item of page) {
      const record = item as { createdAt?: string };
      if (typeof record.createdAt === 'string' && (!oldest || record.createdAt < oldest)) oldest = record.createdAt;
      const id = idOf(item);
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      added.push(item);
    }
    const fresh = added.length;
    count = add(added);
    options.progress?.(`fetched ${count} item(s)`);
    if (page.length < want || (options.limit !== undefined && count >= options.limit)) break;
    if (!oldest) throw stalled(options.path, 'a full page has no createdAt to continue from', count);
    if (!first && fresh === 0) {
      // A full page of items already seen: more than `want` items share the boundary timestamp. Ask for more at
      // once; at the platform's maximum there is no way past it without losing items.
      if (pageSize >= V1_MAX_LIMIT) {
        throw stalled(options.path, `more than ${V1_MAX_LIMIT} items share createdAt ${oldest}`, count);
      }
      pageSize = Math.min(V1_MAX_LIMIT, pageSize * 2);
    }
    first = false;
    delete query.createdAtLt;
    query.createdAtLe = oldest;
  }
  return out;
}

async function listAllPaginated(client: ApiClient, options: ListOptions): Promise<unknown[]> {
  const { out, add } = collector(options);
  let count = 0;
  const seen = new Set<string>();
  const query: Query = { ...options.query };
  query.limit ??= options.limit !== undefined ? Math.min(options.limit, DEFAULT_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
  let page = Number(query.page ?? 1);
  let lastCurrent: number | undefined;
  for (let requests = 0; ; requests++) {
    if (requests >= MAX_PAGES) throw tooManyPages(options.path, count);
    const pageQuery = query.cursor ? { ...query } : { ...query, page };
    const { data } = await client.request({
      method: 'GET',
      path: options.path,
      query: pageQuery,
      notFound: options.notFound,
    });
    const items = itemsOf(data);
    const added: unknown[] = [];
    for (const item of items) {
      const id = idOf(item);
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      added.push(item);
    }
    const fresh = added.length;
    count = add(added);
    options.progress?.(`fetched ${count} item(s)`);
    if (options.limit !== undefined && count >= options.limit) break;
    if (Array.isArray(data) || items.length === 0) break;
    const meta = (data as PaginatedBody).metadata ?? {};
    const hasNext =
      moreExist(data, count, query) ||
      (!meta.nextCursor &&
        meta.hasNextPage === undefined &&
        meta.totalPages === undefined &&
        meta.totalItems === undefined &&
        items.length >= Number(query.limit));
    if (!hasNext) break;
    if (requests > 0 && fresh === 0) throw stalled(options.path, 'a page brought no new items', count);
    if (meta.nextCursor) {
      if (meta.nextCursor === query.cursor) throw stalled(options.path, `the same cursor came back`, count);
      query.cursor = meta.nextCursor;
      delete query.page;
      continue;
    }
    const current = meta.currentPage ?? page;
    if (lastCurrent !== undefined && current <= lastCurrent) {
      throw stalled(options.path, `page ${page} answered as currentPage ${current} again`, count);
    }
    lastCurrent = current;
    page = current + 1;
  }
  return out;
}
