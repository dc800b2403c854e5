/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from './web/build/precompress.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * A navigation to one of the app's own pages (emulators/static.ts APP_ROUTES), with any query (the OAuth return
 * carries ?code=…). Never the platform's paths (/auth, /rest, /functions, /calendar, /__google…): their navigations
 * always reach the server. Serialized into sw.js by Workbox: it must not use anything outside itself.
 */
export const appNavigation = ({ request, url }: { request: Request; url: URL }): boolean =>
  request.mode === 'navigate' &&
  ['/', '/dashboard', '/privacy', '/terms'].includes(url.pathname.replace(/(.)\/$/, '$1'));

/**
 * The web app manifest and a Workbox service worker that precaches the app shell only: hashed JS and CSS (the
 * dashboard's lazy chunks and the Spanish catalog among them), index.html, the icons. Nothing is cached at run time:
 * API answers (patient data) never reach Cache Storage; the offline copy is encrypted in IndexedDB (web/src/offline).
 * Registered by web/src/main.tsx in production builds only (injectRegister: false).
 */
function installableApp() {
  return VitePWA({
    strategies: 'generateSW',
    registerType: 'autoUpdate',
    injectRegister: false,
    filename: 'sw.js',
    manifestFilename: 'manifest.webmanifest',
    // The icons are in the precache's globs already.
    includeManifestIcons: false,
    manifest: {
      id: '/dashboard',
      name: 'HomeRounds',
      short_name: 'HomeRounds',
      description: 'Your visits, route and assistant for the day — home health and therapy.',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      // --color-primary and --color-page (web/src/app/styles.css).
      theme_color: '#1d4ed8',
      background_color: '#f1f5f9',
      lang: 'en',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      // Source maps and the precompressed siblings stay on the server.
      globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
      // The app's pages come from the server while it answers (a fresh index.html: the newest build, the local
      // platform's clock meta); offline, the precached shell instead. Nothing else is routed.
      navigateFallback: null,
      runtimeCaching: [
        {
          urlPattern: appNavigation,
          handler: 'NetworkOnly',
          options: { precacheFallback: { fallbackURL: 'index.html' } },
        },
      ],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      maximumFileSizeToCacheInBytes: 1_000_000,
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig({
  root: `${root}web`,
  // Only VITE_* variables reach the bundle: public keys, never secrets.
  envDir: root,
  // Brotli and gzip copies of the built text assets, served by the local platform (emulators/static.ts).
  // The manifest and the service worker (docs/offline.md): installable, and the app shell works without signal.
  plugins: [react(), installableApp(), precompress()],
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
