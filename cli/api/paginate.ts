// `--all` / `--limit` over both list styles the platform uses:
// - v1: a bare array, newest first; the next page moves `createdAtLt` to the oldest item's createdAt;
// - paginated: `{results, metadata}`; next page by `page + 1` (or `cursor` = metadata.nextCursor).
import type { ListStyle } from '../../core/voice-platform/registry.ts';
import type { ApiClient, Query } from './client.ts';

export const V1_MAX_LIMIT = 1000;

export interface ListOptions {
  path: string;
  style: ListStyle;
  query: Query;
  /** Follow pagination to the end (or until `limit` items). */
  all: boolean;
  /** Maximum number of items to return. */
  limit?: number;
  /** Progress lines (stderr). */
  progress?: (line: string) => void;
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

export async function listItems(client: ApiClient, options: ListOptions): Promise<unknown[]> {
  const { limit } = options;
  // More than one v1 page can hold: page through, as --all would, up to the limit.
  const all = options.all || (options.style === 'v1' && limit !== undefined && limit > V1_MAX_LIMIT);
  if (!all) {
    const query = { ...options.query };
    if (limit !== undefined) query.limit = limit;
    const { data } = await client.request({ method: 'GET', path: options.path, query });
    return itemsOf(data);
  }
  return options.style === 'v1' ? listAllV1(client, options) : listAllPaginated(client, options);
}

async function listAllV1(client: ApiClient, options: ListOptions): Promise<unknown[]> {
  const out: unknown[] = [];
  const seen = new Set<string>();
  const query: Query = { ...options.query };
  const pageSize = Math.min(V1_MAX_LIMIT, Number(query.limit ?? V1_MAX_LIMIT));
  for (;;) {
    const want = options.limit !== undefined ? Math.min(pageSize, options.limit - out.length) : pageSize;
    const { data } = await client.request({ method: 'GET', path: options.path, query: { ...query, limit: want } });
    const page = itemsOf(data);
    let oldest: string | undefined;
    for (const item of page) {
      const record = item as { id?: string; createdAt?: string };
      if (record.createdAt && (!oldest || record.createdAt < oldest)) oldest = record.createdAt;
      if (record.id && seen.has(record.id)) continue;
      if (record.id) seen.add(record.id);
      out.push(item);
    }
    options.progress?.(`fetched ${out.length} item(s)`);
    if (page.length < want || !oldest || (options.limit !== undefined && out.length >= options.limit)) break;
    if (query.createdAtLt === oldest) break; // no progress: items share one timestamp
    query.createdAtLt = oldest;
  }
  return options.limit !== undefined ? out.slice(0, options.limit) : out;
}

async function listAllPaginated(client: ApiClient, options: ListOptions): Promise<unknown[]> {
  const out: unknown[] = [];
  const query: Query = { ...options.query };
  query.limit ??= options.limit !== undefined ? Math.min(options.limit, 100) : 100;
  let page = Number(query.page ?? 1);
  for (;;) {
    const pageQuery = query.cursor ? { ...query } : { ...query, page };
    const { data } = await client.request({ method: 'GET', path: options.path, query: pageQuery });
    const items = itemsOf(data);
    out.push(...items);
    options.progress?.(`fetched ${out.length} item(s)`);
    if (options.limit !== undefined && out.length >= options.limit) break;
    if (Array.isArray(data) || items.length === 0) break;
    const meta = (data as PaginatedBody).metadata ?? {};
    if (meta.nextCursor) {
      query.cursor = meta.nextCursor;
      delete query.page;
      page = 1;
      continue;
    }
    const current = meta.currentPage ?? page;
    const hasNext =
      meta.hasNextPage ??
      (meta.totalPages !== undefined
        ? current < meta.totalPages
        : meta.totalItems !== undefined
          ? out.length < meta.totalItems
          : items.length >= Number(query.limit));
    if (!hasNext) break;
    page = current + 1;
  }
  return options.limit !== undefined ? out.slice(0, options.limit) : out;
}
