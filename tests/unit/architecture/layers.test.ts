// The layers as docs/architecture.md draws them, checked on the import graph itself (Biome's boundaries check
// each file's relative imports; this reads every file's imports, dynamic ones included, and the Deno entries):
// core/ is pure domain with no arrow out of it, server/ sits on core/ and machines/, and each Edge Function
// entry is a few lines over the one composition root.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_FUNCTIONS } from '../../../server/config.ts';
import { repoRoot } from '../../support/run-cli.ts';

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(repoRoot, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sources(path));
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Every module a file names: static imports and re-exports, `import type`, and dynamic `import('…')`. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const found: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;=(]*?from\s*['"]([^'"]+)['"]/g)) {
    found.push(match[1] as string);
  }
  for (const match of text.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) found.push(match[1] as string);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push(match[1] as string);
  return found;
}

/** Where a relative import lands, as a repository path; a package name stays as it is. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(repoRoot, resolve(repoRoot, dirname(file), specifier));
}

function arrows(dir: string): Array<{ from: string; to: string }> {
  return sources(dir).flatMap((from) => importsOf(from).map((specifier) => ({ from, to: target(from, specifier) })));
}

const isOurs = (to: string) => /^(core|machines|server|web|cli|emulators|fixtures|supabase|tests|scripts)\//.test(to);

describe('core/ is pure domain', () => {
  const graph = arrows('core');

  it('reads a real import graph (the check would pass vacuously on an empty one)', () => {
    expect(graph.length).toBeGreaterThan(100);
    expect(graph).toContainEqual({ from: 'core/assistant/tool-kit.ts', to: 'core/time/zoned-time.ts' });
  });

  it('has no arrow out of core/: every import of ours lands in core/', () => {
    expect(graph.filter(({ to }) => isOurs(to) && !to.startsWith('core/'))).toEqual([]);
  });

  it('imports no I/O: no node: module, database driver or HTTP client; its packages are pure libraries', () => {
    const packages = new Set(graph.filter(({ to }) => !isOurs(to)).map(({ to }) => to));
    expect([...packages].sort()).toEqual([
      '@photostructure/tz-lookup',
      'ajv',
      'chrono-node',
      'double-metaphone',
      'fastest-levenshtein',
      'jose',
      'libphonenumber-js/max',
      'valibot',
    ]);
  });

  it('has no folder-level cycle (core/assistant uses core/confirmations, never the other way round)', () => {
    const folder = (path: string) => path.split('/')[1] as string;
    const edges = new Set(
      graph
        .filter(({ from, to }) => to.startsWith('core/') && folder(from) !== folder(to))
        .map(({ from, to }) => `${folder(from)}>${folder(to)}`),
    );
    const cycles = [...edges].filter((edge) => {
      const [a, b] = edge.split('>');
      return edges.has(`${b}>${a}`);
    });
    expect(cycles).toEqual([]);
  });
});

describe('server/ is one composition root over core/ and machines/', () => {
  it('imports only server/, core/ and machines/, and no node: module (it runs on Deno)', () => {
    const graph = arrows('server');
    expect(graph.filter(({ to }) => isOurs(to) && !/^(server|core|machines)\//.test(to))).toEqual([]);
    expect(graph.filter(({ to }) => to.startsWith('node:'))).toEqual([]);
  });

  it('each deployed function is a Deno entry of a few lines that starts the server handler of its name', () => {
    const deployed = readdirSync(join(repoRoot, 'supabase/functions'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
      .map((entry) => entry.name)
      .sort();
    expect(deployed).toEqual([...SERVER_FUNCTIONS].sort());
    for (const fn of deployed) {
      const text = readFileSync(join(repoRoot, 'supabase/functions', fn, 'index.ts'), 'utf8');
      expect(text.split('\n').filter((line) => line.trim()).length, fn).toBeLessThan(30);
      expect(text, fn).toContain(`startFunction('${fn}')`);
    }
  });

  it('the Deno start-up and the local platform both compose the server with createServer', () => {
    for (const file of ['supabase/functions/_shared/deno-env.ts', 'emulators/local-server.ts']) {
      expect(importsOf(file).map((specifier) => target(file, specifier))).toContain('server/index.ts');
      expect(readFileSync(join(repoRoot, file), 'utf8')).toMatch(/\bcreateServer\(/);
    }
    // Nothing else builds a handler of its own: the handler factories are called only by the root.
    const callers = ['emulators', 'supabase', 'cli', 'web/src']
      .flatMap(sources)
      .filter((file) =>
        /\bcreate(CallToken|GoogleToken|AssistantTools|Confirmations)Handler\(/.test(
          readFileSync(join(repoRoot, file), 'utf8'),
        ),
      );
    expect(callers).toEqual([]);
  });
});
