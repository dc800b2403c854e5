// The built `homerounds` against a misbehaving list server: `--all` ends with an error (exit 1, bounded requests)
// when the pages never advance, and a plain `list` says on stderr when more items exist (stdout stays JSON).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runHomerounds } from '../support/run-cli.ts';

let server: Server;
let url: string;
const seen: string[] = [];
const env = { VAPI_API_KEY: 'k', HOMEROUNDS_CONFIG: join(repoRoot, 'does-not-exist', 'config.json') };

beforeAll(async () => {
  // Whatever page is asked, the same answer: page 1 of 5.
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ results: [{ id: 'x' }], metadata: { currentPage: 1, totalPages: 5 } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => {
    server?.close(() => resolve());
    server?.closeAllConnections();
  });
});

describe('homerounds list against a server whose pages never advance', () => {
  it('--all stops with exit 1 and a clear message after a bounded number of requests', async () => {
    seen.length = 0;
    const run = await runHomerounds(['chat', 'list', '--all', '--json', '--base-url', url], { env, timeoutMs: 15_000 });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/paging \/chat stopped: .*does not advance/);
    expect(run.stdout).toBe('');
    expect(seen.length).toBeLessThanOrEqual(3);
  });

  it('a plain list prints the page and says on stderr that more exist', async () => {
    const run = await runHomerounds(['chat', 'list', '--json', '--base-url', url], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([{ id: 'x' }]);
    expect(run.stderr).toMatch(/more exist: use --all, or --limit N/);
  });
});
