// The local account chooser: stands in for Google's consent screen. Lists the seeded clinicians; picking
// one sends an authorization code to /auth/v1/callback, Cancel sends `error=access_denied` (as Google does).
// The scopes granted are those /auth/v1/authorize asked for, read from the flow state: never from the
// form, which anyone can edit. /__google/token and /__google/revoke live in google-oauth.ts.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SEEDED_CLINICIANS } from '../../fixtures/seed.ts';
import type { PlatformContext } from '../context.ts';
import { drain, escapeHtml, readBody, redirect } from '../http.ts';
import { handleGoogleOAuth } from './google-oauth.ts';
import { GOOGLE_CONSENT_PATH, issuerOf, LOCAL_GOOGLE_CLIENT_ID } from './routes.ts';

export const GOOGLE_CHOOSE_PATH = `${GOOGLE_CONSENT_PATH}/choose`;

function page(title: string, body: string, formAction = "'self'"): { html: string; csp: string } {
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}
.banner{border:2px dashed #b45309;background:#fffbeb;padding:.75rem 1rem;border-radius:.5rem}
ul{list-style:none;padding:0}li{margin:.5rem 0}
button{width:100%;text-align:left;padding:.75rem 1rem;border:1px solid #9ca3af;border-radius:.5rem;background:#fff;font:inherit;cursor:pointer}
button:hover,button:focus-visible{border-color:#1d4ed8;outline:3px solid #93c5fd}
.email,.note{display:block;color:#4b5563;font-size:.9rem}.note{font-style:italic}.cancel{text-align:center;margin-top:1.5rem}
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
  const csp = `default-src 'none'; style-src 'unsafe-inline'; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`;
  return { html, csp };
}

function sendPage(res: ServerResponse, status: number, content: { html: string; csp: string }): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': content.csp,
    'X-Content-Type-Options': 'nosniff',
    // same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` with the chooser's form
    // POST, which the platform's guard must treat as a foreign page (emulators/guard.ts).
    'Referrer-Policy': 'same-origin',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(content.html),
  });
  res.end(content.html);
}

/** Google's error page (the chooser's paths answer HTML, also for the input layer's refusals). */
export function errorPage(res: ServerResponse, status: number, error: string, detail: string): void {
  sendPage(
    res,
    status,
    page(
      `Error ${status}: ${error}`,
      `<h1>Error ${status}: ${escapeHtml(error)}</h1><p>${escapeHtml(detail)}</p><p>HomeRounds local platform (stand-in for Google sign-in).</p>`,
    ),
  );
}

async function flowState(
  ctx: PlatformContext,
  state: string,
): Promise<{ redirect_to: string; scopes: string } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(state)) return undefined;
  const { rows } = await ctx.db.query<{ redirect_to: string; scopes: string }>(
    'select redirect_to, scopes from local_oauth.flow_states where id = $1',
    [state],
  );
  return rows[0];
}

/** GoTrue asks Google for `email profile` plus the app's scopes (auth-rest-calendar.md §0 item 7). */
function grantedScope(flow: { scopes: string } | undefined): string {
  return ['email', 'profile', ...(flow?.scopes ?? '').split(' ').filter(Boolean)].join(' ');
}

