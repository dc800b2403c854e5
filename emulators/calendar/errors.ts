// Google's error answers for the Calendar stand-in: `{"error":{code,message,errors,status}}` and their headers.
interface GoogleErrorItem {
  domain: string;
  reason: string;
  message: string;
  location?: string;
  locationType?: string;
}

export class CalendarError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly items: GoogleErrorItem[],
    message?: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? items[0]?.message ?? 'Error');
  }
  body(): unknown {
    return {
      error: { code: this.status, message: this.message, errors: this.items, status: this.statusText, ...this.extra },
    };
  }
}

export function badRequest(message: string, reason = 'badRequest', location?: string): CalendarError {
  const item: GoogleErrorItem = { domain: 'global', reason, message };
  if (location) {
    item.locationType = 'parameter';
    item.location = location;
  }
  return new CalendarError(400, 'INVALID_ARGUMENT', [item], message);
}

const UNAUTHENTICATED_MESSAGE =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';

export function loginRequired(): CalendarError {
  return new CalendarError(
    401,
    'UNAUTHENTICATED',
    [
      {
        domain: 'global',
        reason: 'required',
        message: 'Login Required',
        locationType: 'header',
        location: 'Authorization',
      },
    ],
    'Login Required.',
    {},
    { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/"' },
  );
}

export function invalidCredentials(): CalendarError {
  return new CalendarError(
    401,
    'UNAUTHENTICATED',
    [
      {
        message: 'Invalid Credentials',
        domain: 'global',
        reason: 'authError',
        location: 'Authorization',
        locationType: 'header',
      },
    ],
    UNAUTHENTICATED_MESSAGE,
    {},
    { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );
}

export function insufficientScope(method: string): CalendarError {
  return new CalendarError(
    403,
    'PERMISSION_DENIED',
    [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
    'Request had insufficient authentication scopes.',
    {
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
          domain: 'googleapis.com',
          metadata: { service: 'calendar-json.googleapis.com', method },
        },
      ],
    },
    { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"' },
  );
}

export function notFound(): CalendarError {
  return new CalendarError(
    404,
    'NOT_FOUND',
    [{ domain: 'global', reason: 'notFound', message: 'Not Found' }],
    'Not Found',
  );
}

export function deleted(): CalendarError {
  return new CalendarError(
    410,
    'NOT_FOUND',
    [{ domain: 'global', reason: 'deleted', message: 'Resource has been deleted' }],
    'Resource has been deleted',
  );
}

export function preconditionFailed(): CalendarError {
  return new CalendarError(
    412,
    'FAILED_PRECONDITION',
    [
      {
        domain: 'global',
        reason: 'conditionNotMet',
        message: 'Precondition Failed',
        locationType: 'header',
        location: 'If-Match',
      },
    ],
    'Precondition Failed',
  );
}

export function backendError(): CalendarError {
  return new CalendarError(
    500,
    'INTERNAL',
    [{ domain: 'global', reason: 'backendError', message: 'Backend Error' }],
    'Backend Error',
  );
}

export function methodNotAllowed(): CalendarError {
  return new CalendarError(
    405,
    'METHOD_NOT_ALLOWED',
    [{ domain: 'global', reason: 'httpMethodNotAllowed', message: 'Method Not Allowed' }],
    'Method Not Allowed',
  );
}

export function alreadyExists(): CalendarError {
  return new CalendarError(
    409,
    'ALREADY_EXISTS',
    [{ domain: 'global', reason: 'duplicate', message: 'The requested identifier already exists.' }],
    'The requested identifier already exists.',
  );
}
