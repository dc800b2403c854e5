// events.list's query parameters, checked as Google checks them (syncToken is refused).
import { parseRfc3339 } from '../input.ts';
import { badRequest, CalendarError } from './errors.ts';
import { decodePageToken, queryFingerprint } from './page-token.ts';

/** One page's query: what the database reads and the list cache keys on. */
export interface ListQuery {
  /** The SQL `order by` list. */
  order: string;
  timeMin: number | undefined;
  timeMax: number | undefined;
  showDeleted: boolean;
  maxResults: number;
  offset: number;
}

function parseTime(value: string | null): number | undefined {
  if (value === null) return undefined;
  // Strict: a real calendar day, an offset, years 0001–9999 (Date.parse would roll February 30 over).
  const ms = parseRfc3339(value);
  if (ms === undefined) throw badRequest('Bad Request');
  return ms;
}

export function parseListQuery(params: URLSearchParams): ListQuery {
  const timeMin = parseTime(params.get('timeMin'));
  const timeMax = parseTime(params.get('timeMax'));
  if (timeMin !== undefined && timeMax !== undefined && timeMax <= timeMin) {
    throw new CalendarError(
      400,
      'INVALID_ARGUMENT',
      [
        {
          domain: 'calendar',
          reason: 'timeRangeEmpty',
          message: 'The specified time range is empty.',
          locationType: 'parameter',
          location: 'timeMax',
        },
      ],
      'The specified time range is empty.',
    );
  }
  const singleEventsRaw = params.get('singleEvents');
  if (singleEventsRaw !== null && !['true', 'false'].includes(singleEventsRaw)) {
    throw badRequest(
      `Invalid value '${singleEventsRaw.slice(0, 100)}'. Values must be true or false.`,
      'invalidParameter',
      'singleEvents',
    );
  }
  const orderBy = params.get('orderBy');
  if (orderBy !== null && orderBy !== 'startTime' && orderBy !== 'updated') {
    throw badRequest(`Invalid value for: ${orderBy.slice(0, 100)} is not a valid value`, 'invalidParameter', 'orderBy');
  }
  if (orderBy === 'startTime' && singleEventsRaw !== 'true') {
    throw badRequest('The requested ordering is not available for the particular query.', 'badRequest');
  }
  const maxRaw = params.get('maxResults');
  const maxResults = maxRaw === null ? 250 : Number(maxRaw);
  if (maxRaw !== null && (!/^\d+$/.test(maxRaw) || maxResults < 1 || maxResults > 2500)) {
    throw badRequest(
      `Invalid value '${maxRaw.slice(0, 100)}'. Values must be within the range: [1, 2500]`,
      'invalid',
      'maxResults',
    );
  }
  if (params.get('syncToken') !== null) {
    throw badRequest('syncToken is not supported by the HomeRounds local platform', 'badRequest', 'syncToken');
  }
  const pageTokenRaw = params.get('pageToken');
  const offset = pageTokenRaw ? decodePageToken(pageTokenRaw, queryFingerprint(params)).o : 0;
  const showDeleted = params.get('showDeleted') === 'true';
  const order =
    orderBy === 'startTime' ? 'starts_at, ends_at, id' : orderBy === 'updated' ? 'updated_at, id' : 'created_at, id';
  return { order, timeMin, timeMax, showDeleted, maxResults, offset };
}
