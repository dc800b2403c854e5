// Serving the built app (emulators/static.ts) and the build's precompression (web/build/precompress.ts):
// the app's routes answer 200 and any other page 404 with the app's page; text assets go out as brotli
// or gzip (the precompressed siblings when the build wrote them); hashed assets are immutable for a
// year, index.html is revalidated.
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
