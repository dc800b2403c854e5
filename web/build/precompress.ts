// Vite plugin: after the build, writes brotli (`.br`, quality 11) and gzip (`.gz`, level 9) siblings of
// every text asset above 1 KB, so a server sends them as they are (emulators/static.ts does) instead of
// compressing on every request. Wire it in vite.config.ts: `plugins: [react(), precompress()]`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt', '.webmanifest']);
export const PRECOMPRESS_MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `.br` and `.gz` beside each compressible file of `outDir`; returns how many files it compressed. */
export function precompressDir(outDir: string): number {
  let count = 0;
  for (const file of files(outDir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
    if (statSync(file).size < PRECOMPRESS_MIN_BYTES) continue;
    const raw = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
    count++;
  }
  return count;
}

export function precompress(): { name: string; apply: 'build'; writeBundle(options: { dir?: string }): void } {
  return {
    name: 'homerounds-precompress',
    apply: 'build',
    writeBundle(options) {
      if (options.dir) precompressDir(options.dir);
    },
  };
}
