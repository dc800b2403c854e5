// A road-matrix provider bounded by a deadline (like deadline.ts for the geocoder): each matrix it is asked for is the
// road service's answer if it comes within `deadlineMs`, else the offline straight-line estimate, marked approximate
// (`roadBased` absent, `source` saying why), and the service is told to stop (its signal aborted). A service that
// fails (quota, a wrong key, an outage) gives the estimate at once. So a slow or failing matrix service never holds a
// tool call (the voice platform gives one about 20 s, already shared with geocoding) and never leaves it unanswered.
import type { TravelMatrix } from '../../core/routing/model.ts';
import { haversineMatrix } from '../../core/routing/travel/haversine.ts';
import type { LatLon, TravelTimeProvider } from '../../core/routing/travel/provider.ts';

/** How long one tool call may wait for its day's road drive times (after locating its addresses: ≤ 6 s). */
export const TOOL_TRAVEL_DEADLINE_MS = 5_000;

/** The straight-line estimate for `points`, saying why road drive times are missing. */
export function approximateMatrix(points: readonly LatLon[], why: string): TravelMatrix {
  const estimate = haversineMatrix(points);
  return { minutes: estimate.minutes, source: `haversine (approximate; road drive times unavailable: ${why})` };
}

export function travelWithin(
  provider: TravelTimeProvider,
  deadlineMs: number,
  options: { log?: (line: string) => void } = {},
): TravelTimeProvider {
  const log = options.log ?? (() => {});
  return {
    name: provider.name,
    async matrix(points, opts = {}): Promise<TravelMatrix> {
      const controller = new AbortController();
      const signal = opts.signal ? AbortSignal.any([opts.signal, controller.signal]) : controller.signal;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const passed = new Promise<'deadline'>((resolve) => {
        timer = setTimeout(() => {
          controller.abort(new DOMException('The travel-time deadline passed', 'TimeoutError'));
          resolve('deadline');
        }, deadlineMs);
      });
      try {
        const answer = await Promise.race([
          provider.matrix(points, { ...opts, signal }).then(
            (matrix) => ({ matrix }),
            (error: unknown) => ({ error }),
          ),
          passed,
        ]);
        if (answer !== 'deadline' && 'matrix' in answer) return answer.matrix;
        // The caller gave up: theirs to report, not a reason to estimate.
        if (opts.signal?.aborted) throw opts.signal.reason;
        const why = answer === 'deadline' ? `no answer within ${deadlineMs} ms` : 'the service failed';
        if (answer === 'deadline')
          log(`road drive times: ${provider.name} gave ${why}; the straight-line estimate is used`);
        return approximateMatrix(points, why);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
