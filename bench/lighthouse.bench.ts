// `npx tsx bench/lighthouse.bench.ts` (after `npm run build:web`): Lighthouse 12.8.2 (the newest that
// allows Node 20) on the landing page, mobile emulation (its default), performance only, run offline:
// dist/web is served on 127.0.0.1 by the local platform's own static server (emulators/static.ts:
// precompressed brotli/gzip, immutable hashed assets), Chromium from CHROME_PATH or /usr/bin/chromium.
// Lighthouse is not a dependency of the app: it runs through `npx lighthouse@12.8.2` (npm's cache after
// the first download). Fails below a performance score of 95. The JSON report goes to
// artifacts/lighthouse/landing-mobile.json.
// Then the dashboard's installability (issue 27): Lighthouse 12 dropped its PWA category, so Chromium itself is asked,
// through playwright-core and the DevTools protocol (`Page.getInstallabilityErrors`), once the service worker controls
// /dashboard; any installability error fails the bench. `-- --only=installability` runs this part alone.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
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

interface InstallabilityError {
  errorId: string;
  errorArguments: Array<{ name: string; value: string }>;
}

/** Chromium's own verdict on installing /dashboard (manifest, icons, service worker), printed; 0 when installable. */
async function installability(origin: string): Promise<number> {
  // A persistent profile: an incognito context is never installable.
  const profile = mkdtempSync(join(tmpdir(), 'hr-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new'),
    headless: true,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${origin}dashboard`);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[] };
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: InstallabilityError[];
    };
    console.log(`Installability of ${origin}dashboard (Chromium ${context.browser()?.version() ?? ''}, phone):`);
    console.log(`  manifest ${manifest.url} (${manifest.errors.length} parse errors)`);
    console.log('  service worker controls the page');
    if (installabilityErrors.length === 0) console.log('  installable: no installability errors');
    for (const error of installabilityErrors) {
      const args = error.errorArguments.map((a) => `${a.name}=${a.value}`).join(', ');
      console.log(`  NOT installable: ${error.errorId}${args ? ` (${args})` : ''}`);
    }
    return installabilityErrors.length === 0 && manifest.errors.length === 0 ? 0 : 1;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
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
  if (process.argv.includes('--only=installability')) {
    try {
      return await installability(url);
    } finally {
      server.close();
    }
  }
  mkdirSync(OUT, { recursive: true });
  const output = join(OUT, 'landing-mobile.json');
  let installable = 1;
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
    installable = await installability(url);
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
  return score >= PERFORMANCE_BUDGET && installable === 0 ? 0 : 1;
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
