// POST /__local/credentials: the development secrets `homerounds … --local` asks the running platform for
// (cli/config/local-credentials.ts), so the built CLI carries none. A development hook like the others: JSON from
// the platform's own origin or a non-browser client, never to another site's page, never cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localCredentials } from '../../cli/config/local-credentials.ts';
import { LOCAL_ADMIN_SECRET, LOCAL_TOOLS_SECRET, LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/local-secrets.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startLocalPlatform();
});
afterAll(async () => {
  await platform?.close();
});

describe('the local platform gives the CLI its development secrets', () => {
  it('answers the CLI with the three it needs, uncacheable', async () => {
    const response = await fetch(`${platform.url}/__local/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toContain('no-store');
    expect(await response.json()).toEqual({
      voicePrivateKey: LOCAL_VOICE_PRIVATE_KEY,
      adminSecret: LOCAL_ADMIN_SECRET,
      toolsSecret: LOCAL_TOOLS_SECRET,
    });
    expect(await localCredentials(platform.url)).toEqual({
      voicePrivateKey: LOCAL_VOICE_PRIVATE_KEY,
      adminSecret: LOCAL_ADMIN_SECRET,
      toolsSecret: LOCAL_TOOLS_SECRET,
    });
  });

  it("refuses another site's page, a form post and a GET", async () => {
    const foreign = await fetch(`${platform.url}/__local/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
    const form = await fetch(`${platform.url}/__local/credentials`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBeGreaterThanOrEqual(400);
    expect(JSON.stringify(await form.json())).not.toContain(LOCAL_VOICE_PRIVATE_KEY);
    const get = await fetch(`${platform.url}/__local/credentials`);
    expect(get.status).toBe(405);
  });

  it('the CLI says how to start the platform when none answers', async () => {
    await expect(localCredentials('http://127.0.0.1:9')).rejects.toThrow(
      /not reachable at http:\/\/127\.0\.0\.1:9\. Start it with `npm start`/,
    );
  });
});
