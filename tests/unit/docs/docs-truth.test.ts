// The docs say only what is true of the repository: every repository path a doc names exists, every
// `npm run` script it names is in package.json, every `homerounds` topic it names is a command, and no file
// names an absolute path of one machine (the shared folder is `../shared`, temporary folders are made with
// mkdtemp at run time).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../../cli/program.ts';

const REPO = join(import.meta.dirname, '..', '..', '..');
/** Files a doc tells the reader to create (not part of the repository). */
const TO_CREATE = new Set(['supabase/config.toml']);

const TOP_LEVEL = [
  'bench',
  'cli',
  'config',
  'core',
  'docs',
  'emulators',
  'fixtures',
  'lint',
  'machines',
  'scripts',
  'server',
  'supabase',
  'tests',
  'web',
];

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' }).split('\0').filter(Boolean);
}

function docs(): string[] {
  return trackedFiles().filter((f) => f === 'README.md' || (f.startsWith('docs/') && f.endsWith('.md')));
}

/** Paths a doc names in backticks or links, relative to the repository root (or to the doc, for links). */
function namedPaths(doc: string, text: string): string[] {
  const found = new Set<string>();
  for (const [, code] of text.matchAll(/`([^`\n]+)`/g)) {
    for (const token of (code ?? '').split(/[\s,()]+/)) {
      const path = token
        .replace(/^\.\//, '')
        .replace(/[:#].*$/, '')
        .replace(/[.;:]+$/, '');
      const top = path.split('/')[0] ?? '';
      if (!TOP_LEVEL.includes(top) || !path.includes('/')) continue;
      // Placeholders and patterns name a kind of file, not one: <name>, NNNN, *, {a,b}.
      if (/[<>*{}]|NNNN|\.\.\./.test(path)) continue;
      found.add(path.replace(/\/$/, ''));
    }
  }
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (!target || /^[a-z]+:/.test(target) || target.startsWith('#')) continue;
    const file = target.replace(/#.*$/, '');
    const base = doc.includes('/') ? doc.slice(0, doc.lastIndexOf('/')) : '';
    const resolved = join(base, file).replace(/\\/g, '/');
    if (resolved.startsWith('..')) continue; // ../shared, beside the repository
    found.add(resolved.replace(/\/$/, ''));
  }
  return [...found];
}

describe('docs name only what exists', () => {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts,
  );
  // The command tree itself (every group registered), not a list kept beside it.
  const program = buildProgram({ stdout: () => {}, stderr: () => {}, env: {}, cwd: REPO });
  const commands = ['help', ...program.commands.flatMap((c) => [c.name(), ...c.aliases()])];

  it.each(docs())('%s: every repository path it names exists', (doc) => {
    const text = readFileSync(join(REPO, doc), 'utf8');
    const missing = namedPaths(doc, text).filter((path) => !TO_CREATE.has(path) && !existsSync(join(REPO, path)));
    expect(missing, `${doc} names paths that do not exist`).toEqual([]);
  });

  it.each(docs())('%s: every npm script and homerounds command it names exists', (doc) => {
    const text = readFileSync(join(REPO, doc), 'utf8');
    const unknownScripts = [...text.matchAll(/npm run ([a-z][\w:-]*)/g)]
      .map((m) => m[1] as string)
      .filter((s) => !scripts.includes(s));
    const unknownTopics = [...text.matchAll(/(?:npx |^\s*|`)homerounds ([a-z][a-z0-9-]*)/gm)]
      .map((m) => m[1] as string)
      .filter((t) => !commands.includes(t));
    expect({ unknownScripts, unknownTopics }).toEqual({ unknownScripts: [], unknownTopics: [] });
  });

  it('the checks find what is wrong (a made-up path and the link forms)', () => {
    expect(namedPaths('docs/x.md', 'see `core/nowhere/thing.ts` and [a](../README.md) and `web/src/*.tsx`')).toEqual([
      'core/nowhere/thing.ts',
      'README.md',
    ]);
  });
});

describe('no absolute path of one machine', () => {
  // Built from parts so this file does not name what it looks for.
  const machinePath = new RegExp(['/wo', 'rk/|/Us', 'ers/[A-Za-z]|/ho', 'me/[a-z]|/tm', 'p/'].join(''));
  it('no tracked text file names one', () => {
    const offenders = trackedFiles()
      .filter((f) => /\.(ts|tsx|mjs|js|json|md|sql|sh|yml|yaml|toml|grit)$|^\.ci\/|^\.env/.test(f))
      // A file deleted in the working tree but not yet in git's index is still listed: read what exists.
      .filter((f) => f !== 'package-lock.json' && existsSync(join(REPO, f)))
      .filter((f) => machinePath.test(readFileSync(join(REPO, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
