// What a failed tool call answers (core/assistant/tool-failure.ts): each kind of failure its own status and a
// true sentence; "could not be reached" only when no answer came; a change is never said undone by an outage.
import { describe, expect, it } from 'vitest';
import { googleUnavailable, toolFailure } from '../../../core/assistant/tool-failure.ts';
import { ArgumentError } from '../../../core/assistant/tool-kit.ts';
import { CalendarApiError } from '../../../core/calendar/calendar-client.ts';
import { CalendarUnreachableError } from '../../../core/calendar/google-calendar.ts';
import { GoogleGrantMissingError, GoogleWriteAccessMissingError } from '../../../core/google/access.ts';

const read = { language: 'en' as const, write: false };
const write = { language: 'en' as const, write: true };
const google = (status: number, reason?: string) =>
  new CalendarApiError(status, reason ? { error: { code: status, message: 'm', errors: [{ reason }] } } : undefined);

describe('tool failures', () => {
  it('give each kind of failure its status', () => {
    const cases: Array<[unknown, string]> = [
      [new ArgumentError('Which day?'), 'invalid'],
      [new RangeError('Invalid time value'), 'invalid'],
      [new GoogleGrantMissingError(), 'needs_sign_in'],
      [new GoogleWriteAccessMissingError(), 'needs_write_access'],
      [new CalendarUnreachableError(), 'unavailable'],
      [google(400), 'invalid'],
      [google(401), 'needs_sign_in'],
      [google(403, 'insufficientPermissions'), 'needs_write_access'],
      [google(403, 'rateLimitExceeded'), 'unavailable'],
      [google(403, 'userRateLimitExceeded'), 'unavailable'],
      [google(403, 'quotaExceeded'), 'unavailable'],
      [google(403, 'forbiddenForNonOrganizer'), 'not_allowed'],
      [google(403), 'not_allowed'],
      [google(404), 'not_found'],
      [google(410), 'not_found'],
      [google(409), 'conflict'],
      [google(412), 'conflict'],
      [google(429), 'unavailable'],
      [google(500), 'unavailable'],
      [google(503), 'unavailable'],
      [google(418), 'invalid'],
    ];
    expect(cases.map(([error]) => toolFailure(error, read)?.status)).toEqual(cases.map(([, status]) => status));
  });

  it('leave an unexpected error unclassified (the server answers it as such)', () => {
    expect(toolFailure(new Error('boom'), read)).toBeNull();
    expect(toolFailure(new TypeError('x is undefined'), read)).toBeNull();
    expect(toolFailure('a string', read)).toBeNull();
  });

  it('say "could not be reached" only when no answer came', () => {
    expect(toolFailure(new CalendarUnreachableError(), read)?.say).toBe(
      'Google Calendar could not be reached just now. Please try again in a moment.',
    );
    for (const status of [400, 403, 404, 409, 412, 429, 500]) {
      expect(toolFailure(google(status), read)?.say).not.toMatch(/could not be reached/);
    }
    expect(toolFailure(new ArgumentError('Which day should I book the visit on?'), read)?.say).toBe(
      'Which day should I book the visit on?',
    );
  });

  it('never say an outage left a change undone, and say a refusal did', () => {
    expect(toolFailure(google(503), write)?.say).toBe(
      'Google Calendar is having a problem and answered with an error. The change may not have been made: ask me again in a moment (it is never made twice).',
    );
    expect(toolFailure(new CalendarUnreachableError(), write)?.say).toMatch(/may not have been made/);
    expect(googleUnavailable(write).say).toMatch(/^Google could not be reached just now .*may not have been made/);
    expect(googleUnavailable(read).say).toMatch(/Please try again in a moment\.$/);
    expect(toolFailure(google(403, 'forbiddenForNonOrganizer'), write)?.say).toMatch(/Nothing was changed\.$/);
    expect(toolFailure(google(412), write)?.say).toMatch(/^The event changed on your calendar/);
    expect(toolFailure(google(409), write)?.say).toMatch(/^Google Calendar already has a different event/);
  });

  it('answer in Spanish when the clinician speaks it', () => {
    const es = { language: 'es' as const, write: false };
    expect(toolFailure(google(404), es)?.say).toBe(
      'Ese evento no está en tu calendario (Google no lo tiene, o se eliminó). No se cambió nada.',
    );
    expect(toolFailure(new CalendarUnreachableError(), es)?.say).toBe(
      'No se pudo contactar con Google Calendar. Inténtalo de nuevo en un momento.',
    );
  });
});
