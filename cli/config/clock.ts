// The CLI's clock: the real one, or the instant HOMEROUNDS_NOW names (HOMEROUNDS_CLOCK=frozen stops it there),
// as the local platform's. A malformed setting is a usage error that says what to write.
import { ClockSettingError, type Now } from '../../core/time/clock.ts';
import { clockFromEnv } from '../../core/time/system-clock.ts';
import { usageError } from '../errors.ts';

export function cliClock(env: Record<string, string | undefined>): Now {
  try {
    return clockFromEnv(env).now;
  } catch (error) {
    if (error instanceof ClockSettingError) throw usageError(error.message);
    throw error;
  }
}
