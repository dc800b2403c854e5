// Bundles the CLI into dist/cli with esbuild: one small entry chunk plus one chunk per lazily
// imported handler, so `homerounds --help` loads only commander and the command table.

import { join } from 'node:path';
import { build } from 'esbuild';

const root = join(import.meta.dirname, '..');

await build({
  entryPoints: [join(root, 'cli/main.ts')],
  outdir: join(root, 'dist/cli'),
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
});
