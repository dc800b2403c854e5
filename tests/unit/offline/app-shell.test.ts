// The service worker's rules (vite.config.ts) and how the local platform serves it (emulators/static.ts): a
// navigation to one of the app's pages goes to the network and, offline, gets the precached shell; the platform's API
// paths (the OAuth callback, PostgREST, functions, the calendar) and every non-navigation request are never routed
// (no API answer is cached); the worker script and the manifest are revalidated on every load.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from '../../../emulators/static.ts';
import { appNavigation } from '../../../vite.config.ts';

/** Whether the worker routes this navigation (the network, or offline the precached shell). */
function shellServed(pathAndQuery: string, mode: RequestMode = 'navigate'): boolean {
  const url = new URL(pathAndQuery, 'https://homerounds.example');
  return appNavigation({ request: { mode } as Request, url });
}

describe('navigations answered with the cached app shell', () => {
  it('the app’s pages, with or without a query (the OAuth return carries ?code=…)', () => {
    for (const page of ['/', '/dashboard', '/dashboard/', '/dashboard?code=abc', '/privacy', '/terms']) {
      expect(shellServed(page), page).toBe(true);
    }
  });

  it('no other request: a fetch of a page is not a navigation', () => {
    expect(shellServed('/dashboard', 'cors')).toBe(false);
    expect(shellServed('/', 'same-origin')).toBe(false);
  });

  it('never the platform’s API paths, nor unknown pages (the server says 404)', () => {
    for (const path of [
      '/auth/v1/callback?code=abc',
      '/auth/v1/authorize?provider=google',
      '/rest/v1/patients',
      '/functions/v1/call-token',
      '/calendar/v3/calendars/primary/events',
      '/__google/o/oauth2/v2/auth',
      '/__local/clock',
      '/health',
      '/dashboards',
      '/assistant',
    ]) {
      expect(shellServed(path), path).toBe(false);
    }
  });
});

describe('the worker script and the manifest on the local platform', () => {
  let root: string;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'hr-sw-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>HomeRounds</title>');
    writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"HomeRounds"}');
    server = createServer((req, res) => serveStatic(req, res, root, new URL(req.url ?? '/', 'http://x').pathname));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(root, { recursive: true, force: true });
  });

  function head(path: string): Promise<Record<string, string | string[] | undefined>> {
    return new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { method: 'GET' }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: String(res.statusCode), ...res.headers }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('serves sw.js as JavaScript, revalidated (never cached for a year)', async () => {
    const headers = await head('/sw.js');
    expect(headers.status).toBe('200');
    expect(headers['content-type']).toMatch(/^text\/javascript/);
    expect(headers['cache-control']).toBe('no-cache');
  });

  it('serves the manifest with its media type, revalidated', async () => {
    const headers = await head('/manifest.webmanifest');
    expect(headers['content-type']).toBe('application/manifest+json');
    expect(headers['cache-control']).toBe('no-cache');
  });
});
