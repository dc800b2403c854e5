// Serving the built app (emulators/static.ts) and the build's precompression (web/build/precompress.ts):
// the app's routes answer 200 and any other page 404 with the app's page; text assets go out as brotli
// or gzip (the precompressed siblings when the build wrote them); hashed assets are immutable for a
// year, index.html is revalidated. Given a page clock (the platform started with HOMEROUNDS_NOW),
// index.html carries the clock meta the web app reads (web/src/app/clock.ts), uncompressed and never cached.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding, serveStatic } from '../../emulators/static.ts';
import { precompressDir } from '../../web/build/precompress.ts';

const INDEX = `<!doctype html><title>HomeRounds</title><div id="root"></div>${' '.repeat(2000)}`;
const APP_JS = `console.log("homerounds");\n${'export const x = 1;\n'.repeat(200)}`;

let root: string;
let server: Server;
let base: string;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'hr-static-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), INDEX);
  writeFileSync(join(root, 'assets', 'index-Ab12Cd.js'), APP_JS);
  writeFileSync(join(root, 'assets', 'late-Zz99.css'), `body{color:red}${' '.repeat(3000)}`);
  writeFileSync(join(root, 'favicon.svg'), '<svg/>');
  server = createServer((req, res) => serveStatic(req, res, root, new URL(req.url ?? '/', 'http://x').pathname));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(root, { recursive: true, force: true });
});