export async function handleGoogle(
  ctx: PlatformContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  if (await handleGoogleOAuth(ctx, req, res, url)) return;
  const callbackUrl = `${issuerOf(ctx)}/callback`;
  if (url.pathname === GOOGLE_CONSENT_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
    drain(req);
    const q = url.searchParams;
    const state = q.get('state') ?? '';
    if (q.get('client_id') !== LOCAL_GOOGLE_CLIENT_ID) {
      return errorPage(res, 401, 'invalid_client', 'The OAuth client was not found.');
    }
    if (q.get('redirect_uri') !== callbackUrl) {
      return errorPage(
        res,
        400,
        'redirect_uri_mismatch',
        'The redirect URI in the request does not match the local platform.',
      );
    }
    if (!state || q.get('response_type') !== 'code') {
      return errorPage(res, 400, 'invalid_request', 'Required parameter is missing: state or response_type=code.');
    }
    const flow = await flowState(ctx, state);
    const users = await ctx.db.query<{ email: string; name: string | null }>(
      `select email, raw_user_meta_data ->> 'full_name' as name from auth.users
       order by coalesce(array_position($1::text[], email::text), 1000), email`,
      [SEEDED_CLINICIANS.map((c) => c.email)],
    );
    const specials = new Map(SEEDED_CLINICIANS.map((c) => [c.email, c.special]));
    const specialText = {
      'profile-missing': 'Test account: no profile row',
      'no-events': 'Test account: no calendar events',
    };
    const scope = grantedScope(flow);
    const hidden = ['state', 'redirect_uri']
      .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(q.get(name) ?? '')}">`)
      .join('');
    const buttons = users.rows
      .map(
        (u) =>
          `<li><button type="submit" name="login_hint" value="${escapeHtml(u.email)}"><strong>${escapeHtml(u.name ?? u.email)}</strong><span class="email">${escapeHtml(u.email)}</span>${
            specials.get(u.email)
              ? `<span class="note">${specialText[specials.get(u.email) as keyof typeof specialText]}</span>`
              : ''
          }</button></li>`,
      )
      .join('\n');
    const scopes = scope
      .split(' ')
      .filter(Boolean)
      .map((s) => `<li><code>${escapeHtml(s)}</code></li>`)
      .join('');
    let redirectOrigin = '';
    try {
      redirectOrigin = flow ? new URL(flow.redirect_to).origin : '';
    } catch {
      redirectOrigin = '';
    }
    const formAction = ["'self'", redirectOrigin].filter(Boolean).join(' ');
    const body = `<p class="banner" role="note"><strong>Local sign-in</strong> — stands in for Google's consent screen, HomeRounds local platform. No real Google account is used.</p>
<h1>Choose an account</h1>
<p>to continue to HomeRounds</p>
<form method="post" action="${GOOGLE_CHOOSE_PATH}">
${hidden}
<ul aria-label="Seeded clinicians">
${buttons}
</ul>
<details><summary>Access requested</summary><ul>${scopes}</ul></details>
<p class="cancel"><button type="submit" name="cancel" value="1" formnovalidate>Cancel</button></p>
</form>`;
    return sendPage(res, 200, page('Local sign-in — HomeRounds', body, formAction));
  }
  if (url.pathname === GOOGLE_CHOOSE_PATH && req.method === 'POST') {
    const form = new URLSearchParams(await readBody(req));
    const state = form.get('state') ?? '';
    if (form.get('redirect_uri') !== callbackUrl || !state) {
      return errorPage(res, 400, 'invalid_request', 'The sign-in form was incomplete; start the sign-in again.');
    }
    const target = new URL(callbackUrl);
    target.searchParams.set('state', state);
    if (form.get('cancel')) {
      target.searchParams.set('error', 'access_denied');
      return redirect(res, target.toString());
    }
    const email = form.get('login_hint') ?? '';
    const known = await ctx.db.query('select 1 from auth.users where lower(email) = lower($1)', [email]);
    if (known.rows.length === 0) return errorPage(res, 400, 'invalid_request', 'Unknown account.');
    const code = `4/0local-${randomBytes(24).toString('base64url')}`;
    // What /authorize asked for (a `scope` field in the form is ignored: it would let anyone widen it).
    const scope = grantedScope(await flowState(ctx, state));
    await ctx.db.query(
      'insert into local_oauth.google_codes (code, state, email, scopes, created_at) values ($1, $2::uuid, $3, $4, $5)',
      [code, /^[0-9a-f-]{36}$/i.test(state) ? state : '00000000-0000-0000-0000-000000000000', email, scope, ctx.now()],
    );
    target.searchParams.set('code', code);
    target.searchParams.set('scope', scope);
    target.searchParams.set('authuser', '0');
    target.searchParams.set('prompt', 'consent');
    return redirect(res, target.toString());
  }
  drain(req);
  const allowed = url.pathname === GOOGLE_CHOOSE_PATH ? 'POST' : url.pathname === GOOGLE_CONSENT_PATH ? 'GET' : '';
  if (allowed) {
    res.setHeader('Allow', allowed);
    return errorPage(res, 405, 'method_not_allowed', `Use ${allowed}.`);
  }
  errorPage(res, 404, 'not_found', 'The requested URL was not found on this server.');
}
