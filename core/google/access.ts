// The port through which server code gets a Google access token for a clinician: the refresh token
// stored server-side at sign-in, exchanged at Google's token endpoint. Errors say what the clinician
// must do: sign in again (no grant, or Google revoked it) or allow calendar changes (read-only grant).

export const CALENDAR_READONLY_SCOPE = 'https://www.googleapis.com/auth/calendar.readonly';
/** Event write access, asked by incremental authorization the first time the assistant must change the calendar. */
export const CALENDAR_EVENTS_SCOPE = 'https://www.googleapis.com/auth/calendar.events';
/** Scopes that allow reading events (any of them). */
export const CALENDAR_READ_SCOPES: readonly string[] = [
  CALENDAR_READONLY_SCOPE,
  CALENDAR_EVENTS_SCOPE,
  'https://www.googleapis.com/auth/calendar',
];
/** Scopes that allow writing events (any of them). */
export const CALENDAR_WRITE_SCOPES: readonly string[] = [
  CALENDAR_EVENTS_SCOPE,
  'https://www.googleapis.com/auth/calendar',
];

export interface GoogleAccessToken {
  accessToken: string;
  /** Granted scopes (space-separated in Google's answer, split here). */
  scopes: string[];
  /** Unix milliseconds. */
  expiresAt: number;
}

export type AccessNeed = 'read' | 'write';

export interface GoogleAccess {
  /** A valid access token for the clinician, or GoogleGrantMissingError / GoogleWriteAccessMissingError. */
  accessToken(userId: string, need: AccessNeed): Promise<GoogleAccessToken>;
}

/** No usable grant: never stored, or revoked at Google (`invalid_grant`). Only signing in again helps. */
export class GoogleGrantMissingError extends Error {
  constructor(message = 'Google Calendar access is not available. Please sign in again.') {
    super(message);
    this.name = 'GoogleGrantMissingError';
  }
}

/** The grant is read-only and the request must change the calendar. */
export class GoogleWriteAccessMissingError extends Error {
  constructor(message = 'HomeRounds may not change this calendar yet.') {
    super(message);
    this.name = 'GoogleWriteAccessMissingError';
  }
}

export function hasWriteScope(scopes: readonly string[]): boolean {
  return scopes.some((s) => CALENDAR_WRITE_SCOPES.includes(s));
}
export function hasReadScope(scopes: readonly string[]): boolean {
  return scopes.some((s) => CALENDAR_READ_SCOPES.includes(s));
}
