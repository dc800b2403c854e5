// @vitest-environment happy-dom
// The voice widget on the voice-widget machine over a fake voice client (behind the real face that
// turns the client's SDK-named events into the machine's notifications), and the production adapter's
// interop and listener order.
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { CALL_TOKEN_VARIABLE } from '../../core/assistant/contract.ts';
import { LISTENING_TIMEOUT_MESSAGE } from '../../machines/call-session/index.ts';
import { ASSISTANT_NOT_FOUND_MESSAGE } from '../../machines/voice-widget/index.ts';
import { unwrapVapiModule, wrapVapi } from '../../web/src/adapters/voice/vapi-client.ts';
import {
  type ClientMessage,
  type VoiceClient,
  type VoiceClientEventName,
  type VoiceClientEvents,
  VoiceEmitter,
} from '../../web/src/adapters/voice/voice-client.ts';
import {
  createVoiceWidgetFace,
  type MicrophoneDeps,
  NO_ANSWER_MESSAGE,
  requestMicrophoneAccess,
} from '../../web/src/adapters/voice/widget-ports.ts';
import { VoiceWidget } from '../../web/src/features/assistant/voice-widget.tsx';
import { I18nProvider } from '../../web/src/i18n/i18n-provider.tsx';
import { deferred } from './web-test-kit.tsx';

afterEach(cleanup);

interface FakeClient extends VoiceClient {
  emit<K extends VoiceClientEventName>(event: K, payload: VoiceClientEvents[K]): void;
  start: Mock<VoiceClient['start']>;
  stop: Mock<VoiceClient['stop']>;
  setMuted: Mock<VoiceClient['setMuted']>;
  send: Mock<VoiceClient['send']>;
  active: boolean;
}

function fakeClient(): FakeClient {
  const emitter = new VoiceEmitter();
  const client: FakeClient = {
    kind: 'local',
    active: false,
    on: (event, listener) => emitter.on(event, listener),
    off: (event, listener) => emitter.off(event, listener),
    emit: (event, payload) => emitter.emit(event, payload),
    start: vi.fn(async (_assistantId: string): Promise<{ id: string } | null> => {
      client.active = true;
      return { id: 'call-1' };
    }),
    stop: vi.fn(async () => {
      client.active = false;
    }),
    setMuted: vi.fn(),
    send: vi.fn((_message: ClientMessage) => {}),
    isActive: () => client.active,
    canListen: () => false,
  };
  return client;
}

const granted: MicrophoneDeps = {
  getUserMedia: async () => ({ getTracks: () => [{ stop() {} }] }) as unknown as MediaStream,
  queryPermission: async () => 'prompt',
};

function renderWidget(
  options: {
    client?: FakeClient;
    mic?: MicrophoneDeps;
    publicKey?: string | null;
    assistantId?: string | null;
    locale?: 'en' | 'es';
  } = {},
) {
  const client = options.client ?? fakeClient();
  const load = vi.fn(async () => client);
  const face = createVoiceWidgetFace(load, options.mic ?? granted);
  const widget = (
    <VoiceWidget
      face={face}
      publicKey={options.publicKey === undefined ? 'pk' : options.publicKey}
      assistantId={options.assistantId === undefined ? 'asst' : options.assistantId}
    />
  );
  render(options.locale ? <I18nProvider initialLocale={options.locale}>{widget}</I18nProvider> : widget);
  const root = document.querySelector('[data-machine="voice-widget"]') as HTMLElement;
  return { client, load, face, root, w: within(root) };
}

