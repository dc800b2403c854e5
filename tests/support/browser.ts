// Browser tests: launches Debian's Chromium through playwright-core (CHROME_PATH overrides the path)
// with a fresh profile, opens contexts pinned to en-US and America/Chicago at the two viewports we
// support, blocks every request that leaves the local platform's origin, and keeps screenshots in
// artifacts/screenshots/<journey>-<viewport>.png.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { testNow } from './test-clock.ts';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOT_DIR = join(REPO_ROOT, 'artifacts', 'screenshots');

export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const VIEWPORT_NAMES = Object.keys(VIEWPORTS) as ViewportName[];

export function chromePath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** Chromium's fake microphone (a tone), granted without a prompt: voice-call journeys. */
export const FAKE_MEDIA_FLAGS = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'];

/**
 * One browser per test file. playwright gives every launch a fresh temporary user-data-dir.
 * `extraArgs` are added to the standard flags (e.g. FAKE_MEDIA_FLAGS). The browser is driven from a server in
 * a process of its own (browser-server/serve.mjs), where the clock is the machine's: Playwright's clock API
 * stamps its calls with the server's Date.now(), and this worker's Date is the suite's clock.
 */
export async function launchBrowser(options: { extraArgs?: readonly string[] } = {}): Promise<Browser> {
  const launch = {
    executablePath: chromePath(),
    args: [...CHROME_FLAGS, ...(options.extraArgs ?? [])],
    headless: true,
  };
  const server = spawn(
    process.execPath,
    [join(REPO_ROOT, 'tests/support/browser-server/serve.mjs'), JSON.stringify(launch)],
    {
      cwd: REPO_ROOT,
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    server.once('error', reject);
    server.once('exit', (code) => reject(new Error(`the browser server exited (${code}) before it was ready`)));
  });
  const browser = await chromium.connect(endpoint);
  const close = browser.close.bind(browser);
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  browser.close = async () => {
    await close().catch(() => {});
    server.stdin.end();
    await exited;
  };
  return browser;
}

export interface JourneyContext {
  context: BrowserContext;
  page: Page;
  /** Requests the context refused because they left the platform's origin. */
  blockedRequests: string[];
  /** console.error lines and uncaught page errors. */
  consoleErrors: string[];
}

/**
 * A new context per journey: en-US, America/Chicago, the viewport, nothing beyond `origin`, and the test's
 * clock (Playwright's clock API, from the worker's "now"; `clock: false` leaves it to the journey).
 */
export async function newJourney(
  browser: Browser,
  origin: string,
  viewport: ViewportName,
  options: { clock?: boolean; locale?: string } = {},
): Promise<JourneyContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    // The browser's language (navigator.languages, Accept-Language): the dashboard's language follows it.
    locale: options.locale ?? 'en-US',
    timezoneId: 'America/Chicago',
    deviceScaleFactor: 1,
    // The phone journeys run with a touch screen, so a tap is a real touch event.
    hasTouch: viewport === 'phone',
  });
  if (options.clock !== false) await context.clock.install({ time: testNow() });
  const blockedRequests: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`) || url === origin || url.startsWith('data:') || url.startsWith('blob:')) {
      return route.continue();
    }
    blockedRequests.push(url);
    return route.abort('blockedbyclient');
  });
  const page = await context.newPage();
  // Fail a step with the locator that did not appear, well before the test's own timeout.
  page.setDefaultTimeout(10_000);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`));
  return { context, page, blockedRequests, consoleErrors };
}

export async function screenshot(page: Page, journey: string, viewport: ViewportName): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${journey}-${viewport}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

const require = createRequire(import.meta.url);
let axeSource: string | null = null;

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown; failureSummary?: string }>;
}

/** Runs axe-core in the page; returns the serious and critical violations (WCAG 2.x A/AA and best practices). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  // The platform's CSP refuses inline scripts, so page.addScriptTag cannot inject axe; evaluating the
  // source through the DevTools protocol is not subject to the page's CSP.
  const alreadyLoaded = await page.evaluate(() => 'axe' in window);
  if (!alreadyLoaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
