// Users, sessions and tokens of the local Supabase Auth, stored in Postgres (auth.* and local_oauth.*).
import { randomBytes, randomUUID } from 'node:crypto';
import type { DbExecutor } from '../db/db.ts';
import { ACCESS_TOKEN_TTL_S, signJwt } from './keys.ts';

export const REFRESH_TOKEN_REUSE_INTERVAL_S = 10;
export const FLOW_STATE_TTL_S = 300;
export const PROVIDER_TOKEN_TTL_S = 3599;

interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  is_anonymous: boolean;
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
}

export type UserJson = Record<string, unknown> & {
  id: string;
  email: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
};

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : undefined);

export async function findUser(db: DbExecutor, by: { id?: string; email?: string }): Promise<UserJson | undefined> {
  const { rows } = by.id
    ? await db.query<UserRow>('select * from auth.users where id = $1', [by.id])
    : await db.query<UserRow>('select * from auth.users where lower(email) = lower($1)', [by.email ?? '']);
  const user = rows[0];
  if (!user) return undefined;
  const identities = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [user.id],
  );
  const json: UserJson = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.rows.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.email ?? undefined,
    })),
    created_at: iso(user.created_at) as string,
    updated_at: iso(user.updated_at) as string,
    is_anonymous: user.is_anonymous,
  };
  return JSON.parse(JSON.stringify(json)) as UserJson;
}

export function newRefreshToken(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = randomBytes(12);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function newProviderToken(): string {
  return `ya29.local-${randomBytes(24).toString('base64url')}`;
}

export async function accessTokenFor(
  user: UserJson,
  sessionId: string,
  issuer: string,
  now: Date,
  signedInAt: Date,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const token = await signJwt({
    iss: issuer,
    sub: user.id,
    aud: 'authenticated',
    exp,
    iat,
    email: user.email,
    phone: (user.phone as string) ?? '',
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'oauth', timestamp: Math.floor(signedInAt.getTime() / 1000) }],
    session_id: sessionId,
    is_anonymous: false,
  });
  return { token, expiresAt: exp };
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
  provider_token?: string;
  provider_refresh_token?: string;
}

/** Creates a session with its first refresh token and returns the session JSON. */
export async function createSession(
  db: DbExecutor,
  userId: string,
  issuer: string,
  now: Date,
  providerToken?: string,
  providerRefreshToken?: string,
): Promise<SessionJson> {
  await db.query('update auth.users set last_sign_in_at = $2 where id = $1', [userId, now]);
  await db.query("update auth.identities set last_sign_in_at = $2 where user_id = $1 and provider = 'google'", [
    userId,
    now,
  ]);
  const user = await findUser(db, { id: userId });
  if (!user) throw new Error(`user ${userId} vanished`);
  const sessionId = randomUUID();
  await db.query('insert into local_oauth.sessions (id, user_id, created_at) values ($1, $2, $3)', [
    sessionId,
    userId,
    now,
  ]);
  const refresh = newRefreshToken();
  await db.query('insert into local_oauth.refresh_tokens (token, session_id, created_at) values ($1, $2, $3)', [
    refresh,
    sessionId,
    now,
  ]);
  const access = await accessTokenFor(user, sessionId, issuer, now, now);
  const session: SessionJson = {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_S,
    expires_at: access.expiresAt,
    refresh_token: refresh,
    user,
  };
  if (providerToken) session.provider_token = providerToken;
  if (providerRefreshToken) session.provider_refresh_token = providerRefreshToken;
  return session;
}

/** Issues a Google access token for the user with the granted scopes, valid `ttlS` seconds. */
export async function issueProviderToken(
  db: DbExecutor,
  userId: string,
  scopes: string[],
  now: Date,
  ttlS: number = PROVIDER_TOKEN_TTL_S,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newProviderToken();
  const expiresAt = new Date(now.getTime() + ttlS * 1000);
  await db.query(
    'insert into local_oauth.provider_tokens (token, user_id, scopes, expires_at, created_at) values ($1, $2, $3, $4, $5)',
    [token, userId, scopes, expiresAt, now],
  );
  return { token, expiresAt };
}
