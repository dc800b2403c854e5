// The web app's clock: "now" for every feature and adapter. The real clock, unless the page says otherwise:
// the local platform started with HOMEROUNDS_NOW serves index.html with <meta name="homerounds-clock"
// content="<instant> running|frozen">, so the dashboard, its calendar and the platform agree on the time
// (tests set the browser's own clock with Playwright's clock API instead). Hosted builds never carry it.
import { type ClockSetting, clockFromSetting, type Now } from '../../../core/time/clock.ts';
import { systemMillis, systemNow } from '../../../core/time/system-clock.ts';

export const CLOCK_META_NAME = 'homerounds-clock';

/** The setting in a page's clock meta (`2026-12-01T23:05:00.000Z running`), or null when absent or unreadable. */
export function clockSettingOf(content: string | null | undefined): ClockSetting | null {
  const [instant, mode = 'running'] = (content ?? '').trim().split(/\s+/);
  if (!instant || (mode !== 'running' && mode !== 'frozen')) return null;
  const start = new Date(instant);
  return Number.isNaN(start.getTime()) ? null : { start, frozen: mode === 'frozen' };
}

function pageClock(): Now {
  if (typeof document === 'undefined') return systemNow;
  const content = document.querySelector(`meta[name="${CLOCK_META_NAME}"]`)?.getAttribute('content');
  const setting = clockSettingOf(content);
  return setting ? clockFromSetting(setting, systemMillis) : systemNow;
}

/** Now, on the app's clock (read once, when the app loads). */
export const appNow: Now = pageClock();

/** Milliseconds since the epoch on the app's clock. */
export function appMillis(): number {
  return appNow().getTime();
}