describe('serving the built app', () => {
  it('answers 200 on the app’s routes and 404 on any other page, with the app either way', async () => {
    for (const path of ['/', '/dashboard', '/privacy', '/terms', '/terms/']) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 200]);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    for (const path of ['/no-such-page', '/dashboard/extra', '/schedule/today']) {
      const answer = await get(path);
      expect([path, answer.status]).toEqual([path, 404]);
      expect(answer.body.toString()).toContain('<div id="root">');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    }
    expect((await get('/assets/missing.js')).status).toBe(404);
  });

  it('sends text compressed, brotli first, and immutable caching for hashed assets', async () => {
    const br = await get('/assets/index-Ab12Cd.js', 'gzip, deflate, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(APP_JS.length / 4);

    const gz = await get('/assets/index-Ab12Cd.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const refused = await get('/assets/index-Ab12Cd.js', 'br;q=0, gzip');
    expect(refused.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/index-Ab12Cd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);

    const page = await get('/nowhere', 'br');
    expect(page.status).toBe(404);
    expect(brotliDecompressSync(page.body).toString()).toBe(INDEX);
    const head = await get('/', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('uses the build’s precompressed siblings when present', async () => {
    expect(precompressDir(root)).toBe(3); // index.html, the JS and the CSS; the tiny SVG is left alone
    // Make the sibling recognisable: the server must send it as it is.
    writeFileSync(join(root, 'assets', 'late-Zz99.css.gz'), Buffer.from('precompressed-gzip'));
    const gz = await get('/assets/late-Zz99.css', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.toString()).toBe('precompressed-gzip');
    const br = await get('/assets/index-Ab12Cd.js', 'br');
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
  });

  it('without a build, says so: 200 on the app’s routes, 404 on any other page (as with the build)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'hr-static-empty-'));
    const bare = createServer((req, res) => serveStatic(req, res, empty, new URL(req.url ?? '/', 'http://x').pathname));
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const at = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
    try {
      for (const [path, status] of [
        ['/', 200],
        ['/dashboard', 200],
        ['/no-such-resource', 404],
      ] as const) {
        const answer = await fetch(`${at}${path}`);
        expect(answer.status, path).toBe(status);
        expect(await answer.text()).toContain('The web app is not built');
      }
    } finally {
      await new Promise((resolve) => bare.close(resolve));
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('picks the encoding the client accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding(undefined)).toBeNull();
  });
});

describe('index.html with the page’s clock (the platform under HOMEROUNDS_NOW)', () => {
  const PAGE = `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>HomeRounds</title></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
  let clockRoot: string;
  let clocked: Server;
  let at: string;
  /** What the platform's clock says for the next request (null: the real clock, no meta). */
  let pageClock: string | null;

  function fetchPage(path: string, init: RequestInit = {}) {
    return fetch(`${at}${path}`, { ...init, headers: { 'accept-encoding': 'br, gzip', ...init.headers } });
  }

  beforeAll(async () => {
    clockRoot = mkdtempSync(join(tmpdir(), 'hr-static-clock-'));
    mkdirSync(join(clockRoot, 'assets'));
    writeFileSync(join(clockRoot, 'index.html'), PAGE);
    writeFileSync(join(clockRoot, 'assets', 'index-Ab12Cd.js'), APP_JS);
    clocked = createServer((req, res) =>
      serveStatic(req, res, clockRoot, new URL(req.url ?? '/', 'http://x').pathname, () => pageClock),
    );
    await new Promise<void>((resolve) => clocked.listen(0, '127.0.0.1', resolve));
    at = `http://127.0.0.1:${(clocked.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => clocked.close(resolve));
    rmSync(clockRoot, { recursive: true, force: true });
  });

  it('puts the clock meta in the head, sent uncompressed and never cached, on every page the app answers', async () => {
    pageClock = '2026-12-01T05:45:00.000Z frozen';
    const meta = '<meta name="homerounds-clock" content="2026-12-01T05:45:00.000Z frozen">';
    for (const [path, status] of [
      ['/', 200],
      ['/dashboard', 200],
      ['/index.html', 200],
      ['/no-such-page', 404],
    ] as const) {
      const answer = await fetchPage(path);
      const html = await answer.text();
      expect([path, answer.status]).toEqual([path, status]);
      expect(html, path).toBe(PAGE.replace('</head>', `${meta}</head>`));
      expect(answer.headers.get('content-encoding'), path).toBeNull();
      expect(answer.headers.get('cache-control'), path).toBe('no-store');
      expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(Number(answer.headers.get('content-length'))).toBe(Buffer.byteLength(html));
      expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
    }
    const head = await fetchPage('/', { method: 'HEAD' });
    expect(head.headers.get('cache-control')).toBe('no-store');
    expect(await head.text()).toBe('');
  });

  it('reads the clock for each request (a running clock moves on) and escapes what it writes', async () => {
    pageClock = '2026-12-01T05:45:00.000Z running';
    expect(await (await fetchPage('/')).text()).toContain('content="2026-12-01T05:45:00.000Z running"');
    pageClock = '2026-12-01T05:46:30.000Z running';
    expect(await (await fetchPage('/')).text()).toContain('content="2026-12-01T05:46:30.000Z running"');
    pageClock = '"><script>alert(1)</script>';
    const hostile = await (await fetchPage('/')).text();
    expect(hostile).not.toContain('<script>');
    expect(hostile).toContain('content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
  });

  it('a page clock that answers null: index.html as without one (no meta, compressed, revalidated)', async () => {
    pageClock = null;
    const answer = await get('/', 'br');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(answer.body).toString()).not.toContain('homerounds-clock');
    const plain = await fetchPage('/', { headers: { 'accept-encoding': 'identity' } });
    expect(await plain.text()).toBe(PAGE);
  });

  it('never touches the assets: still compressed and immutable', async () => {
    pageClock = '2026-12-01T05:45:00.000Z frozen';
    const js = await fetchPage('/assets/index-Ab12Cd.js');
    expect(js.headers.get('content-encoding')).toBe('br');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await js.text()).toBe(APP_JS);
  });

  it('without a page clock (the real clock), no page carries the meta', async () => {
    for (const path of ['/', '/dashboard', '/no-such-page']) {
      const answer = await get(path);
      expect(answer.body.toString(), path).not.toContain('homerounds-clock');
      expect(answer.headers['cache-control'], path).toBe('no-cache');
    }
  });
});
