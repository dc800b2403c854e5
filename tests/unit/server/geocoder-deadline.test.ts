// One tool call's geocoder is bounded: an address not answered by the deadline is `unavailable` and the geocoder is
// told to stop, while answers in time are kept; after the deadline nothing more is asked.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Geocoder } from '../../../core/geo/geocoder.ts';
import { geocoderWithin } from '../../../server/geo/deadline.ts';

afterEach(() => vi.useRealTimers());

const HERE = { lat: 41.9, lon: -87.7, approximate: false, formatted: null };

describe('geocoderWithin', () => {
  it('keeps answers in time, answers the rest unavailable at the deadline, and stops the geocoder', async () => {
    vi.useFakeTimers();
    const signals: AbortSignal[] = [];
    const slow: Geocoder = {
      locate: (address, signal) => {
        if (signal) signals.push(signal);
        return address === 'fast' ? Promise.resolve(HERE) : new Promise(() => {});
      },
    };
    const bounded = geocoderWithin(slow, 1_000);
    expect(await bounded.geocoder.locate('fast')).toEqual(HERE);
    const late = bounded.geocoder.locate('slow');
    await vi.advanceTimersByTimeAsync(999);
    expect(signals.every((s) => !s.aborted)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(await late).toBe('unavailable');
    expect(signals.every((s) => s.aborted)).toBe(true);
    const asked = signals.length;
    expect(await bounded.geocoder.locate('after')).toBe('unavailable');
    expect(signals.length).toBe(asked);
    bounded.done();
  });

  it('answers a geocoder that throws unavailable, and done() lets the request end before its deadline', async () => {
    vi.useFakeTimers();
    const failing: Geocoder = { locate: () => Promise.reject(new Error('network')) };
    const bounded = geocoderWithin(failing, 1_000);
    expect(await bounded.geocoder.locate('x')).toBe('unavailable');
    bounded.done();
    expect(vi.getTimerCount()).toBe(0);
  });
});
