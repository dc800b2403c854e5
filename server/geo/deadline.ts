// A geocoder bounded by a deadline for one request (a tool call, a `locations` request): an address not answered by
// then is `unavailable`, and the geocoder is told to stop (its signal aborted). The voice platform gives a tool call
// about 20 s, the dashboard waits 8 s; a geocoder retrying a busy service could take most of either.
import type { Geocoder, Located, NotLocated } from '../../core/geo/geocoder.ts';

/** How long one tool call may spend locating its day's addresses. */
export const TOOL_LOCATE_DEADLINE_MS = 6_000;

export function geocoderWithin(geocoder: Geocoder, deadlineMs: number): { geocoder: Geocoder; done(): void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The locating deadline passed', 'TimeoutError')),
    deadlineMs,
  );
  const passed = new Promise<NotLocated>((resolve) => {
    controller.signal.addEventListener('abort', () => resolve('unavailable'), { once: true });
  });
  return {
    geocoder: {
      locate: (address, signal): Promise<Located | NotLocated> => {
        if (controller.signal.aborted) return Promise.resolve('unavailable');
        const both = signal ? AbortSignal.any([signal, controller.signal]) : controller.signal;
        const answer = geocoder.locate(address, both).catch((): NotLocated => 'unavailable');
        return Promise.race([answer, passed]);
      },
    },
    done: () => clearTimeout(timer),
  };
}
