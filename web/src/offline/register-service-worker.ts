// Registers the service worker (built by vite-plugin-pwa, vite.config.ts) once the page has loaded, so the app
// shell's precache never competes with the first paint. Production builds only: main.tsx imports this lazily.
export function registerServiceWorker(nav: Navigator = navigator, win: Window = window): void {
  if (!('serviceWorker' in nav)) return;
  const register = () => {
    // A browser that refuses (private mode, a policy) keeps the app working online; nothing to show.
    nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (win.document.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
