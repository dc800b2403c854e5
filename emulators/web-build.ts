// `npm start`'s web build, skipped when nothing it depends on changed: a hash of the app's sources (web/,
// core/, machines/, fixtures/), the build configuration, the lockfile, .env files and VITE_* variables,
// plus the built index.html's size and mtime (a build made by someone else invalidates the stamp), is
// kept in .cache/web-build.json. `--force` always builds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const STAMP = join(ROOT, '.cache', 'web-build.json');
const INDEX = join(ROOT, 'dist', 'web', 'index.html');
const SOURCE_DIRS = ['web', 'core', 'machines', 'fixtures'];
const SOURCE_FILES = ['vite.config.ts', 'package-lock.json', 'tsconfig.json', '.env', '.env.local', '.env.production'];

function walk(dir: string, out: string[]): void {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** Hash of everything the web build reads. */
export function webInputsHash(root = ROOT, env: NodeJS.ProcessEnv = process.env): string {
  const files: string[] = [];
  for (const dir of SOURCE_DIRS) walk(join(root, dir), files);
  for (const file of SOURCE_FILES) if (existsSync(join(root, file))) files.push(join(root, file));
  files.sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
  }
  for (const key of Object.keys(env)
    .filter((name) => name.startsWith('VITE_'))
    .sort()) {
    hash.update(`${key}=${env[key]}\0`);
  }
  return hash.digest('hex');
}

function outputFingerprint(): string | undefined {
  if (!existsSync(INDEX)) return undefined;
  const stat = statSync(INDEX);
  return `${stat.size}:${stat.mtimeMs}`;
}

function readStamp(): { inputs?: string; output?: string } {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8')) as { inputs?: string; output?: string };
  } catch {
    return {};
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const started = performance.now();
  const inputs = webInputsHash();
  const stamp = readStamp();
  const output = outputFingerprint();
  if (!process.argv.includes('--force') && output && stamp.inputs === inputs && stamp.output === output) {
    console.log(
      `web app unchanged since the last build: build skipped (${Math.round(performance.now() - started)} ms)`,
    );
  } else {
    const result = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', '--silent', 'build:web'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
    mkdirSync(join(ROOT, '.cache'), { recursive: true });
    writeFileSync(STAMP, JSON.stringify({ inputs, output: outputFingerprint() }));
  }
}
