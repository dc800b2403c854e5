/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './web/build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: `${root}web`,
  // Only VITE_* variables reach the bundle: public keys, never secrets.
  envDir: root,
  // Brotli and gzip copies of the built text assets, served by the local platform (emulators/static.ts).
  plugins: [react(), precompress()],
  build: {
    outDir: `${root}dist/web`,
    emptyOutDir: true,
    sourcemap: true,
    reportCompressedSize: false,
  },
  server: { host: '127.0.0.1' },
  test: {
    root,
    environment: 'node',
    include: ['tests/**/*.test.{ts,tsx}', 'tests/e2e/**/*.e2e.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    // tests/web: an unexpected console.error fails the test that logged it.
    // Every file starts on the suite's clock (tests/support/test-clock.ts).
    setupFiles: ['tests/support/clock-setup.ts', 'tests/web/console-guard.ts', 'tests/web/testing-library-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { TZ: 'America/Chicago' },
  },
});
