// The web app's clock: "now" for every feature and adapter. The browser's clock, unless the page says
// otherwise: the local platform started with HOMEROUNDS_NOW serves index.html with
// <meta name="homerounds-clock" content="<instant> running|frozen">, and the entry (main.tsx, first import:
// page-clock.ts) moves the page's whole clock there, so the dashboard, FullCalendar, supabase-js's session
// expiry and the platform agree on the time (a session "expired" by the browser's own date would otherwise be
// refreshed in a loop). Hosted builds never carry the meta. Tests set the browser's clock with Playwright's
// clock API instead.
import { type ClockSetting, clockFromSetting, dateOnClock, type Now } from '../../../core/time/clock.ts';
import { systemMillis, systemNow } from '../../../core/time/system-clock.ts';

export const CLOCK_META_NAME = 'homerounds-clock';

/** The setting in a page's clock meta (`2026-12-01T23:05:00.000Z running`), or null when absent or unreadable. */
export function clockSettingOf(content: string | null | undefined): ClockSetting | null {
  const [instant, mode = 'running', ...rest] = (content ?? '').trim().split(/\s+/);
  if (!instant || rest.length > 0 || (mode !== 'running' && mode !== 'frozen')) return null;
  const start = new Date(instant);
  return Number.isNaN(start.getTime()) ? null : { start, frozen: mode === 'frozen' };
}

/**
 * Moves the page's Date to the clock its meta names (nothing without one). Date() and new Date() without
 * arguments and Date.now() read the new clock; every other use of Date is unchanged, instanceof included.
 * Returns the setting it installed.
 */
export function installPageClock(doc: Document | undefined = globalThis.document): ClockSetting | null {
  const setting = clockSettingOf(doc?.querySelector(`meta[name="${CLOCK_META_NAME}"]`)?.getAttribute('content'));
  if (!setting) return null;
  const RealDate = Date;
  // The browser's own milliseconds, read through the real Date (the page's Date.now is replaced below).
  const browserMillis = RealDate.now.bind(RealDate);
  const now = clockFromSetting(setting, browserMillis);
  globalThis.Date = dateOnClock(RealDate, () => now().getTime());
  return setting;
}

/** Now, on the page's clock. */
export const appNow: Now = () => systemNow();

/** Milliseconds since the epoch on the page's clock. */
export function appMillis(): number {
  return systemMillis();
}
