// Serves the built web app (dist/web) with an SPA fallback to index.html and the security headers of
// auth-rest-calendar.md §5 (local mode: everything the app talks to is on this one origin).
// The app's own routes answer 200; any other page path answers 404 with the same index.html, so the
// app still renders its "Page not found". Text assets go out compressed: the build's precompressed
// `.br`/`.gz` siblings when present (web/build/precompress.ts), else compressed once and kept in
// memory; hashed files under /assets/ are cached for a year, immutable; index.html is revalidated.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { escapeHtml } from './http.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.wasm': 'application/wasm',
};

/** CSP for the web app on the local platform (self covers auth, rest, calendar and the voice stand-in). */
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self' https://*.daily.co",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:* https://api.vapi.ai https://*.daily.co wss://*.daily.co wss://*.wss.daily.co https://gs.daily.co",
  "img-src 'self' data: blob: https://*.googleusercontent.com",
  "media-src 'self' blob: mediastream:",
  "worker-src 'self' blob:",
  'frame-src https://*.daily.co',
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': WEB_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** The app's routes (web/src/app/app.tsx); any other page path is a 404 that still renders the app. */
export const APP_ROUTES: ReadonlySet<string> = new Set(['/', '/dashboard', '/privacy', '/terms']);

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/** Types worth compressing (images other than SVG and fonts are compressed already). */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);

type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts (q=0 refuses), brotli first. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** Compressed bodies made on demand for builds without precompressed files, by path and mtime. */
const compressedCache = new Map<string, Buffer>();

function compressedBody(file: string, mtimeMs: number, encoding: Encoding): Buffer {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let body = compressedCache.get(key);
  if (!body) {
    const raw = readFileSync(file);
    // Fast settings on the fly (the build's siblings use the slow, smallest ones).
    body =
      encoding === 'br'
        ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(raw, { level: 6 });
    if (compressedCache.size > 500) compressedCache.clear();
    compressedCache.set(key, body);
  }
  return body;
}

function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  size: number,
  cache: string,
  status = 200,
): void {
  const type = TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const compressible = COMPRESSIBLE.has(extname(file).toLowerCase());
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    const precompressed = existsSync(sibling) ? statSync(sibling) : null;
    const headers = {
      ...SECURITY_HEADERS,
      'Content-Type': type,
      'Content-Encoding': encoding,
      Vary: 'Accept-Encoding',
      'Cache-Control': cache,
    };
    if (precompressed?.isFile()) {
      res.writeHead(status, { ...headers, 'Content-Length': precompressed.size });
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      const stream = createReadStream(sibling);
      stream.on('error', () => res.destroy());
      stream.pipe(res);
      return;
    }
    const body = compressedBody(file, statSync(file).mtimeMs, encoding);
    res.writeHead(status, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': type,
    'Content-Length': size,
    'Cache-Control': cache,
    ...(compressible ? { Vary: 'Accept-Encoding' } : {}),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const stream = createReadStream(file);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

function notBuilt(res: ServerResponse, webRoot: string, status: number): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>HomeRounds local platform</title></head><body><main><h1>HomeRounds local platform</h1><p>The web app is not built (no <code>${escapeHtml(webRoot)}/index.html</code>). Run <code>npm run build:web</code> or <code>npm start</code>.</p><p>The APIs are up: <code>/auth/v1</code>, <code>/rest/v1</code>, <code>/calendar/v3</code>.</p></main></body></html>`;
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(html);
}

/**
 * The page's clock meta (web/src/app/clock.ts) when the platform runs on a clock of its own (HOMEROUNDS_NOW):
 * index.html goes out with it, uncompressed and never cached, so the app reads the platform's "now".
 */
export type PageClock = () => string | null;

function sendIndex(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: number,
  pageClock: PageClock | undefined,
): void {
  const clock = pageClock?.();
  if (!clock) {
    sendFile(req, res, file, statSync(file).size, 'no-cache', status);
    return;
  }
  const meta = `<meta name="homerounds-clock" content="${escapeHtml(clock)}">`;
  const html = readFileSync(file, 'utf8').replace(/<\/head>/i, (end) => `${meta}${end}`);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': TYPES['.html'],
    'Content-Length': Buffer.byteLength(html),
    'Cache-Control': 'no-store',
  });
  res.end(req.method === 'HEAD' ? undefined : html);
}

export function serveStatic(
  req: IncomingMessage,
  res: ServerResponse,
  webRoot: string,
  pathname: string,
  pageClock?: PageClock,
): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { ...SECURITY_HEADERS, Allow: 'GET, HEAD', 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'method_not_allowed', message: `Method ${req.method} not allowed` }));
    return;
  }
  const root = resolve(webRoot);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    decoded = '/';
  }
  const candidate = resolve(join(root, normalize(decoded)));
  const inside = candidate === root || candidate.startsWith(root + sep);
  if (inside && !decoded.includes('\0') && existsSync(candidate)) {
    const stat = statSync(candidate);
    if (stat.isFile()) {
      if (candidate === join(root, 'index.html')) {
        sendIndex(req, res, candidate, 200, pageClock);
        return;
      }
      const immutable = decoded.startsWith('/assets/');
      sendFile(req, res, candidate, stat.size, immutable ? IMMUTABLE_CACHE : 'no-cache');
      return;
    }
  }
  if (extname(decoded) !== '' && extname(decoded) !== '.html') {
    res.writeHead(404, { ...SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'not_found', message: `No file ${pathname.slice(0, 200)}` }));
    return;
  }
  // A page path the app does not have: 404, with the app (it renders "Page not found"), or with the page
  // saying the app is not built.
  const page = decoded.length > 1 && decoded.endsWith('/') ? decoded.slice(0, -1) : decoded;
  const status = APP_ROUTES.has(page) ? 200 : 404;
  const index = join(root, 'index.html');
  if (!existsSync(index)) {
    notBuilt(res, webRoot, status);
    return;
  }
  sendIndex(req, res, index, status, pageClock);
}
