// @vitest-environment happy-dom
// The text chat: the chat client's requests (production and local), the transcript (role and text,
// never HTML, announced politely), errors, example phrases asked in the chat, and voice transcripts
// joining the same conversation.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readAccessToken } from '../../web/src/adapters/voice/access-token.ts';
import {
  CHAT_UNAVAILABLE_MESSAGE,
  type ChatClient,
  createChatClient,
} from '../../web/src/adapters/voice/chat-client.ts';
import { type VoiceClient, VoiceEmitter } from '../../web/src/adapters/voice/voice-client.ts';
import { createVoiceWidgetFace } from '../../web/src/adapters/voice/widget-ports.ts';
import { readVoiceConfig } from '../../web/src/app/config.ts';
import { AssistantPanel, EXAMPLE_PHRASES } from '../../web/src/features/assistant/assistant-panel.tsx';
import { deferred } from './web-test-kit.tsx';

afterEach(cleanup);

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('chat client', () => {
  it('production: POST {base}/chat/web with the public key, and keeps previousChatId', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(201, { id: 'chat-1', output: [{ role: 'assistant', content: 'Hi!' }] }),
    );
    const chat = createChatClient({
      mode: 'vapi',
      apiBaseUrl: 'https://api.vapi.ai',
      publicKey: 'pk',
      assistantId: 'asst',
      getAccessToken: () => 'user-jwt',
      fetch,
    });
    expect(await chat.send('hello')).toEqual({ id: 'chat-1', text: 'Hi!' });
    await chat.send('again');
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.vapi.ai/chat/web');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer pk');
    expect(JSON.parse(String(init.body))).toEqual({ assistantId: 'asst', input: 'again', previousChatId: 'chat-1' });
  });

  it("local: the user's access token is the Bearer (the assistant knows the clinician)", async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { id: 'c', output: [{ role: 'assistant', content: 'ok' }] }));
    const chat = createChatClient({
      mode: 'local',
      apiBaseUrl: 'http://127.0.0.1:8787',
      publicKey: 'local-pk',
      assistantId: 'homerounds-local-assistant',
      getAccessToken: () => 'user-jwt',
      fetch,
    });
    await chat.send('hi');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8787/chat/web');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer user-jwt');
  });

  it('reports the platform message, a network failure and missing configuration', async () => {
    const failing = createChatClient({
      mode: 'vapi',
      apiBaseUrl: 'https://api.vapi.ai',
      publicKey: 'pk',
      assistantId: 'asst',
      fetch: async () => jsonResponse(401, { message: 'Invalid Key.', statusCode: 401 }),
    });
    await expect(failing.send('x')).rejects.toThrow('Invalid Key.');
    const offline = createChatClient({
      mode: 'vapi',
      apiBaseUrl: 'https://api.vapi.ai',
      publicKey: 'pk',
      assistantId: 'asst',
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(offline.send('x')).rejects.toThrow('Network error. Please check your connection and try again.');
    const unconfigured = createChatClient({ mode: 'vapi', apiBaseUrl: '', publicKey: null, assistantId: 'a' });
    await expect(unconfigured.send('x')).rejects.toThrow(CHAT_UNAVAILABLE_MESSAGE);
  });
});

describe('configuration', () => {
  it('uses the SDK with a public key, the local platform without one; the test override only locally', () => {
    expect(readVoiceConfig({ VITE_VAPI_PUBLIC_KEY: 'pk', VITE_VAPI_ASSISTANT_ID: 'a' }, 'http://x')).toEqual({
      mode: 'vapi',
      apiBaseUrl: 'https://api.vapi.ai',
      publicKey: 'pk',
      assistantId: 'a',
    });
    const local = readVoiceConfig({}, 'http://127.0.0.1:8787');
    expect(local).toMatchObject({
      mode: 'local',
      apiBaseUrl: 'http://127.0.0.1:8787',
      assistantId: 'homerounds-local-assistant',
    });
    expect(local.publicKey).toMatch(/^local-public-/);
    const override = { voice: { publicKey: null, assistantId: null } };
    expect(readVoiceConfig({}, 'http://x', override)).toMatchObject({ publicKey: null, assistantId: null });
    expect(readVoiceConfig({ VITE_VAPI_PUBLIC_KEY: 'pk' }, 'http://x', override).publicKey).toBe('pk');
    // Hosted without a voice key: no local fallback, the widget reports missing credentials.
    expect(
      readVoiceConfig({ VITE_SUPABASE_URL: 'https://p.supabase.co', VITE_VAPI_ASSISTANT_ID: 'a' }, 'http://x', {
        voice: { publicKey: 'injected' },
      }),
    ).toEqual({ mode: 'vapi', apiBaseUrl: 'https://api.vapi.ai', publicKey: null, assistantId: 'a' });
  });

  it("reads the access token from supabase-js's stored session", () => {
    const storage = new Map([['sb-127-auth-token', JSON.stringify({ access_token: 'jwt-1' })]]);
    expect(readAccessToken('http://127.0.0.1:8787', { getItem: (k) => storage.get(k) ?? null })).toBe('jwt-1');
    expect(readAccessToken('http://127.0.0.1:8787', { getItem: () => 'not json' })).toBeNull();
  });
});

