#!/usr/bin/env node
// Launcher: runs the built CLI (dist/cli, made by `npm run build:cli`) when it exists, otherwise
// the TypeScript sources through tsx's loader so a fresh checkout works without a build.
import { existsSync } from 'node:fs';

const built = new URL('../../dist/cli/main.js', import.meta.url);
if (existsSync(built) && !process.env.HOMEROUNDS_FROM_SOURCE) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../main.ts');
}
