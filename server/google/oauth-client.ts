// Google's OAuth 2.0 token endpoint as a server uses it: exchange a refresh token for an access token
// (`grant_type=refresh_token`, form-encoded, client id and secret in the body) and revoke a grant. The
// URLs are configurable so the local platform's stand-in (/__google/token, /__google/revoke) answers
// instead of Google.

export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
export const GOOGLE_REVOKE_URL = 'https://oauth2.googleapis.com/revoke';

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface GoogleClient {
  clientId: string;
  clientSecret: string;
  tokenUrl?: string;
  revokeUrl?: string;
  fetch?: Fetch;
}

export interface RefreshedToken {
  accessToken: string;
  expiresInSeconds: number;
  scopes: string[];
  /** Google rarely rotates refresh tokens; when it does, the new one replaces the stored one. */
  refreshToken?: string;
}

/**
 * Google refused the exchange. `error` is the OAuth error: `invalid_grant` (revoked, expired or unknown
 * refresh token: only a new consent helps), `invalid_client` (our configuration), or another. `status`
 * is 0 when Google could not be reached or answered something that is not OAuth JSON.
 */
export class GoogleTokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`Google token endpoint: ${status || 'unreachable'} ${error}${description ? ` (${description})` : ''}`);
    this.name = 'GoogleTokenError';
  }

  get isInvalidGrant(): boolean {
    return this.error === 'invalid_grant';
  }
}

function doFetch(client: GoogleClient): Fetch {
  return client.fetch ?? globalThis.fetch.bind(globalThis);
}

export async function refreshAccessToken(client: GoogleClient, refreshToken: string): Promise<RefreshedToken> {
  const body = new URLSearchParams({
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: client.clientId,
    client_secret: client.clientSecret,
  });
  let response: Response;
  try {
    response = await doFetch(client)(client.tokenUrl ?? GOOGLE_TOKEN_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body,
    });
  } catch {
    throw new GoogleTokenError(0, 'unreachable', 'The Google token endpoint could not be reached');
  }
  let json: Record<string, unknown> = {};
  try {
    const parsed = (await response.json()) as unknown;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: handled below by the missing fields.
  }
  if (!response.ok) {
    const error = typeof json.error === 'string' ? json.error : `http_${response.status}`;
    const description = typeof json.error_description === 'string' ? json.error_description : '';
    throw new GoogleTokenError(response.status, error, description);
  }
  const accessToken = json.access_token;
  const expiresIn = json.expires_in;
  if (typeof accessToken !== 'string' || !accessToken || typeof expiresIn !== 'number' || expiresIn <= 0) {
    throw new GoogleTokenError(0, 'bad_response', 'The Google token endpoint answered without an access token');
  }
  const scopes = typeof json.scope === 'string' ? json.scope.split(' ').filter(Boolean) : [];
  const rotated = typeof json.refresh_token === 'string' && json.refresh_token ? json.refresh_token : undefined;
  return { accessToken, expiresInSeconds: expiresIn, scopes, ...(rotated ? { refreshToken: rotated } : {}) };
}

/** Revokes the whole grant (Google revokes every token of it). Best effort: false when it did not work. */
export async function revokeGrant(client: GoogleClient, token: string): Promise<boolean> {
  const url = new URL(client.revokeUrl ?? GOOGLE_REVOKE_URL);
  try {
    const response = await doFetch(client)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      // In the body rather than the query (Google takes both) so the token stays out of access logs.
      body: new URLSearchParams({ token }),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
