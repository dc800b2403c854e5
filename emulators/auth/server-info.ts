// GET /settings, /health and /.well-known/jwks.json: what this GoTrue offers (Google only, no signups).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PlatformContext } from '../context.ts';
import { corsHeaders, drain, sendJson } from '../http.ts';

export const GOTRUE_VERSION = 'v2.189.0';

export async function settings(_ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  sendJson(
    res,
    200,
    {
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        email: false,
        facebook: false,
        github: false,
        gitlab: false,
        google: true,
        keycloak: false,
        linkedin_oidc: false,
        notion: false,
        phone: false,
        slack_oidc: false,
        spotify: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
      },
      disable_signup: true,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      saml_private_key_next_configured: false,
      passkeys_enabled: false,
    },
    corsHeaders(req),
  );
}

export async function health(ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  // GoTrue's health answers while its database answers; without it, the 503 of the server's outage path.
  await ctx.db.query('select 1');
  sendJson(
    res,
    200,
    {
      version: `${GOTRUE_VERSION}-homerounds-local`,
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    },
    corsHeaders(req),
  );
}

export async function jwks(_ctx: PlatformContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  drain(req);
  sendJson(res, 200, { keys: [] }, corsHeaders(req));
}
