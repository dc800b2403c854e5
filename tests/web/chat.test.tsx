// @vitest-environment happy-dom
// The text chat: the chat client's requests (production and local: the call token in assistantOverrides,
// never a Supabase token), the transcript (role and text, never HTML, announced politely), errors,
// example phrases asked in the chat, voice transcripts joining the same conversation, and what the
// assistant's tool results make the panel do (tell the dashboard; offer "Allow calendar changes").
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { CallTokenError } from '../../web/src/adapters/call-token.ts';
import { readAccessToken } from '../../web/src/adapters/voice/access-token.ts';
import {
  CHAT_UNAVAILABLE_MESSAGE,
  type ChatClient,
  type ChatReply,
  createChatClient,
  turnToolResults,
} from '../../web/src/adapters/voice/chat-client.ts';
import { type VoiceClient, VoiceEmitter } from '../../web/src/adapters/voice/voice-client.ts';
import { createVoiceWidgetFace } from '../../web/src/adapters/voice/widget-ports.ts';
import { readVoiceConfig } from '../../web/src/app/config.ts';
import {
  ALLOW_CALENDAR_CHANGES_TEXT,
  AssistantPanel,
  EXAMPLE_PHRASES,
  WRITE_ACCESS_NOTE,
} from '../../web/src/features/assistant/assistant-panel.tsx';
import type { AssistantServices } from '../../web/src/features/assistant/assistant-services.ts';
import { AuthProvider, useAuthActions, useAuthView } from '../../web/src/features/auth/auth-context.tsx';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';
import { allowConsoleError } from './console-guard.ts';
import { ADA, deferred, fakeAuth } from './web-test-kit.tsx';

afterEach(cleanup);

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const OVERRIDES = { variableValues: { [CALL_TOKEN_VARIABLE]: 'call-token-1' } };

