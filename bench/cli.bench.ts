// `npm run bench:cli` (after `npm run build:cli`): cold start of `homerounds --help` (target ≤ 150 ms), of a
// topic's help, and of `node -e ''` run alternately with them (on a loaded machine node alone can take 100 ms;
// the load average is printed), and the time to list 1,000 assistants with `--all` from the local voice platform
// (one process, v1 pagination).
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { bulkInsert, startVoicePlatform } from '../tests/support/voice-platform.ts';

const root = join(import.meta.dirname, '..');
const launcher = join(root, 'cli/bin/homerounds.mjs');
const HELP_TARGET_MS = 150;

/** Spawns asynchronously: the local platform runs in this process and must keep answering. */
function run(
  args: string[],
  env: Record<string, string> = {},
  script = launcher,
): Promise<{ ms: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, script ? [script, ...args] : args, {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) reject(new Error(`homerounds ${args.join(' ')} exited ${code}: ${stderr}`));
      else resolve({ ms, stdout });
    });
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

await run(['--help']); // warm the file cache once
const help: number[] = [];
const topicHelp: number[] = [];
const bare: number[] = [];
const load = loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
for (let i = 0; i < 21; i++) {
  bare.push((await run(['-e', ''], {}, '')).ms);
  help.push((await run(['--help'])).ms);
  topicHelp.push((await run(['assistant', '--help'])).ms);
}
const helpMedian = median(help);
const line = (name: string, values: number[]) =>
  `${name}: median ${median(values).toFixed(0)} ms (min ${Math.min(...values).toFixed(0)}, max ${Math.max(...values).toFixed(0)})`;
console.log(`load average ${load} on ${(await import('node:os')).availableParallelism()} core(s)`);
console.log(line("node -e ''", bare));
console.log(`${line('homerounds --help', help)}; target ≤ ${HELP_TARGET_MS} ms`);
console.log(line('homerounds assistant --help', topicHelp));

const platform = await startVoicePlatform({ standalone: true });
try {
  await bulkInsert(platform.db, 'assistant', 1000, 'bench');
  const env = { HOMEROUNDS_LOCAL_URL: platform.url, HOMEROUNDS_CONFIG: '/nonexistent/homerounds.json' };
  const lists: number[] = [];
  for (let i = 0; i < 3; i++) {
    const r = await run(['assistant', 'list', '--all', '--json', '--local'], env);
    const count = (JSON.parse(r.stdout) as unknown[]).length;
    if (count !== 1000) throw new Error(`expected 1000 assistants, got ${count}`);
    lists.push(r.ms);
  }
  console.log(
    `homerounds assistant list --all (1,000 assistants, local platform): median ${median(lists).toFixed(0)} ms`,
  );
} finally {
  await platform.close();
}
if (helpMedian > HELP_TARGET_MS) {
  console.error(`--help cold start ${helpMedian.toFixed(0)} ms is over the ${HELP_TARGET_MS} ms target`);
  process.exitCode = 1;
}