function panel(chat: ChatClient) {
  const emitter = new VoiceEmitter();
  const client: VoiceClient = {
    kind: 'local',
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    start: async () => ({ id: 'call' }),
    stop: async () => {},
    setMuted: () => {},
    send: () => {},
    isActive: () => false,
    canListen: () => true,
  };
  const face = createVoiceWidgetFace(async () => client, {});
  render(<AssistantPanel services={{ voice: { publicKey: 'pk', assistantId: 'asst' }, face, chat }} />);
  return { emitter, face };
}

describe('AssistantPanel chat', () => {
  it('sends a typed question and shows both turns as text in a polite live log', async () => {
    const reply = deferred<{ id: string; text: string }>();
    const send = vi.fn(() => reply.promise);
    panel({ send, reset: () => {} });
    const log = screen.getByRole('log', { name: 'Conversation with the assistant' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    const input = screen.getByLabelText('Message to the assistant');
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'What are my appointments tomorrow?' } });
    fireEvent.click(button);
    expect(send).toHaveBeenCalledWith('What are my appointments tomorrow?');
    expect(within(log).getByText('What are my appointments tomorrow?')).toBeTruthy();
    expect(screen.getByText('Assistant is thinking...')).toBeTruthy();
    await act(async () =>
      reply.resolve({ id: 'c1', text: '<b>1. 9:00 AM Wound care — Ana Ruiz</b><script>x()</script>' }),
    );
    const answer = await within(log).findByText('<b>1. 9:00 AM Wound care — Ana Ruiz</b><script>x()</script>');
    expect(answer.closest('[data-role]')?.getAttribute('data-role')).toBe('assistant');
    expect(log.querySelector('b, script')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('shows the error of a failed chat', async () => {
    panel({
      send: async () => {
        throw new Error('Network error. Please check your connection and try again.');
      },
      reset: () => {},
    });
    fireEvent.change(screen.getByLabelText('Message to the assistant'), { target: { value: 'hi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Network error. Please check your connection and try again.',
    );
  });

  it('asks an example phrase in the chat', async () => {
    const send = vi.fn(async () => ({ id: 'c', text: 'Best order for tomorrow: …' }));
    panel({ send, reset: () => {} });
    expect(EXAMPLE_PHRASES).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: /Optimize my route for tomorrow/ }));
    expect(send).toHaveBeenCalledWith('Optimize my route for tomorrow.');
    await screen.findByText('Best order for tomorrow: …');
  });

  it('adds the voice call’s final transcripts to the same conversation', async () => {
    const { emitter, face } = panel({ send: vi.fn(), reset: () => {} });
    await act(async () => face.loadClient(new AbortController().signal));
    act(() => {
      emitter.emit('message', { type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'What' });
      emitter.emit('message', {
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: 'What is next?',
      });
      emitter.emit('message', {
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'A visit.',
      });
    });
    const log = screen.getByRole('log');
    expect(within(log).getByText('What is next?')).toBeTruthy();
    expect(within(log).getByText('A visit.')).toBeTruthy();
    expect(within(log).queryByText('What')).toBeNull();
    expect(within(log).getAllByText(/\(voice\)/)).toHaveLength(2);
    await waitFor(() => expect(within(log).getByText('A visit.')).toBeTruthy());
  });
});
