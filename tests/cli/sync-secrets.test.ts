// What export writes in place of secrets (pure, no platform): every known secret field and credential header
// becomes a `${env:NAME}` named for the resource and the field, the tools server's header keeps its own
// placeholder, and a secret that is not text is left out and listed.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: literal ${env:…} references.
import { describe, expect, it } from 'vitest';
import { envRefsIn, fillEnvRefs, maskSecrets, secretsToEnv } from '../../cli/handlers/sync-secrets.ts';
import { TOOLS_SECRET_PLACEHOLDER } from '../../cli/templates/tools-server.ts';

describe('secretsToEnv', () => {
  it('replaces server.secret, provider tokens, inline credentials and credential headers, keeping the rest', () => {
    const { body, env, omitted } = secretsToEnv(
      {
        name: 'desk',
        server: { url: 'https://x', secret: 'legacy-secret', headers: { 'X-Vapi-Secret': 'tools', Accept: 'json' } },
        vonageApiSecret: 'vonage',
        credentials: [{ provider: 'deepgram', apiKey: 'dg' }],
        model: { tools: [{ function: { name: 'book' }, server: { headers: { Authorization: 'Bearer b' } } }] },
        credentialId: 'cred-1',
        privateKey: { pem: 'not text' },
      },
      ['assistant', 'front-desk~2'],
    );
    expect(body).toEqual({
      name: 'desk',
      server: {
        url: 'https://x',
        secret: '${env:ASSISTANT_FRONT_DESK_2_SERVER_SECRET}',
        headers: { 'X-Vapi-Secret': TOOLS_SECRET_PLACEHOLDER, Accept: 'json' },
      },
      vonageApiSecret: '${env:ASSISTANT_FRONT_DESK_2_VONAGE_API_SECRET}',
      credentials: [{ provider: 'deepgram', apiKey: '${env:ASSISTANT_FRONT_DESK_2_CREDENTIALS_DEEPGRAM_API_KEY}' }],
      model: {
        tools: [
          {
            function: { name: 'book' },
            server: {
              headers: { Authorization: '${env:ASSISTANT_FRONT_DESK_2_MODEL_TOOLS_BOOK_SERVER_HEADERS_AUTHORIZATION}' },
            },
          },
        ],
      },
      credentialId: 'cred-1',
    });
    expect(env).toHaveLength(4);
    expect(omitted).toEqual(['privateKey']);
    expect(JSON.stringify(body)).not.toMatch(/legacy-secret|vonage"|"dg"|Bearer b|:"tools"/);
  });

  it('round-trips through the environment, and masks what is shown', () => {
    const { body, env } = secretsToEnv({ twilioAuthToken: 'tok' }, ['phone-number', '+15550100']);
    expect(env).toEqual(['PHONE_NUMBER_15550100_TWILIO_AUTH_TOKEN']);
    expect(envRefsIn(body)).toEqual(env);
    expect(fillEnvRefs(body, { PHONE_NUMBER_15550100_TWILIO_AUTH_TOKEN: 'tok' })).toEqual({ twilioAuthToken: 'tok' });
    expect(maskSecrets({ twilioAuthToken: 'tok', name: 'n' })).toEqual({ twilioAuthToken: '***', name: 'n' });
    expect(maskSecrets(body)).toEqual(body);
  });
});