describe('VoiceWidget', () => {
  it('starts, connects on call-start, mutes only while connected, ends on call-end', async () => {
    const { client, load, root, w } = renderWidget();
    expect(w.getByRole('status').textContent).toBe('Ready');
    expect(w.getByRole('heading', { name: 'Talk with AI' })).toBeTruthy();
    expect(w.getByText('Click to start a voice conversation with your digital assistant')).toBeTruthy();
    expect(root.getAttribute('data-state')).toBe('running.ready');
    expect(w.queryByRole('button', { name: 'Mute' })).toBeNull();
    expect(load).not.toHaveBeenCalled();

    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    expect(w.getByRole('status').textContent).toBe('Connecting...');
    await waitFor(() => expect(client.start).toHaveBeenCalledWith('asst'));
    act(() => client.emit('call-start-progress', { stage: 'web-call-creation', status: 'completed', durationMs: 42 }));
    act(() => client.emit('call-start', undefined));
    await waitFor(() => expect(w.getByRole('status').textContent).toBe('Connected'));
    expect(w.getByRole('heading', { name: 'Call Active' })).toBeTruthy();
    expect(w.getByText('Speak naturally to schedule appointments, ask questions, or get help')).toBeTruthy();

    fireEvent.click(w.getByRole('button', { name: 'Mute' }));
    expect(client.setMuted).toHaveBeenLastCalledWith(true);
    expect(w.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(w.getByRole('button', { name: 'Unmute' }));
    expect(client.setMuted).toHaveBeenLastCalledWith(false);

    // The typed way in: what the user would say goes into the call.
    fireEvent.change(w.getByLabelText('Type what you would say'), { target: { value: 'Optimize my route' } });
    fireEvent.click(w.getByRole('button', { name: 'Say' }));
    expect(client.send).toHaveBeenCalledWith({
      type: 'add-message',
      message: { role: 'user', content: 'Optimize my route' },
    });

    fireEvent.click(w.getByRole('button', { name: 'End call' }));
    await waitFor(() => expect(client.stop).toHaveBeenCalled());
    expect(w.getByRole('status').textContent).toBe('Ending call...');
    act(() => client.emit('call-end', undefined));
    await waitFor(() => expect(w.getByRole('status').textContent).toBe('Ready'));
    expect(w.getByRole('heading', { name: 'Talk with AI' })).toBeTruthy();
  });

  it('maps an SDK error to the catalogue, shows the debug details, stops the call and recovers on Try Again', async () => {
    const { client, root, w } = renderWidget();
    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    act(() => {
      client.emit('meeting-state', 'joining-meeting');
      client.emit('call-start-progress', { stage: 'daily-call-join', status: 'started' });
      client.emit('call-start-progress', { stage: 'daily-call-join', status: 'failed', duration: 1234 });
      client.emit('error', { type: 'start-method-error', error: { message: 'TypeError: Failed to fetch' } });
    });
    const alert = await waitFor(() => w.getByRole('alert'));
    expect(within(alert).getByRole('heading', { name: 'AI Assistant Error' })).toBeTruthy();
    expect(within(alert).getByText('Network error. Please check your connection and try again.')).toBeTruthy();
    expect(within(alert).getByText('Allowed')).toBeTruthy();
    expect(within(alert).getAllByText('Present')).toHaveLength(2);
    const details = root.querySelector('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect(within(details).getByText('TypeError: Failed to fetch')).toBeTruthy();
    expect(within(details).getByText('joining-meeting')).toBeTruthy();
    expect(within(details).getByText('1234 ms')).toBeTruthy();
    expect(within(details).getAllByText('daily-call-join')).toHaveLength(2);
    expect(root.getAttribute('data-state')).toBe('running.error');
    await waitFor(() => expect(client.stop).toHaveBeenCalled());

    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(w.getByRole('status').textContent).toBe('Ready');
    expect(w.queryByRole('alert')).toBeNull();
  });

  it('says the AI did not answer when the assistant never said "listening" (not "Assistant not found")', async () => {
    const { client, w } = renderWidget();
    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    // The call-session machine's listening timeout, as the local client re-emits it.
    act(() => client.emit('error', { type: 'listening-timeout-error', error: { message: LISTENING_TIMEOUT_MESSAGE } }));
    const alert = await waitFor(() => w.getByRole('alert'));
    expect(alert.querySelector('.voice-widget__message')?.textContent).toBe(NO_ANSWER_MESSAGE);
    expect(within(alert).queryByText(ASSISTANT_NOT_FOUND_MESSAGE)).toBeNull();
    // Other errors that mention the assistant keep the catalogue's mapping.
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(client.start).toHaveBeenCalledTimes(2));
    act(() => client.emit('error', { type: 'start-method-error', error: { message: "Couldn't Get Assistant." } }));
    const again = await waitFor(() => w.getByRole('alert'));
    expect(again.querySelector('.voice-widget__message')?.textContent).toBe(ASSISTANT_NOT_FOUND_MESSAGE);
  });

  it('refuses to start without credentials and never loads the client', async () => {
    const { load, w } = renderWidget({ publicKey: null, assistantId: '' });
    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    const alert = await waitFor(() => w.getByRole('alert'));
    expect(
      within(alert).getByText(
        'Missing voice-AI credentials. Please add them to your .env file and restart the dev server.',
      ),
    ).toBeTruthy();
    expect(within(alert).getAllByText('Missing', { exact: true })).toHaveLength(2);
    expect(within(alert).getByText('Unknown')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('shows Blocked when the microphone is refused', async () => {
    const mic: MicrophoneDeps = {
      getUserMedia: async () => {
        throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
      },
    };
    const { client, w } = renderWidget({ mic });
    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    const alert = await waitFor(() => w.getByRole('alert'));
    expect(
      within(alert).getByText('Microphone access denied. Please allow microphone access and try again.'),
    ).toBeTruthy();
    expect(within(alert).getByText('Blocked')).toBeTruthy();
    expect(client.start).not.toHaveBeenCalled();
  });

  it('says Failed to start call when start() resolves null', async () => {
    const client = fakeClient();
    client.start.mockResolvedValueOnce(null);
    const { w } = renderWidget({ client });
    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(w.getByText('Failed to start call')).toBeTruthy());
  });

  it('stops a call left running before starting again', async () => {
    const client = fakeClient();
    const { w } = renderWidget({ client });
    client.active = true;
    fireEvent.click(w.getByRole('button', { name: 'Start call' }));
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    expect(client.stop.mock.invocationCallOrder[0]).toBeLessThan(client.start.mock.invocationCallOrder[0] as number);
  });
});

describe('VoiceWidget in Spanish', () => {
  it('says its statuses, titles and controls in Spanish through a call', async () => {
    const client = fakeClient();
    const load = vi.fn(async () => client);
    render(
      <I18nProvider initialLocale="es">
        <VoiceWidget face={createVoiceWidgetFace(load, granted)} publicKey="pk" assistantId="asst" />
      </I18nProvider>,
    );
    const root = (await screen.findByRole('heading', { name: 'Hable con la IA' })).closest(
      '[data-machine="voice-widget"]',
    ) as HTMLElement;
    const w = within(root);
    expect(w.getByRole('status').textContent).toBe('Listo');
    expect(w.getByText('Haga clic para iniciar una conversación de voz con su asistente digital')).toBeTruthy();
    fireEvent.click(w.getByRole('button', { name: 'Iniciar llamada' }));
    expect(w.getByRole('status').textContent).toBe('Conectando...');
    await waitFor(() => expect(client.start).toHaveBeenCalledWith('asst'));
    act(() => client.emit('call-start', undefined));
    await waitFor(() => expect(w.getByRole('status').textContent).toBe('Conectado'));
    expect(w.getByRole('heading', { name: 'Llamada activa' })).toBeTruthy();
    fireEvent.click(w.getByRole('button', { name: 'Silenciar' }));
    expect(w.getByRole('button', { name: 'Quitar silencio' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(w.getByLabelText('Escriba lo que diría'), { target: { value: '¿Quién sigue?' } });
    fireEvent.click(w.getByRole('button', { name: 'Decir' }));
    expect(client.send).toHaveBeenCalledWith({
      type: 'add-message',
      message: { role: 'user', content: '¿Quién sigue?' },
    });
    fireEvent.click(w.getByRole('button', { name: 'Terminar llamada' }));
    expect(w.getByRole('status').textContent).toBe('Terminando la llamada...');
  });

  it('maps an SDK error to the Spanish catalogue text; the debug details keep what the SDK said', async () => {
    const { client } = renderWidget({ locale: 'es' });
    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar llamada' }));
    const w = within(document.querySelector('[data-machine="voice-widget"]') as HTMLElement);
    await waitFor(() => expect(client.start).toHaveBeenCalled());
    act(() => client.emit('error', { type: 'start-method-error', error: { message: 'TypeError: Failed to fetch' } }));
    const alert = await waitFor(() => w.getByRole('alert'));
    expect(within(alert).getByRole('heading', { name: 'Error del asistente de IA' })).toBeTruthy();
    expect(alert.querySelector('.voice-widget__message')?.textContent).toBe(
      'Error de red. Revise su conexión e inténtelo de nuevo.',
    );
    expect(within(alert).getByText('Permitido')).toBeTruthy();
    expect(within(alert).getAllByText('Presente')).toHaveLength(2);
    expect(within(alert).getByText('TypeError: Failed to fetch')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(w.getByRole('status').textContent).toBe('Listo');
  });
});

describe('microphone request', () => {
  it('answers denied from the Permissions API without prompting, granted after getUserMedia', async () => {
    const getUserMedia = vi.fn(granted.getUserMedia);
    expect(await requestMicrophoneAccess({ getUserMedia, queryPermission: async () => 'denied' })).toBe('denied');
    expect(getUserMedia).not.toHaveBeenCalled();
    expect(await requestMicrophoneAccess({ getUserMedia, queryPermission: async () => 'granted' })).toBe('granted');
    await expect(requestMicrophoneAccess({})).rejects.toThrow(/not available/);
  });
});

describe('the @vapi-ai/web adapter', () => {
  class FakeVapi {
    static instances: FakeVapi[] = [];
    readonly listeners = new Map<string, Array<(payload: unknown) => void>>();
    readonly args: unknown[];
    constructor(...args: unknown[]) {
      this.args = args;
      FakeVapi.instances.push(this);
    }
    on(event: string, listener: (payload: unknown) => void) {
      this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
      return this;
    }
    emit(event: string, payload?: unknown) {
      for (const listener of this.listeners.get(event) ?? []) listener(payload);
    }
    start = vi.fn(async () => {
      // The SDK emits `error` inside start(): it must already have a listener.
      if (!this.listeners.get('error')?.length) throw new Error('Unhandled error');
      return { id: 'vapi-call' };
    });
    stop = vi.fn(async () => {});
    setMuted = vi.fn();
    send = vi.fn();
    getDailyCallObject() {
      return { meetingState: () => 'joined-meeting' };
    }
  }

  it('unwraps the CommonJS default however Vite hands it over', () => {
    expect(unwrapVapiModule(FakeVapi)).toBe(FakeVapi);
    expect(unwrapVapiModule({ default: FakeVapi })).toBe(FakeVapi);
    expect(unwrapVapiModule({ default: { default: FakeVapi } })).toBe(FakeVapi);
    expect(() => unwrapVapiModule({})).toThrow(/did not load/);
  });

  it('attaches every listener before start and re-emits the SDK events 1:1', async () => {
    const vapi = new FakeVapi('pk');
    const client = wrapVapi(vapi as never);
    const seen: string[] = [];
    client.on('call-start', () => seen.push('call-start'));
    client.on('error', (payload) => seen.push(`error:${JSON.stringify(payload)}`));
    client.on('meeting-state', (state) => seen.push(`state:${state}`));
    expect(await client.start('asst')).toEqual({ id: 'vapi-call' });
    expect(client.isActive()).toBe(true);
    vapi.emit('call-start');
    vapi.emit('error', { type: 'daily-error', error: { message: 'Meeting has ended' } });
    expect(seen).toEqual([
      'call-start',
      'state:joined-meeting',
      'error:{"type":"daily-error","error":{"message":"Meeting has ended"}}',
    ]);
    vapi.emit('call-end');
    expect(client.isActive()).toBe(false);
    client.setMuted(true);
    expect(vapi.setMuted).toHaveBeenCalledWith(true);
  });

  it("starts each call with the clinician's call token as an assistant-overrides variable", async () => {
    const vapi = new FakeVapi('pk');
    const tokens = ['call-token-1', null];
    const client = wrapVapi(vapi as never, async () => tokens.shift() ?? null);
    expect(await client.start('asst')).toEqual({ id: 'vapi-call' });
    expect(vapi.start).toHaveBeenLastCalledWith('asst', { variableValues: { [CALL_TOKEN_VARIABLE]: 'call-token-1' } });
    // Signed out: the call starts without overrides.
    await client.start('asst');
    expect(vapi.start).toHaveBeenLastCalledWith('asst');
  });

  it('does not start when the token cannot be had, nor after a stop() that came while it was fetched', async () => {
    const vapi = new FakeVapi('pk');
    const failing = wrapVapi(vapi as never, async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(failing.start('asst')).rejects.toThrow('Failed to fetch');
    expect(failing.isActive()).toBe(false);
    const gate = deferred<string | null>();
    const slow = wrapVapi(vapi as never, () => gate.promise);
    const starting = slow.start('asst');
    await slow.stop();
    gate.resolve('call-token-1');
    expect(await starting).toBeNull();
    expect(vapi.start).not.toHaveBeenCalled();
  });

  it('loads one instance lazily, with the public key, base URL and avoidEval', async () => {
    const { buildVapiClient } = await import('../../web/src/adapters/voice/vapi-client.ts');
    const gate = deferred<unknown>();
    const pending = buildVapiClient({
      publicKey: 'pk-1',
      apiBaseUrl: 'https://api.vapi.ai',
      importSdk: () => gate.promise,
    });
    gate.resolve({ default: FakeVapi });
    await pending;
    expect(FakeVapi.instances.at(-1)?.args).toEqual(['pk-1', 'https://api.vapi.ai', { avoidEval: true }]);
  });
});

describe('VoiceWidget focus', () => {
  it('keeps focus on Start call while the call connects (aria-disabled, never a disabled button)', async () => {
    const { client, w } = renderWidget();
    const start = w.getByRole('button', { name: 'Start call' }) as HTMLButtonElement;
    start.focus();
    fireEvent.click(start);
    await waitFor(() => expect(client.start).toHaveBeenCalledTimes(1));
    expect(w.getByRole('status').textContent).toBe('Connecting...');
    expect(start.disabled).toBe(false);
    expect(start.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(start);
    // A second press while connecting does nothing.
    fireEvent.click(start);
    expect(client.start).toHaveBeenCalledTimes(1);
  });
});
