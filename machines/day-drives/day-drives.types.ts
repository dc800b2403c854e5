// Types of the day-drives machine: the drive times between a day's places, asked of the server's `drive-times`
// function (its road matrix; the Routes key stays there) before the Route view plans, and what a face provides.
import type { DriveTimesRequest, DriveTimesResponse } from '../../core/routing/drive-times-contract.ts';

export type { DriveTimesRequest, DriveTimesResponse };

export interface DayDrivesInput {
  /** The day's places and departure (`dayDriveTimesRequest`); the face runs nothing with fewer than two places. */
  request: DriveTimesRequest;
}

export interface DayDrivesContext {
  request: DriveTimesRequest;
  /** The server's answer (road drive times, or its straight-line estimate said so); null until answered. */
  answer: DriveTimesResponse | null;
}

export type DayDrivesEvent = { type: 'drives.retry' };

export interface DayDrivesPorts {
  /** The places are patients' homes (health data): in the request body only, never logged, never in a URL. */
  measure(request: DriveTimesRequest, signal: AbortSignal): Promise<DriveTimesResponse>;
}
