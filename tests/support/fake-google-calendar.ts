// A Google Calendar v3 stand-in as a fetch, for handler tests that need Google's answers without the local
// platform: events.list/get/insert/patch/delete on one calendar with Google's semantics (a deleted event stays
// under its id: get answers 410, a new insert with that id 409, a PATCH with status "confirmed" restores it),
// every request recorded, and a hook to make any request fail the ways Google and networks do.
import type { ProviderEvent } from '../../core/calendar/calendar.types.ts';

export type Failure = Response | 'network' | 'hang';

export interface FakeGoogleCalendar {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  events: Map<string, ProviderEvent & { status: string }>;
  requests: Array<{ method: string; path: string; aborted?: boolean }>;
  /** Returns a failure for a request that should fail (checked before the calendar answers). */
  failWhen: (request: { method: string; path: string; id: string | undefined }) => Failure | undefined;
}

const googleError = (code: number, reason: string, message: string, status = 'FAILED_PRECONDITION') =>
  Response.json(
    { error: { code, message, errors: [{ domain: 'global', reason, message }], status } },
    { status: code },
  );

export const GOOGLE_ERRORS = {
  notFound: () => googleError(404, 'notFound', 'Not Found', 'NOT_FOUND'),
  deleted: () => googleError(410, 'deleted', 'Resource has been deleted', 'NOT_FOUND'),
  duplicate: () => googleError(409, 'duplicate', 'The requested identifier already exists.', 'ALREADY_EXISTS'),
  preconditionFailed: () => googleError(412, 'conditionNotMet', 'Precondition Failed'),
  forbidden: () => googleError(403, 'forbiddenForNonOrganizer', 'Forbidden', 'PERMISSION_DENIED'),
  rateLimited: () => googleError(403, 'rateLimitExceeded', 'Rate Limit Exceeded', 'PERMISSION_DENIED'),
  badRequest: () => googleError(400, 'invalid', 'Invalid value', 'INVALID_ARGUMENT'),
  backend: () => googleError(500, 'backendError', 'Backend Error', 'INTERNAL'),
};

export function fakeGoogleCalendar(seed: ProviderEvent[], timeZone = 'America/Chicago'): FakeGoogleCalendar {
  const events = new Map(seed.map((e) => [e.id, { ...e, status: 'confirmed' }]));
  const fake: FakeGoogleCalendar = {
    events,
    requests: [],
    failWhen: () => undefined,
    async fetch(input, init = {}) {
      const url = new URL(String(input));
      const method = init.method ?? 'GET';
      const match = /\/calendar\/v3\/calendars\/[^/]+\/events(?:\/([^/]+))?$/.exec(url.pathname);
      const id = match?.[1] === undefined ? undefined : decodeURIComponent(match[1]);
      const record = { method, path: url.pathname };
      fake.requests.push(record);
      const failure = fake.failWhen({ method, path: url.pathname, id });
      if (failure === 'network') throw new TypeError('fetch failed');
      if (failure === 'hang') {
        return new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => {
            Object.assign(record, { aborted: true });
            reject(new DOMException('The operation was aborted.', 'AbortError'));
          });
        });
      }
      if (failure) return failure;
      if (!match) return GOOGLE_ERRORS.notFound();
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      if (id === undefined && method === 'GET') {
        const from = Date.parse(url.searchParams.get('timeMin') ?? '');
        const to = Date.parse(url.searchParams.get('timeMax') ?? '');
        const items = [...events.values()].filter(
          (e) =>
            e.status !== 'cancelled' &&
            Date.parse(e.end?.dateTime ?? '') > from &&
            Date.parse(e.start?.dateTime ?? '') < to,
        );
        items.sort((a, b) => Date.parse(a.start?.dateTime ?? '') - Date.parse(b.start?.dateTime ?? ''));
        return Response.json({ kind: 'calendar#events', timeZone, items });
      }
      if (id === undefined && method === 'POST') {
        const newId = String(body.id);
        if (events.has(newId)) return GOOGLE_ERRORS.duplicate();
        const event = { ...(body as unknown as ProviderEvent), id: newId, status: 'confirmed' };
        events.set(newId, event);
        return Response.json(event);
      }
      const event = id === undefined ? undefined : events.get(id);
      if (!event) return GOOGLE_ERRORS.notFound();
      if (method === 'GET') return event.status === 'cancelled' ? GOOGLE_ERRORS.deleted() : Response.json(event);
      if (method === 'DELETE') {
        if (event.status === 'cancelled') return GOOGLE_ERRORS.deleted();
        event.status = 'cancelled';
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') {
        Object.assign(event, body);
        return Response.json(event);
      }
      return googleError(405, 'httpMethodNotAllowed', 'Method Not Allowed', 'METHOD_NOT_ALLOWED');
    },
  };
  return fake;
}
