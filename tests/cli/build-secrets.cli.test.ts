// The built CLI (dist/cli, built by the suite's global setup) carries no secret of the local platform: `--local`
// asks the running platform for them (cli/config/local-credentials.ts). Public constants may be bundled.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import * as secrets from '../../emulators/local-secrets.ts';
import { repoRoot } from '../support/run-cli.ts';

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('dist/cli', () => {
  const built = files(join(repoRoot, 'dist/cli')).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

  it('is the real build, source maps included (the check would pass vacuously on nothing)', () => {
    expect(built.some(({ file }) => file.endsWith('main.js'))).toBe(true);
    expect(built.some(({ file }) => file.endsWith('.map'))).toBe(true);
    // A public constant the CLI does use is found: the search reads what the bundle holds.
    expect(built.some(({ text }) => text.includes(LOCAL_ANON_KEY))).toBe(true);
  });

  it('holds none of the local platform secrets', () => {
    const values = Object.entries(secrets).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value] as const] : [],
    );
    expect(values.length).toBeGreaterThanOrEqual(6);
    const found = values.flatMap(([name, value]) =>
      built
        .filter(({ text }) => text.includes(value))
        .map(({ file }) => `${name} in ${file.slice(repoRoot.length + 1)}`),
    );
    expect(found).toEqual([]);
  });
});
