// The machine-built clients enforce the video-call client's input rules (spec §5): the CLI's call
// simulator validates the call object's properties when it creates the call object, the web's local
// client validates its app messages and its thin input methods. Problems go to console.error.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { simulateCall } from '../../../cli/adapters/call-simulator.ts';
import { MESSAGES, VideoClientInputError } from '../../../core/video-client/input-schema/index.ts';
import { createLocalVoiceClient } from '../../../web/src/adapters/voice/local-client.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

function silenceConsoleError() {
  return vi.spyOn(console, 'error').mockImplementation(() => {});
}

describe('CLI call simulator: call-object properties', () => {
  const simulate = (callObjectProperties?: Record<string, unknown>) => {
    const events: Array<{ type: string; payload?: unknown }> = [];
    const result = simulateCall({
      assistantId: 'assistant-1',
      script: { turns: [] },
      answer: async () => '',
      onEvent: (event) => events.push(event),
      ...(callObjectProperties ? { callObjectProperties } : {}),
    });
    return result.then((r) => ({ result: r, events }));
  };

  it('refuses invalid properties: logged, and the call-object creation stage fails with the first problem', async () => {
    const consoleError = silenceConsoleError();
    const { result, events } = await simulate({ lang: 'xx', colour: 'red' });
    expect(consoleError.mock.calls).toEqual([
      [MESSAGES.property('lang', MESSAGES.lang)],
      [MESSAGES.unrecognizedProperty('colour')],
    ]);
    expect(result.ok).toBe(false);
    expect(result.failedStage).toBe('daily-call-object-creation');
    const error = events.find(
      (e) => e.type === 'error' && (e.payload as { type?: string }).type === 'daily-call-object-creation-error',
    );
    expect((error?.payload as { error?: { message?: string } } | undefined)?.error?.message).toBe(
      MESSAGES.property('lang', MESSAGES.lang),
    );
  });

  it('lets valid properties through: the call starts and ends normally, nothing logged', async () => {
    const consoleError = silenceConsoleError();
    const { result } = await simulate({
      lang: 'en',
      userData: { clinician: 'c-1' },
      layoutConfig: { grid: { maxTilesPerPage: 49 } },
    });
    expect(result.ok).toBe(true);
    expect(result.failedStage).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('web local client: app messages and input methods', () => {
  const client = () =>
    createLocalVoiceClient({
      apiBaseUrl: 'http://127.0.0.1:1',
      publicKey: 'pk',
      localAssistantId: 'homerounds-local-assistant',
      getCallToken: async () => null,
      fetch: vi.fn() as unknown as typeof fetch,
      WebSocket: class {} as unknown as typeof WebSocket,
      now: () => 0,
    });

  it('logs and drops an app message over the 4096-character cap; a small one passes silently', () => {
    const consoleError = silenceConsoleError();
    const c = client();
    c.send({ type: 'add-message', message: { role: 'user', content: 'x'.repeat(5000) } });
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.appMessageTooLarge(4096));
    consoleError.mockClear();
    c.send({ type: 'add-message', message: { role: 'user', content: 'hello' } });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('updateInputSettings refuses an invalid processor and keeps a valid one', async () => {
    const consoleError = silenceConsoleError();
    const c = client();
    const blur0 = { video: { processor: { type: 'background-blur', config: { strength: 0 } } } };
    await expect(c.updateInputSettings(blur0)).rejects.toBeInstanceOf(VideoClientInputError);
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.blurStrength(0));
    expect(c.inputSettings()).toEqual({});
    const ok = { audio: { processor: { type: 'noise-cancellation' } } };
    await expect(c.updateInputSettings(ok)).resolves.toEqual({ inputSettings: ok });
    expect(c.inputSettings()).toEqual(ok);
  });

  it('setUserData accepts 4096 characters and refuses 4097', async () => {
    const consoleError = silenceConsoleError();
    const c = client();
    await c.setUserData('x'.repeat(4096));
    expect(c.userData()).toHaveLength(4096);
    await expect(c.setUserData('x'.repeat(4097))).rejects.toThrow(MESSAGES.userDataTooLarge(4097));
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.userDataTooLarge(4097));
    expect(c.userData()).toHaveLength(4096);
  });

  it('sendDTMF refuses 21 tones and an invalid tone, accepts 20', async () => {
    silenceConsoleError();
    const c = client();
    await expect(c.sendDTMF({ sessionId: 's', tones: '1'.repeat(20) })).resolves.toBeUndefined();
    await expect(c.sendDTMF({ sessionId: 's', tones: '1'.repeat(21) })).rejects.toThrow(MESSAGES.dtmfLength);
    await expect(c.sendDTMF({ sessionId: 's', tones: '12E' })).rejects.toThrow(MESSAGES.dtmfTone('E'));
  });
});
