// Spawns the real `homerounds` launcher as a user would, capturing stdout, stderr and the exit code.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { clockEnv } from './test-clock.ts';

export const repoRoot = join(import.meta.dirname, '../..');
const launcher = join(repoRoot, 'cli/bin/homerounds.mjs');

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runHomerounds(
  args: readonly string[],
  options: { env?: Record<string, string>; cwd?: string; input?: string; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], {
      cwd: options.cwd ?? repoRoot,
      // The CLI runs on the test's clock (HOMEROUNDS_NOW) unless a test gives it another.
      env: { ...process.env, NO_COLOR: '1', ...clockEnv(), ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`homerounds ${args.join(' ')} did not finish in time`));
    }, options.timeoutMs ?? 20_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(options.input ?? '');
  });
}
