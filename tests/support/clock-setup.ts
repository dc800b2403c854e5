// Vitest setup file: every test file starts on the suite's clock (tests/support/test-clock.ts). A test that
// restored the real timers gets the suite's clock back after it, never the machine's date.
import { afterEach, vi } from 'vitest';
import { resetTestNow, testClockInstalled } from './test-clock.ts';

resetTestNow();

afterEach(() => {
  if (!vi.isFakeTimers() && !testClockInstalled()) resetTestNow();
});
