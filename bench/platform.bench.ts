// `npm run bench:platform`: load on the local platform (autocannon) — req/s, p99 latency, timeouts and
// errors for the profile query (/rest/v1), the 30-day events list the dashboard loads (/calendar/v3) and
// the landing page, at 10 and 50 connections. The server runs in its own process (`tsx emulators/main.ts`)
// so the load generator does not share its event loop: PGlite on a fresh data directory (the default
// store; BENCH_DATA_DIR=:memory: for the in-memory one), and PostgreSQL too when BENCH_DATABASE_URL is set.
// BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default "10,50"), BENCH_TARGETS (substring filter, e.g.
// "events") and BENCH_ROOT (another checkout to measure, e.g. an export of the previous commit) tune it.
// Besides req/s it prints the server's CPU time per request (Linux, from /proc): on a shared machine req/s
// follows the load of other jobs, the CPU a request costs much less so.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { LOCAL_ANON_KEY } from '../config/local-platform.ts';
import { systemNow } from '../core/time/system-clock.ts';
import { REPO_ROOT } from '../emulators/db/migrate.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? '10');
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const TARGETS = process.env.BENCH_TARGETS ?? '';
const ROOT = process.env.BENCH_ROOT ?? REPO_ROOT;
const EMAIL = 'maya.patel@homerounds.test';

interface Store {
  label: string;
  env: NodeJS.ProcessEnv;
  cleanup?: () => void;
}

function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulators/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /running at (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1] as string });
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}

async function post(url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

interface Row {
  store: string;
  target: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  kb: number;
  timeouts: number;
  errors: number;
  non2xx: number;
  /** Server CPU (user + system) per request, ms; NaN where /proc is not available. */
  cpuMs: number;
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat (NaN elsewhere). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return Number.NaN;
  }
}

async function run(
  server: ChildProcess,
  url: string,
  path: string,
  headers: Record<string, string>,
  connections: number,
): Promise<Omit<Row, 'store' | 'target' | 'connections'>> {
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({ url: `${url}${path}`, headers, connections, duration: DURATION, timeout: 10 });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  return {
    cpuMs: Math.round((cpu * 1000 * 100) / Math.max(1, result.requests.total)) / 100,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    kb: Math.round(result.throughput.average / Math.max(1, result.requests.average) / 1024),
    timeouts: result.timeouts,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const stores: Store[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'homerounds-bench-'));
stores.push({
  label: process.env.BENCH_DATA_DIR === ':memory:' ? 'PGlite (in memory)' : 'PGlite (data dir)',
  env: { HOMEROUNDS_DATA_DIR: process.env.BENCH_DATA_DIR ?? join(dataDir, 'db'), DATABASE_URL: '' },
  cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
});
if (process.env.BENCH_DATABASE_URL) {
  stores.push({ label: 'PostgreSQL', env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } });
}

const rows: Row[] = [];
for (const store of stores) {
  const { child, url } = await startServer(store.env);
  try {
    const session = await post(`${url}/__local/sessions`, { email: EMAIL });
    const user = session.user as { id: string };
    const google = await post(`${url}/__local/provider-tokens`, { email: EMAIL });
    const now = systemNow();
    const window = new URLSearchParams({
      timeMin: now.toISOString(),
      timeMax: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      singleEvents: 'true',
      orderBy: 'startTime',
    });
    const targets: Array<[string, string, Record<string, string>]> = [
      [
        'profiles (.single())',
        `/rest/v1/profiles?select=*&id=eq.${user.id}`,
        {
          apikey: LOCAL_ANON_KEY,
          authorization: `Bearer ${session.access_token}`,
          accept: 'application/vnd.pgrst.object+json',
        },
      ],
      [
        '30-day events list',
        `/calendar/v3/calendars/primary/events?${window}`,
        { authorization: `Bearer ${google.access_token}` },
      ],
      ['landing page', '/', { accept: 'text/html' }],
    ];
    for (const [target, path, headers] of targets.filter(([name]) => name.includes(TARGETS))) {
      // Warm up (JIT, PGlite's caches) before measuring.
      await run(child, url, path, headers, 4).catch(() => undefined);
      for (const connections of CONNECTIONS) {
        const result = await run(child, url, path, headers, connections);
        rows.push({ store: store.label, target, connections, ...result });
        console.error(
          `${store.label} · ${target} · ${connections} conn: ${result.rps} req/s, p99 ${result.p99} ms, ${result.cpuMs} ms CPU/req`,
        );
      }
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    store.cleanup?.();
  }
}

console.log(
  `\n| store | target | conn | req/s | p50 ms | p99 ms | server CPU ms/req | KB/resp | timeouts | errors | non-2xx |\n|---|---|---|---|---|---|---|---|---|---|---|`,
);
for (const r of rows) {
  console.log(
    `| ${r.store} | ${r.target} | ${r.connections} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.cpuMs} | ${r.kb} | ${r.timeouts} | ${r.errors} | ${r.non2xx} |`,
  );
}
console.log(
  `\n${DURATION} s per run, ${systemNow().toISOString()}, load average ${(await import('node:os'))
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
