// What every stand-in of the local platform shares: the database, the clock, the origin, fault switches.
import type { Db } from './db/db.ts';

export type CalendarFault = '500' | 'down' | null;

export interface PlatformContext {
  db: Db;
  now: () => Date;
  /** Origin of the platform, e.g. http://127.0.0.1:8787 (set once the server listens). */
  origin: string;
  /** Where sign-in lands when redirect_to is missing or not allowed (Supabase's SITE_URL). */
  siteUrl: string;
  log: (line: string) => void;
  faults: { calendar: CalendarFault };
  /** Lifetime of the Google access tokens the stand-ins issue (3599 s like Google; tests shorten it). */
  providerTokenTtlS: number;
}
