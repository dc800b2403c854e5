// The Route view's way to have a day's drive times: the server's `drive-times` function
// (`POST {supabaseUrl}/functions/v1/drive-times`, the anon key as apikey and the Supabase session as Bearer), which
// holds the road matrix (the Routes key stays there) and answers road drive times, or its straight-line estimate said
// so. Places go in the body only (health data: never in a URL, never logged). main.tsx provides the page's client
// once; the Route view asks for it (null: plan with the browser's straight-line estimate).
import { requestDriveTimes } from '../../../core/routing/drive-times-contract.ts';
import type { DayDrivesPorts } from '../../../machines/day-drives/index.ts';

export type MeasureDrives = DayDrivesPorts['measure'];

export interface DriveTimesClientOptions {
  supabaseUrl: string;
  anonKey: string;
  /** The signed-in session's access token, or null. */
  getAccessToken: () => string | null;
  fetch?: typeof fetch;
}

export function createDriveTimesClient(options: DriveTimesClientOptions): MeasureDrives {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return (request, signal) =>
    requestDriveTimes({
      supabaseUrl: options.supabaseUrl,
      anonKey: options.anonKey,
      accessToken: options.getAccessToken(),
      fetch: doFetch,
      request,
      signal,
    });
}

let pageMeasure: MeasureDrives | null = null;

/** main.tsx wires the page's client once. */
export function providePageDriveTimes(measure: MeasureDrives | null): void {
  pageMeasure = measure;
}

/** The page's client, or null where none was provided (the plan then uses the straight-line estimate). */
export function pageDriveTimes(): MeasureDrives | null {
  return pageMeasure;
}
