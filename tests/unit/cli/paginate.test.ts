// listItems over a fake client: v1 paging never loses items that share a timestamp across a page boundary,
// paginated paging stops with an error (bounded requests) when the server does not advance, --limit is a total,
// and a plain list says when more exist.
import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiRequest } from '../../../cli/api/client.ts';
import { listItems } from '../../../cli/api/paginate.ts';
import { CliError } from '../../../cli/errors.ts';

interface Item {
  id: string;
  createdAt: string;
}

/** A v1 list server: newest first (ties by id), filters createdAtLt/Le, `limit` default 100. */
function v1Client(items: Item[]) {
  const requests: ApiRequest[] = [];
  const client = {
    async request(req: ApiRequest) {
      requests.push(req);
      const q = req.query ?? {};
      const sorted = [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
      const data = sorted
        .filter((i) => (q.createdAtLt === undefined ? true : i.createdAt < String(q.createdAtLt)))
        .filter((i) => (q.createdAtLe === undefined ? true : i.createdAt <= String(q.createdAtLe)))
        .slice(0, Number(q.limit ?? 100));
      return { status: 200, data, headers: {} };
    },
  };
  return { client: client as unknown as ApiClient, requests };
}

/** A paginated server answering `body(n)` to the n-th request. */
function pagedClient(body: (n: number) => unknown) {
  const requests: ApiRequest[] = [];
  const client = {
    async request(req: ApiRequest) {
      requests.push(req);
      return { status: 200, data: body(requests.length), headers: {} };
    },
  };
  return { client: client as unknown as ApiClient, requests };
}

/** 10 items, 6 of them created in the same millisecond (a batch). */
function batch(): Item[] {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
  return [
    { id: 'a', createdAt: at(9) },
    { id: 'b', createdAt: at(8) },
    { id: 'c', createdAt: at(7) },
    ...['d', 'e', 'f', 'g', 'h', 'i'].map((id) => ({ id, createdAt: at(5) })),
    { id: 'j', createdAt: at(1) },
  ];
}

describe('listItems, v1 (bare arrays)', () => {
  it('returns all 10 items when 6 share one timestamp across a page boundary (-q limit=4, --all)', async () => {
    const { client, requests } = v1Client(batch());
    const items = (await listItems(client, { path: '/call', style: 'v1', query: { limit: 4 }, all: true })) as Item[];
    expect(items.map((i) => i.id).sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']);
    expect(new Set(items.map((i) => i.id)).size).toBe(10);
    expect(requests.length).toBeLessThan(10);
    expect(
      requests.slice(1).every((r) => r.query?.createdAtLe !== undefined && r.query?.createdAtLt === undefined),
    ).toBe(true);
  });

  it('--limit N is a total across pages', async () => {
    const { client } = v1Client(batch());
    const items = await listItems(client, { path: '/call', style: 'v1', query: { limit: 4 }, all: false, limit: 7 });
    expect(items).toHaveLength(7);
  });

  it('a plain list says when more items exist (a full page), and not otherwise', async () => {
    const notes: string[] = [];
    const { client } = v1Client(batch());
    const items = await listItems(client, {
      path: '/call',
      style: 'v1',
      query: { limit: 4 },
      all: false,
      notice: (l) => notes.push(l),
    });
    expect(items).toHaveLength(4);
    expect(notes.join('\n')).toMatch(/more exist.*--all/);
    notes.length = 0;
    await listItems(client, { path: '/call', style: 'v1', query: {}, all: false, notice: (l) => notes.push(l) });
    expect(notes).toEqual([]);
  });

  it('stops with an error when more than 1,000 items share one timestamp (no way past without losing items)', async () => {
    const same = new Date(Date.UTC(2026, 0, 1)).toISOString();
    const many = Array.from({ length: 1200 }, (_, n) => ({ id: `x${String(n).padStart(4, '0')}`, createdAt: same }));
    const { client, requests } = v1Client(many);
    await expect(listItems(client, { path: '/call', style: 'v1', query: {}, all: true })).rejects.toThrow(
      /more than 1000 items share createdAt/,
    );
    expect(requests.length).toBeLessThanOrEqual(3);
  });
});

describe('listItems, paginated ({results, metadata})', () => {
  it('stops with an error, in a bounded number of requests, when currentPage never advances', async () => {
    const { client, requests } = pagedClient(() => ({
      results: [{ id: 'x' }],
      metadata: { currentPage: 1, totalPages: 5 },
    }));
    const error = await listItems(client, { path: '/chat', style: 'paginated', query: {}, all: true }).catch((e) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).not.toBe(0);
    expect(String(error.message)).toMatch(/does not advance/);
    expect(requests.length).toBeLessThanOrEqual(3);
  });

  it('stops when the same page number comes back with new ids', async () => {
    const { client, requests } = pagedClient((n) => ({
      results: [{ id: `x${n}` }],
      metadata: { currentPage: 1, totalPages: 5 },
    }));
    await expect(listItems(client, { path: '/chat', style: 'paginated', query: {}, all: true })).rejects.toThrow(
      /currentPage 1 again/,
    );
    expect(requests.length).toBe(2);
  });

  it('stops when the same cursor comes back', async () => {
    const { client, requests } = pagedClient((n) => ({ results: [{ id: `x${n}` }], metadata: { nextCursor: 'c1' } }));
    await expect(listItems(client, { path: '/v2/call', style: 'paginated', query: {}, all: true })).rejects.toThrow(
      /same cursor/,
    );
    expect(requests.length).toBe(2);
  });

  it('follows pages to the end, --limit is a total, and a plain list says when more exist', async () => {
    const pages = (n: number) => ({
      results: [{ id: `p${n}a` }, { id: `p${n}b` }],
      metadata: { currentPage: n, totalPages: 3, totalItems: 6 },
    });
    const all = pagedClient(pages);
    expect(
      await listItems(all.client, { path: '/chat', style: 'paginated', query: { limit: 2 }, all: true }),
    ).toHaveLength(6);
    const capped = pagedClient(pages);
    expect(
      await listItems(capped.client, { path: '/chat', style: 'paginated', query: { limit: 2 }, all: false, limit: 3 }),
    ).toHaveLength(3);
    const notes: string[] = [];
    const plain = pagedClient(pages);
    await listItems(plain.client, {
      path: '/chat',
      style: 'paginated',
      query: {},
      all: false,
      notice: (l) => notes.push(l),
    });
    expect(notes.join('\n')).toMatch(/more exist/);
  });
});
