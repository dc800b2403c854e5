// The Mileage view's way to its month: the server's `mileage` function (`POST {supabaseUrl}/functions/v1/mileage`, the
// anon key as apikey and the Supabase session as Bearer), which reads the calendar, the patient list and the drive
// times and answers the month's log; a day's edit is saved with the same request. main.tsx provides the page's client
// once; the view asks for it (null: no server here, the view says the log is not available).
import { requestMileage } from '../../../core/mileage/contract.ts';
import type { MileageMonthPorts } from '../../../machines/mileage-month/index.ts';

export interface MileageClientOptions {
  supabaseUrl: string;
  anonKey: string;
  /** The signed-in session's access token, or null. */
  getAccessToken: () => string | null;
  fetch?: typeof fetch;
}

export function createMileageClient(options: MileageClientOptions): MileageMonthPorts {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const ask = (request: Parameters<typeof requestMileage>[0]['request'], signal: AbortSignal) =>
    requestMileage({
      supabaseUrl: options.supabaseUrl,
      anonKey: options.anonKey,
      accessToken: options.getAccessToken(),
      fetch: doFetch,
      request,
      signal,
    });
  return {
    load: (month, signal) => ask({ month }, signal),
    save: ({ month, save }, signal) =>
      ask({ month, edit: { day: save.day, drivenMiles: save.drivenMiles, reason: save.reason } }, signal),
  };
}

let pageMileage: MileageMonthPorts | null = null;

/** main.tsx wires the page's client once. */
export function providePageMileage(ports: MileageMonthPorts | null): void {
  pageMileage = ports;
}

/** The page's client, or null where none was provided. */
export function pageMileagePorts(): MileageMonthPorts | null {
  return pageMileage;
}
