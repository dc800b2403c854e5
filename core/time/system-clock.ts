// The one module that reads the system clock (the lint rule lint/system-clock.grit names it). Everything else
// is handed a `Now`: the faces build theirs here, from the real clock or a HOMEROUNDS_NOW setting.
import { type ClockSetting, clockFromSetting, type Now, parseClockSetting } from './clock.ts';

/** Milliseconds since the epoch on the system clock. */
export function systemMillis(): number {
  return Date.now();
}

/** The real clock. */
export const systemNow: Now = () => new Date();

export interface ConfiguredClock {
  now: Now;
  /** The setting it follows, or null for the real clock. */
  setting: ClockSetting | null;
}

/**
 * The clock of a process (the local platform, the CLI): HOMEROUNDS_NOW (an instant with its offset) and
 * HOMEROUNDS_CLOCK (`running`, the default, or `frozen`) from `env`; the real clock when neither is set.
 * Throws a ClockSettingError that says what to write when the setting is malformed.
 */
export function clockFromEnv(env: Record<string, string | undefined>): ConfiguredClock {
  const setting = parseClockSetting(env.HOMEROUNDS_NOW, env.HOMEROUNDS_CLOCK);
  return { now: setting ? clockFromSetting(setting, systemMillis) : systemNow, setting };
}
