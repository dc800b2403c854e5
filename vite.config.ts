/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: `${root}web`,
  // Only VITE_* variables reach the bundle: public keys, never secrets.
  envDir: root,
  plugins: [react()],
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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    env: { TZ: 'America/Chicago' },
  },
});
