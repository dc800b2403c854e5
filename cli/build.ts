// Bundles the CLI into dist/cli with esbuild: one small entry chunk plus one chunk per lazily imported module.
// `homerounds --help` is rendered here, once, and inlined into the entry (cli/root-help.ts), so at run time it
// loads neither commander nor the command tree. The metafile (dist/cli/metafile.json) shows what each chunk
// loads; tests/unit/cli/help-output.test.ts keeps the entry free of the command tree, schemas, ajv and yaml.
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { renderRootHelp } from './program.ts';
import { type RootHelp, widestLine } from './root-help.ts';

const root = join(import.meta.dirname, '..');

export async function buildCli(outdir = join(root, 'dist/cli')): Promise<Metafile> {
  const wide = await renderRootHelp(10_000);
  const help: RootHelp = { narrow: await renderRootHelp(80), wide, wideColumns: widestLine(wide) };
  // From empty: chunks of an older build (hashed names) would otherwise stay, with whatever they held.
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: [join(root, 'cli/main.ts')],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    // A string literal (an object would be hoisted into a chunk of its own: one more file to load).
    define: { HOMEROUNDS_ROOT_HELP: JSON.stringify(JSON.stringify(help)) },
    metafile: true,
  });
  await writeFile(join(outdir, 'metafile.json'), JSON.stringify(result.metafile));
  return result.metafile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await buildCli();