describe('chat client', () => {
  it('production: POST {base}/chat/web with the public key and the call token, continuing the session', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(201, { id: 'chat-1', sessionId: 'session-1', output: [{ role: 'assistant', content: 'Hi!' }] }),
    );
    const chat = createChatClient({
      mode: 'vapi',
      apiBaseUrl: 'https://api.vapi.ai',
      publicKey: 'pk',
      assistantId: 'asst',
      getCallToken: async () => 'call-token-1',
      fetch,
    });
    expect(await chat.send('hello')).toEqual({ id: 'chat-1', text: 'Hi!', toolResults: [] });
    await chat.send('again');
    const [first, second] = fetch.mock.calls as unknown as Array<[string, RequestInit]>;
    expect(JSON.parse(String(first?.[1].body))).toEqual({
      assistantId: 'asst',
      input: 'hello',
      assistantOverrides: OVERRIDES,
    });
    const [url, init] = second as [string, RequestInit];
    expect(url).toBe('https://api.vapi.ai/chat/web');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer pk');
    // CreateWebChatDTO continues by sessionId (it has no previousChatId).
    expect(JSON.parse(String(init.body))).toEqual({
      assistantId: 'asst',
      input: 'again',
      assistantOverrides: OVERRIDES,
      sessionId: 'session-1',
    });
  });

  it('local: the local public key is the Bearer, the call token rides in assistantOverrides, previousChatId continues', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { id: 'c', output: [{ role: 'assistant', content: 'ok' }] }));
    const chat = createChatClient({
      mode: 'local',
      apiBaseUrl: 'http://127.0.0.1:8787',
      publicKey: 'local-pk',
      assistantId: 'homerounds-local-assistant',
      getCallToken: async () => 'call-token-1',
      fetch,
    });
    await chat.send('hi');
    await chat.send('and then?');
    const [url, init] = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe('http://127.0.0.1:8787/chat/web');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer local-pk');
    expect(JSON.parse(String(init.body))).toEqual({
      assistantId: 'homerounds-local-assistant',
      input: 'and then?',
      assistantOverrides: OVERRIDES,
      previousChatId: 'c',
    });
  });

  it('signed out: no overrides; a call token that cannot be had fails the turn with a readable message', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { id: 'c', output: [] }));
    const signedOut = createChatClient({
      mode: 'local',
      apiBaseUrl: 'http://x',
      publicKey: 'pk',
      assistantId: 'a',
      getCallToken: async () => null,
      fetch,
    });
    await signedOut.send('hi');
    expect(JSON.parse(String((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual({
      assistantId: 'a',
      input: 'hi',
    });
    const failing = (error: unknown) =>
      createChatClient({
        mode: 'local',
        apiBaseUrl: 'http://x',
        publicKey: 'pk',
        assistantId: 'a',
        getCallToken: async () => {
          throw error;
        },
        fetch,
      });
    await expect(failing(new CallTokenError(503)).send('x')).rejects.toThrow('Could not get a call token (503).');
    await expect(failing(new TypeError('Failed to fetch')).send('x')).rejects.toThrow(
      'Network error. Please check your connection and try again.',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("returns the turn's tool results: output items and messages after the last user message, once each", async () => {
    const done = JSON.stringify({ status: 'done', say: 'Moved.', calendarChanged: true });
    const earlier = JSON.stringify({ status: 'answer', say: 'Three visits.' });
    expect(
      turnToolResults({
        messages: [
          { role: 'user', content: 'What is tomorrow?' },
          { role: 'tool', content: earlier, tool_call_id: 't0' },
          { role: 'assistant', content: 'Three visits.' },
          { role: 'user', content: 'Move Ana to 3 pm' },
          { role: 'assistant', content: null, tool_calls: [{ id: 't1' }] },
          { role: 'tool', content: done, tool_call_id: 't1' },
        ],
        output: [
          { role: 'tool', content: done, tool_call_id: 't1' },
          { role: 'assistant', content: 'Moved.' },
        ],
      }),
    ).toEqual([done]);
    const fetch = vi.fn(async () =>
      jsonResponse(201, {
        id: 'c',
        output: [
          { role: 'assistant', content: null, tool_calls: [{ id: 't1' }] },
          { role: 'tool', content: done, tool_call_id: 't1' },
          { role: 'assistant', content: 'Moved.' },
        ],
      }),
    );
    const chat = createChatClient({ mode: 'vapi', apiBaseUrl: 'http://x', publicKey: 'pk', assistantId: 'a', fetch });
    expect(await chat.send('Move Ana to 3 pm')).toEqual({ id: 'c', text: 'Moved.', toolResults: [done] });
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

/** The panel as the dashboard wires it: the consent to calendar changes runs in the auth machine. */
function WiredPanel(props: { services: AssistantServices; onCalendarChanged?: () => void }) {
  const { allowCalendarChanges } = useAuthActions();
  const { askingWriteAccess, writeAccessError } = useAuthView();
  return (
    <AssistantPanel
      services={props.services}
      onCalendarChanged={props.onCalendarChanged}
      writeAccess={{ onAllow: allowCalendarChanges, asking: askingWriteAccess, error: writeAccessError }}
    />
  );
}

function panel(
  chat: ChatClient,
  props: { onCalendarChanged?: () => void; askWriteAccess?: () => Promise<void>; locale?: 'en' | 'es' } = {},
) {
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
  const services = { voice: { publicKey: 'pk', assistantId: 'asst' }, face, chat };
  // The consent runs in the auth machine, as on the dashboard: a signed-in clinician's session.
  const auth = fakeAuth({ user: ADA, profile: null });
  if (props.askWriteAccess) auth.ports.askWriteAccess = props.askWriteAccess;
  const wired = (
    <AuthProvider ports={auth.ports}>
      <WiredPanel services={services} onCalendarChanged={props.onCalendarChanged} />
    </AuthProvider>
  );
  render(props.locale ? <I18nProvider initialLocale={props.locale}>{wired}</I18nProvider> : wired);
  return { emitter, face };
}

describe('AssistantPanel chat', () => {
  it('sends a typed question and shows both turns as text in a polite live log', async () => {
    const reply = deferred<ChatReply>();
    const send = vi.fn(() => reply.promise);
    panel({ send, reset: () => {} });
    const log = screen.getByRole('log', { name: 'Conversation with the assistant' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    const input = screen.getByLabelText('Message to the assistant');
    const button = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'What are my appointments tomorrow?' } });
    fireEvent.click(button);
    expect(send).toHaveBeenCalledWith('What are my appointments tomorrow?', expect.any(AbortSignal));
    expect(within(log).getByText('What are my appointments tomorrow?')).toBeTruthy();
    expect(screen.getByText('Assistant is thinking...')).toBeTruthy();
    await act(async () =>
      reply.resolve({ id: 'c1', text: '<b>1. 9:00 AM Wound care — Ana Ruiz</b><script>x()</script>', toolResults: [] }),
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
    const send = vi.fn(
      async (): Promise<ChatReply> => ({ id: 'c', text: 'Best order for tomorrow: …', toolResults: [] }),
    );
    panel({ send, reset: () => {} });
    expect(EXAMPLE_PHRASES).toHaveLength(6);
    const phrase = screen.getByRole('button', { name: /Optimize my route for tomorrow/ }) as HTMLButtonElement;
    phrase.focus();
    fireEvent.click(phrase);
    expect(send).toHaveBeenCalledWith('Optimize my route for tomorrow.', expect.any(AbortSignal));
    // While the assistant answers, the phrases are aria-disabled (not disabled): focus stays on the phrase.
    expect(phrase.getAttribute('aria-disabled')).toBe('true');
    expect(phrase.disabled).toBe(false);
    expect(document.activeElement).toBe(phrase);
    fireEvent.click(screen.getByRole('button', { name: /What are my appointments tomorrow/ }));
    expect(send).toHaveBeenCalledTimes(1);
    await screen.findByText('Best order for tomorrow: …');
    expect(document.activeElement).toBe(phrase);
  });

  it('keeps focus in the message box after Send (which disables itself)', async () => {
    const send = vi.fn(async (): Promise<ChatReply> => ({ id: 'c', text: 'Done.', toolResults: [] }));
    panel({ send, reset: () => {} });
    const input = screen.getByLabelText('Message to the assistant');
    fireEvent.change(input, { target: { value: 'Who is next?' } });
    const sendButton = screen.getByRole('button', { name: 'Send' });
    sendButton.focus();
    fireEvent.click(sendButton);
    expect(document.activeElement).toBe(input);
    await screen.findByText('Done.');
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

const DONE = JSON.stringify({ status: 'done', say: 'I moved Ana Ruiz to 3:00 PM.', calendarChanged: true });
const PROPOSAL = JSON.stringify({ status: 'proposal', say: 'Shall I move Ana Ruiz to 3:00 PM?' });
const NEEDS_WRITE = JSON.stringify({
  status: 'needs_write_access',
  say: 'I need your permission to change your calendar.',
});

describe('AssistantPanel and the calendar', () => {
  it('tells the dashboard when a chat turn changed the calendar, not when it only proposed', async () => {
    const onCalendarChanged = vi.fn();
    const send = vi
      .fn<ChatClient['send']>()
      .mockResolvedValueOnce({ id: 'c1', text: 'Shall I move Ana Ruiz to 3:00 PM?', toolResults: [PROPOSAL] })
      .mockResolvedValueOnce({ id: 'c2', text: 'I moved Ana Ruiz to 3:00 PM.', toolResults: [DONE] });
    panel({ send, reset: () => {} }, { onCalendarChanged });
    const input = screen.getByLabelText('Message to the assistant');
    fireEvent.change(input, { target: { value: 'Move Ana to 3 pm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Shall I move Ana Ruiz to 3:00 PM?');
    expect(onCalendarChanged).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: 'Yes' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('I moved Ana Ruiz to 3:00 PM.');
    expect(onCalendarChanged).toHaveBeenCalledTimes(1);
  });

  it("tells the dashboard when a voice call's tool-calls-result says the calendar changed", async () => {
    const onCalendarChanged = vi.fn();
    const { emitter, face } = panel({ send: vi.fn(), reset: () => {} }, { onCalendarChanged });
    await act(async () => face.loadClient(new AbortController().signal));
    act(() => {
      emitter.emit('message', {
        type: 'tool-calls-result',
        toolCallResult: { name: 'find_visit', toolCallId: 't0', result: PROPOSAL },
      });
    });
    expect(onCalendarChanged).not.toHaveBeenCalled();
    act(() => {
      emitter.emit('message', {
        type: 'tool-calls-result',
        toolCallResult: { name: 'move_visit', toolCallId: 't1', result: DONE },
      });
    });
    expect(onCalendarChanged).toHaveBeenCalledTimes(1);
  });

  it('offers "Allow calendar changes" when a tool needs write access, and starts the consent', async () => {
    const consent = deferred<void>();
    const askWriteAccess = vi.fn(() => consent.promise);
    const logged = allowConsoleError(/\[auth\] calendar consent failed/);
    panel(
      {
        send: async () => ({
          id: 'c',
          text: 'I need your permission to change your calendar.',
          toolResults: [NEEDS_WRITE],
        }),
        reset: () => {},
      },
      { askWriteAccess },
    );
    expect(screen.queryByRole('button', { name: ALLOW_CALENDAR_CHANGES_TEXT })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Reschedule my therapy session/ }));
    const allow = await screen.findByRole('button', { name: ALLOW_CALENDAR_CHANGES_TEXT });
    expect(screen.getByText(WRITE_ACCESS_NOTE)).toBeTruthy();
    fireEvent.click(allow);
    await waitFor(() => expect(askWriteAccess).toHaveBeenCalledTimes(1));
    expect((allow as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(allow); // once asked, a second click asks nothing more
    expect(askWriteAccess).toHaveBeenCalledTimes(1);
    await act(async () => consent.reject(new Error('popup closed')));
    expect((await screen.findByText(/Could not ask for calendar changes: popup closed/)).getAttribute('role')).toBe(
      'alert',
    );
    expect((allow as HTMLButtonElement).disabled).toBe(false);
    expect(logged.calls).toEqual(['[auth] calendar consent failed: popup closed']);
  });

  it('offers the consent from a voice tool result too, and hides it once a change went through', async () => {
    const { emitter, face } = panel({ send: vi.fn(), reset: () => {} }, { askWriteAccess: async () => {} });
    await act(async () => face.loadClient(new AbortController().signal));
    act(() => {
      emitter.emit('message', {
        type: 'tool-calls-result',
        toolCallResult: { name: 'book_visit', toolCallId: 't1', result: NEEDS_WRITE },
      });
    });
    expect(screen.getByRole('button', { name: ALLOW_CALENDAR_CHANGES_TEXT })).toBeTruthy();
    act(() => {
      emitter.emit('message', {
        type: 'tool-calls-result',
        toolCallResult: { name: 'book_visit', toolCallId: 't2', result: DONE },
      });
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: ALLOW_CALENDAR_CHANGES_TEXT })).toBeNull());
  });
});

describe('AssistantPanel in Spanish', () => {
  it('asks the Spanish example phrase, offers the consent in Spanish and says its failure in Spanish', async () => {
    const consent = deferred<void>();
    const askWriteAccess = vi.fn(() => consent.promise);
    allowConsoleError(/\[auth\] calendar consent failed/);
    const send = vi.fn(async () => ({
      id: 'c',
      text: 'Necesito su permiso para cambiar su calendario.',
      toolResults: [NEEDS_WRITE],
    }));
    panel({ send, reset: () => {} }, { askWriteAccess, locale: 'es' });
    fireEvent.click(
      await screen.findByRole('button', { name: '“Cambie mi sesión de terapia al jueves en la tarde.”' }),
    );
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith('Cambie mi sesión de terapia al jueves en la tarde.', expect.any(AbortSignal)),
    );
    const allow = await screen.findByRole('button', { name: 'Permitir cambios en el calendario' });
    expect(
      screen.getByText(
        'Para agendar, mover o cancelar visitas por usted, el asistente necesita su permiso para cambiar su Google Calendar.',
      ),
    ).toBeTruthy();
    fireEvent.click(allow);
    await waitFor(() => expect(askWriteAccess).toHaveBeenCalledTimes(1));
    await act(async () => consent.reject(new Error('popup closed')));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No se pudo pedir permiso para cambiar el calendario: popup closed',
    );
  });

  it('labels the voice call’s turns in Spanish and keeps what was said as said', async () => {
    const { emitter, face } = panel({ send: vi.fn(), reset: () => {} }, { locale: 'es' });
    await screen.findByRole('log', { name: 'Conversación con el asistente' });
    await act(async () => face.loadClient(new AbortController().signal));
    act(() => {
      emitter.emit('message', {
        type: 'transcript',
        transcriptType: 'final',
        role: 'user',
        transcript: 'What time is it?',
      });
      emitter.emit('message', {
        type: 'transcript',
        transcriptType: 'final',
        role: 'assistant',
        transcript: 'Son las 9.',
      });
    });
    const log = screen.getByRole('log');
    expect([...log.querySelectorAll('.chat-msg__role')].map((el) => el.textContent)).toEqual([
      'Usted (voz)',
      'Asistente (voz)',
    ]);
    expect(within(log).getByText('What time is it?')).toBeTruthy();
  });
});
