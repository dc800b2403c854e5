// Renders the app's install icons (web/public/icons/*.png) from web/public/favicon.svg's mark: the PNGs are
// committed; run this again only when the mark changes (`node scripts/make-icons.mjs`). Chromium draws them
// (playwright-core over the system browser, CHROME_PATH overrides /usr/bin/chromium).
// "any" icons keep the favicon's rounded square; the maskable one fills the square with the brand colour and keeps
// the letter inside the 80 % safe zone (Android crops it to a circle or a squircle); iOS takes the opaque
// apple-touch-icon (it rounds corners itself).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const out = fileURLToPath(new URL('../web/public/icons/', import.meta.url));
const BRAND = '#1d4ed8';
const LETTER = 'M9 23V9h3v5.5h8V9h3v14h-3v-5.5h-8V23z';

/** The mark on a 32-unit canvas: rounded (favicon), or full-bleed with the letter scaled into the safe zone. */
function svg(kind) {
  if (kind === 'any') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${BRAND}"/><path d="${LETTER}" fill="#fff"/></svg>`;
  }
  // Full bleed; the letter (14 units of 32) at 70 % of its favicon size, centred: well inside the 80 % circle.
  const scale = kind === 'maskable' ? 0.7 : 0.85;
  const shift = 16 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND}"/><path d="${LETTER}" fill="#fff" transform="translate(${shift} ${shift}) scale(${scale})"/></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, kind: 'any' },
  { file: 'icon-512.png', size: 512, kind: 'any' },
  { file: 'maskable-512.png', size: 512, kind: 'maskable' },
  { file: 'apple-touch-icon.png', size: 180, kind: 'apple' },
];

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' });
try {
  mkdirSync(out, { recursive: true });
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const image = svg(icon.kind).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${image}</body></html>`);
    // Transparent corners for the rounded icon; the others are opaque squares.
    const png = await page.screenshot({ omitBackground: icon.kind === 'any', type: 'png' });
    writeFileSync(`${out}${icon.file}`, png);
    await page.close();
    console.log(`web/public/icons/${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
