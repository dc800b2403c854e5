#!/usr/bin/env node
// Dependency-free setup check run first by `npm start` and `npm test`.
// Installs node_modules with `npm ci` when missing or older than the lockfile, and (for tests)
// Debian's Chromium when no browser is found. CHROME_PATH overrides the browser lookup.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'start';

function fail(message) {
  console.error(`\nsetup: ${message}\n`);
  process.exit(1);
}

function run(cmd, { quiet = false } = {}) {
  console.error(`setup: ${cmd}`);
  // apt prints thousands of progress lines; keep them out of the log unless it fails.
  const out = execSync(cmd, { cwd: root, stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'] });
  return out;
}

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  fail(`Node ${process.versions.node} is too old: HomeRounds needs Node 20.19 or newer.`);
}

const lock = join(root, 'package-lock.json');
const marker = join(root, 'node_modules', '.package-lock.json');
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs) {
  try {
    run('npm ci --no-audit --no-fund', { quiet: true });
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    if (/Missing: .* from lock file/.test(output)) {
      // Some registries (mirrors) lack a few platform builds of optional packages (e.g. Biome's
      // Windows/macOS binaries), so npm records no entry for them and `npm ci` refuses the lockfile.
      // `npm install --no-save` installs the same locked tree and skips the unavailable optional builds.
      console.error('setup: npm ci refused the lockfile (optional platform builds missing from this registry);');
      try {
        run('npm install --no-audit --no-fund --no-save');
      } catch {
        fail('`npm install` failed. Check that the npm registry is reachable and that you run Node 20.19+.');
      }
    } else {
      process.stderr.write(output);
      fail('`npm ci` failed. Check that the npm registry is reachable and that you run Node 20.19+.');
    }
  }
}

if (mode === 'test') {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  const found = candidates.find((p) => p && existsSync(p));
  if (process.env.CHROME_PATH && !existsSync(process.env.CHROME_PATH)) {
    fail(`CHROME_PATH=${process.env.CHROME_PATH} does not exist.`);
  }
  if (!found) {
    const isRoot = process.getuid?.() === 0;
    const sudo = isRoot ? '' : 'sudo ';
    try {
      run(`${sudo}apt-get update -qq`, { quiet: true });
      run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { quiet: true });
    } catch {
      fail(
        'No Chromium found for the browser tests and `apt-get install chromium` failed.\n' +
          'Install Chromium yourself (Debian: `apt-get install -y chromium`) or set CHROME_PATH to a Chrome/Chromium binary.',
      );
    }
    if (!existsSync('/usr/bin/chromium')) fail('apt-get finished but /usr/bin/chromium is still missing.');
  }
}
