// `npx tsx bench/lighthouse.bench.ts` (after `npm run build:web`): Lighthouse 12.8.2 (the newest that
// allows Node 20) on the landing page, mobile emulation (its default), performance only, run offline:
// dist/web is served on 127.0.0.1 by the local platform's own static server (emulators/static.ts:
// precompressed brotli/gzip, immutable hashed assets), Chromium from CHROME_PATH or /usr/bin/chromium.
// Lighthouse is not a dependency of the app: it runs through `npx lighthouse@12.8.2` (npm's cache after
// the first download). Fails below a performance score of 95. The JSON report goes to
// artifacts/lighthouse/landing-mobile.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '../emulators/static.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = process.env.HOMEROUNDS_WEB_ROOT || join(ROOT, 'dist', 'web');
const OUT = join(ROOT, 'artifacts', 'lighthouse');
export const LIGHTHOUSE_VERSION = '12.8.2';
export const PERFORMANCE_BUDGET = 95;

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface LighthouseReport {
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number; displayValue?: string; score?: number | null }>;
  runWarnings?: string[];
}

async function main(): Promise<number> {
  if (!existsSync(join(DIST, 'index.html'))) {
    console.error(`${DIST}/index.html is missing: run \`npm run build:web\` first.`);
    return 1;
  }
  const server = createServer((req, res) =>
    serveStatic(req, res, DIST, new URL(req.url ?? '/', 'http://127.0.0.1').pathname),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  mkdirSync(OUT, { recursive: true });
  const output = join(OUT, 'landing-mobile.json');
  try {
    // Lighthouse drives Chromium itself; a synchronous spawn would block this server's event loop.
    const code = await new Promise<number>((resolve) => {
      const child = spawn(
        'npx',
        [
          '--yes',
          `lighthouse@${LIGHTHOUSE_VERSION}`,
          url,
          '--only-categories=performance',
          '--output=json',
          `--output-path=${output}`,
          '--quiet',
          `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
        ],
        {
          stdio: ['ignore', 'inherit', 'inherit'],
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' },
        },
      );
      child.on('exit', (status) => resolve(status ?? 1));
      child.on('error', () => resolve(1));
    });
    if (code !== 0 || !existsSync(output)) {
      console.error(`lighthouse exited with ${code}`);
      return 1;
    }
  } finally {
    server.close();
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport;
  const score = Math.round((report.categories.performance.score ?? 0) * 100);
  const metric = (id: string) => report.audits[id]?.displayValue ?? '?';
  console.log(`Lighthouse ${LIGHTHOUSE_VERSION}, landing page, mobile emulation (offline, ${url}):`);
  console.log(`  performance ${score} (budget ${PERFORMANCE_BUDGET})`);
  for (const [id, name] of [
    ['first-contentful-paint', 'FCP'],
    ['largest-contentful-paint', 'LCP'],
    ['total-blocking-time', 'TBT'],
    ['cumulative-layout-shift', 'CLS'],
    ['speed-index', 'Speed Index'],
  ] as const) {
    console.log(`  ${name.padEnd(12)}${metric(id)}`);
  }
  if (report.runWarnings?.length) console.log(`  warnings: ${report.runWarnings.join(' | ')}`);
  console.log(`  report: ${output}`);
  return score >= PERFORMANCE_BUDGET ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
