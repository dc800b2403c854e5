// The one request every server-function client makes: where it goes, what it carries, and how a failure to reach
// the server differs from the caller giving up.
import { describe, expect, it } from 'vitest';
import { functionUrl, postFunction } from '../../../core/functions/post-function.ts';

describe('postFunction', () => {
  it('POSTs the JSON body to /functions/v1/<name> with the anon key and the session', async () => {
    const seen: { url: string; init: RequestInit | undefined }[] = [];
    const response = await postFunction(
      {
        supabaseUrl: 'https://ref.supabase.co/',
        anonKey: 'anon',
        accessToken: 'session',
        fetch: async (url, init) => {
          seen.push({ url, init });
          return new Response('{"ok":true}', { status: 200 });
        },
      },
      'mileage',
      { month: '2026-11' },
    );
    expect(await response?.json()).toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe('https://ref.supabase.co/functions/v1/mileage');
    expect(seen[0]?.init).toMatchObject({
      method: 'POST',
      headers: { apikey: 'anon', Authorization: 'Bearer session', 'Content-Type': 'application/json' },
      body: '{"month":"2026-11"}',
    });
  });

  it('answers null when nothing answered, and rethrows when the caller aborted', async () => {
    const unreachable = { supabaseUrl: 'http://x', anonKey: 'a', accessToken: 't' };
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await postFunction({ ...unreachable, fetch: offline }, 'drive-times', {})).toBeNull();
    const controller = new AbortController();
    controller.abort();
    const aborted = async () => {
      throw new DOMException('aborted', 'AbortError');
    };
    await expect(
      postFunction({ ...unreachable, fetch: aborted, signal: controller.signal }, 'drive-times', {}),
    ).rejects.toThrow('aborted');
  });

  it('drops trailing slashes from the base', () => {
    expect(functionUrl('http://127.0.0.1:54321///', 'locations')).toBe('http://127.0.0.1:54321/functions/v1/locations');
  });
});
