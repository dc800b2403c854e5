// `npm run bench:web` (after `npm run build:web`): the JavaScript each route of the web app loads,
// raw and gzip, read from dist/web: index.html's entry chunk and everything it imports statically,
// plus the lazy chunks a route needs (found by name). Checks the landing budget of 120 KB gzip.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');
const LANDING_BUDGET_GZIP = 120 * 1024;

/** Lazy chunks (by file-name prefix) each route loads on top of the entry. */
const ROUTES: Record<string, string[]> = {
  landing: [],
  dashboard: ['dashboard-page-', 'schedule-calendar-', 'supabase-sdk-'],
  privacy: ['privacy-page-'],
  terms: ['terms-page-'],
};

function read(path: string): Buffer {
  return readFileSync(join(DIST, path));
}

/** Static imports of a built chunk: `import{…}from"./x.js"` and `import"./x.js"`. */
function staticImports(chunk: string): string[] {
  const code = read(chunk).toString('utf8');
  const found = new Set<string>();
  for (const match of code.matchAll(
    /(?:^|[;\n}])\s*import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g,
  )) {
    found.add(posix.normalize(posix.join(posix.dirname(chunk), match[1] as string)));
  }
  return [...found];
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const chunk = queue.pop() as string;
    if (seen.has(chunk)) continue;
    seen.add(chunk);
    queue.push(...staticImports(chunk));
  }
  return seen;
}

function sizes(chunks: Iterable<string>): { raw: number; gzip: number } {
  let raw = 0;
  let gzip = 0;
  for (const chunk of chunks) {
    const bytes = read(chunk);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
  }
  return { raw, gzip };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): number {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error('dist/web/index.html is missing: run `npm run build:web` first.');
    return 1;
  }
  const html = read('index.html').toString('utf8');
  const entry = html.match(/<script[^>]*type="module"[^>]*src="\/([^"]+)"/)?.[1];
  if (!entry) {
    console.error('No module entry script in dist/web/index.html');
    return 1;
  }
  const preloads = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] as string);
  const assets = readdirSync(join(DIST, 'assets')).filter((name) => name.endsWith('.js'));
  const base = closure([entry, ...preloads]);

  const rows: Array<{ route: string; chunks: number; raw: number; gzip: number; files: string[] }> = [];
  for (const [route, prefixes] of Object.entries(ROUTES)) {
    const lazy: string[] = [];
    for (const prefix of prefixes) {
      const file = assets.find((name) => name.startsWith(prefix));
      if (!file) {
        console.error(`No chunk named ${prefix}*.js in dist/web/assets`);
        return 1;
      }
      lazy.push(`assets/${file}`);
    }
    const all = new Set([...base, ...closure(lazy)]);
    const { raw, gzip } = sizes(all);
    rows.push({ route, chunks: all.size, raw, gzip, files: [...all].map((f) => posix.basename(f)).sort() });
  }

  console.log('JavaScript loaded per route (dist/web, gzip level 9):\n');
  console.log(`${'route'.padEnd(11)}${'chunks'.padStart(7)}${'raw'.padStart(12)}${'gzip'.padStart(12)}`);
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(11)}${String(row.chunks).padStart(7)}${kb(row.raw).padStart(12)}${kb(row.gzip).padStart(12)}`,
    );
  }
  console.log('');
  for (const row of rows) console.log(`${row.route}: ${row.files.join(', ')}`);
  const landing = rows.find((row) => row.route === 'landing');
  const under = !!landing && landing.gzip <= LANDING_BUDGET_GZIP;
  const heavy = landing?.files.filter((f) => /^(schedule-calendar|dashboard-page|supabase-sdk|vapi)/.test(f)) ?? [];
  console.log(
    `\nLanding under ${kb(LANDING_BUDGET_GZIP)} gzip: ${under ? 'yes' : 'NO'} (${landing ? kb(landing.gzip) : '?'})` +
      `; loads FullCalendar, the dashboard, supabase-js or the voice SDK: ${heavy.length ? `YES (${heavy.join(', ')})` : 'no'}`,
  );
  return under && heavy.length === 0 ? 0 : 1;
}

process.exitCode = main();
