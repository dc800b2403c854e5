import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromCallback, SimulatedClock } from 'xstate';
import {
  ACTIVE_DESCRIPTION,
  ACTIVE_TITLE,
  CONNECT_TIMEOUT_MS,
  createVoiceWidgetActors,
  END_TIMEOUT_MS,
  ERROR_HEADING,
  IDLE_DESCRIPTION,
  IDLE_TITLE,
  INIT_TIMEOUT_MS,
  MICROPHONE_TIMEOUT_MS,
  MissingCredentialsError,
  type SdkCommand,
  type SdkNotification,
  STATUS_TEXT,
  sdkErrorText,
  toVoiceWidgetView,
  toWidgetErrorMessage,
  type VoiceWidgetInput,
  type VoiceWidgetPorts,
  voiceWidgetMachine,
} from '../../../machines/voice-widget/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const CREDENTIALS: VoiceWidgetInput = { publicKey: 'pk-live-secret', assistantId: 'asst-1' };

function start(input: VoiceWidgetInput = CREDENTIALS) {
  const controlled = createControlledActors(['loadClient', 'requestMicrophone', 'startCall', 'stopCall']);
  const commands: SdkCommand[] = [];
  const bridge: { notify?: (n: SdkNotification) => void } = {};
  const sdkEvents = fromCallback<SdkCommand, void>(({ sendBack, receive }) => {
    bridge.notify = sendBack;
    receive((command) => commands.push(command));
  });
  const clock = new SimulatedClock();
  const actor = createActor(voiceWidgetMachine.provide({ actors: { ...controlled.actors, sdkEvents } }), {
    clock,
    input,
  });
  actor.start();
  return {
    actor,
    clock,
    controlled,
    commands,
    resolve: controlled.resolve,
    reject: controlled.reject,
    notify: (n: SdkNotification) => bridge.notify?.(n),
    view: () => toVoiceWidgetView(actor.getSnapshot()),
    context: () => actor.getSnapshot().context,
  };
}
type Harness = ReturnType<typeof start>;

async function toConnecting(t: Harness) {
  t.actor.send({ type: 'widget.start' });
  await t.resolve('loadClient', undefined);
  await t.resolve('requestMicrophone', 'granted');
}

async function toConnected(t: Harness) {
  await toConnecting(t);
  await t.resolve('startCall', { callId: 'call-1' });
  t.notify({ type: 'sdk.callStarted' });
}

describe('toWidgetErrorMessage (spec §8, case-insensitive)', () => {
  it.each([
    ['Permission denied by system', 'Microphone permission denied. Please allow microphone access.'],
    ['NotAllowedError: PERMISSION dismissed', 'Microphone permission denied. Please allow microphone access.'],
    ['Network request failed', 'Network error. Please check your connection and try again.'],
    ['TypeError: Failed to FETCH', 'Network error. Please check your connection and try again.'],
    ['fetch failed', 'Network error. Please check your connection and try again.'],
    ["Couldn't get assistant", 'Assistant not found. Please check your Assistant ID in the .env file.'],
    ['Resource NOT FOUND', 'Assistant not found. Please check your Assistant ID in the .env file.'],
    ['401 Unauthorized', 'Authentication failed. Please check your Public Key in the .env file.'],
    ['Invalid Key provided', 'Authentication failed. Please check your Public Key in the .env file.'],
    ['Meeting has ended', 'Meeting has ended'],
    ['', 'Unknown error'],
  ])('%j → %j', (raw, expected) => {
    expect(toWidgetErrorMessage(raw)).toBe(expected);
  });

  it('checks the rows in catalogue order (permission before network)', () => {
    expect(toWidgetErrorMessage('network permission problem')).toBe(
      'Microphone permission denied. Please allow microphone access.',
    );
    expect(toWidgetErrorMessage('fetch assistant failed')).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(toWidgetErrorMessage('assistant unauthorized')).toBe(
      'Assistant not found. Please check your Assistant ID in the .env file.',
    );
  });

  it.each([
    [new Error('fetch failed'), 'Network error. Please check your connection and try again.'],
    [{ message: 'Unauthorized' }, 'Authentication failed. Please check your Public Key in the .env file.'],
    [{ type: 'daily-error', error: { errorMsg: 'Meeting has ended' } }, 'Meeting has ended'],
    [
      { type: 'start-method-error', error: { message: ['assistantId must be a UUID'] } },
      'Assistant not found. Please check your Assistant ID in the .env file.',
    ],
    [undefined, 'Unknown error'],
    [42, 'Unknown error'],
    [{}, 'Unknown error'],
  ])('takes the text out of SDK payloads: %j', (raw, expected) => {
    expect(toWidgetErrorMessage(raw)).toBe(expected);
  });

  it('sdkErrorText joins message arrays (NestJS bodies)', () => {
    expect(sdkErrorText({ message: ['a', 'b'] })).toBe('a; b');
    expect(sdkErrorText({ message: ['a', 1] })).toBe('');
  });

  it('sdkErrorText reads `msg`, and stops at a payload that nests itself', () => {
    expect(sdkErrorText({ msg: 'room closed' })).toBe('room closed');
    const loop: Record<string, unknown> = {};
    loop.error = loop;
    expect(sdkErrorText(loop)).toBe('');
    expect(sdkErrorText(null)).toBe('');
  });
});

describe('voice-widget machine', () => {
  it('starts Ready with the idle texts and the env check, never keeping the key', () => {
    const t = start();
    expect(t.view()).toMatchObject({
      status: 'ready',
      statusText: 'Ready',
      title: 'Talk with AI',
      description: 'Click to start a voice conversation with your digital assistant',
      connected: false,
      connecting: false,
      canStart: true,
      showCallControls: false,
      canToggleMute: false,
      error: null,
      micBadgeText: 'Unknown',
      env: { hasPublicKey: true, hasAssistantId: true },
    });
    expect(JSON.stringify(t.context())).not.toContain('pk-live-secret');
  });

  it('status texts and panel texts are exactly the spec’s', () => {
    expect(STATUS_TEXT).toEqual({
      ready: 'Ready',
      connecting: 'Connecting...',
      connected: 'Connected',
      ending: 'Ending call...',
      error: 'Error',
    });
    expect([IDLE_TITLE, IDLE_DESCRIPTION, ACTIVE_TITLE, ACTIVE_DESCRIPTION, ERROR_HEADING]).toEqual([
      'Talk with AI',
      'Click to start a voice conversation with your digital assistant',
      'Call Active',
      'Speak naturally to schedule appointments, ask questions, or get help',
      'AI Assistant Error',
    ]);
  });

  it('start → Connecting... (initializing, microphone, start call) → Connected on call-start', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    expect(t.view()).toMatchObject({ statusText: 'Connecting...', connecting: true, canStart: false });
    expect(t.controlled.pending('loadClient')?.input).toEqual({ hasPublicKey: true, hasAssistantId: true });
    await t.resolve('loadClient', undefined);
    expect(t.view().statusText).toBe('Connecting...');
    await t.resolve('requestMicrophone', 'granted');
    expect(t.view()).toMatchObject({ statusText: 'Connecting...', micBadgeText: 'Allowed' });
    expect(t.controlled.pending('startCall')?.input).toEqual({ assistantId: 'asst-1' });
    await t.resolve('startCall', { callId: 'call-1' });
    expect(t.view().statusText).toBe('Connecting...');
    t.notify({ type: 'sdk.callStarted' });
    expect(t.view()).toMatchObject({
      status: 'connected',
      statusText: 'Connected',
      connected: true,
      connecting: false,
      title: 'Call Active',
      description: 'Speak naturally to schedule appointments, ask questions, or get help',
      showCallControls: true,
      canToggleMute: true,
      canEnd: true,
    });
  });

  it('call-start before start() resolves is enough', async () => {
    const t = start();
    await toConnecting(t);
    t.notify({ type: 'sdk.callStarted' });
    expect(t.view().status).toBe('connected');
  });

  it.each([
    [
      { publicKey: '', assistantId: 'asst-1' },
      { hasPublicKey: false, hasAssistantId: true },
    ],
    [
      { publicKey: 'pk', assistantId: null },
      { hasPublicKey: true, hasAssistantId: false },
    ],
    [{}, { hasPublicKey: false, hasAssistantId: false }],
  ])('missing credentials %j → the credentials error with the env check', async (input, env) => {
    const t = start(input);
    t.actor.send({ type: 'widget.start' });
    await t.reject('loadClient', new MissingCredentialsError());
    expect(t.view()).toMatchObject({
      status: 'error',
      statusText: 'Error',
      error: {
        heading: 'AI Assistant Error',
        message: 'Missing voice-AI credentials. Please add them to your .env file and restart the dev server.',
        env,
        tryAgainText: 'Try Again',
      },
    });
  });

  it('the actors refuse to load the client without both credentials', async () => {
    const ports: VoiceWidgetPorts = {
      loadClient: vi.fn(async () => {}),
      requestMicrophone: vi.fn(async () => 'granted' as const),
      startCall: vi.fn(async () => ({ callId: 'c' })),
      stopCall: vi.fn(async () => {}),
      subscribe: vi.fn(() => ({ setMuted: vi.fn(), stop: vi.fn(), close: vi.fn() })),
    };
    const actor = createActor(voiceWidgetMachine.provide({ actors: createVoiceWidgetActors(ports) }), {
      input: { publicKey: 'pk' },
    });
    actor.start();
    actor.send({ type: 'widget.start' });
    await flush();
    expect(ports.loadClient).not.toHaveBeenCalled();
    expect(toVoiceWidgetView(actor.getSnapshot()).error?.message).toMatch(/^Missing voice-AI credentials/);
    expect(new MissingCredentialsError().message).toBe('The voice-AI public key or assistant id is missing');
  });

  it('a client load rejected with nothing → "Initialization error: Unknown error" (not the credentials text)', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    await t.reject('loadClient', null);
    expect(t.view().error?.message).toBe('Initialization error: Unknown error');
  });

  it('the debug details say why a start was given up', async () => {
    const prompt = start();
    prompt.actor.send({ type: 'widget.start' });
    await prompt.resolve('loadClient', undefined);
    prompt.clock.increment(MICROPHONE_TIMEOUT_MS);
    expect(prompt.view().debug.rawError).toBe('no answer to the prompt');
    const none = start();
    await toConnecting(none);
    await none.resolve('startCall', null);
    expect(none.view().debug.rawError).toBe('start() returned null');
    const silent = start();
    await toConnecting(silent);
    silent.clock.increment(CONNECT_TIMEOUT_MS);
    expect(silent.view().debug.rawError).toBe(`no call-start within ${CONNECT_TIMEOUT_MS} ms`);
  });

  it('keeps the last 30 progress records for the debug details', () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    for (let i = 0; i < 31; i += 1) t.notify({ type: 'sdk.progress', stage: `stage-${i}`, status: 'started' });
    const stages = t.view().debug.stages;
    expect(stages).toHaveLength(30);
    expect(stages[0]?.stage).toBe('stage-1');
  });

  it('is tagged busy while loading, asking for the microphone, connecting and ending', async () => {
    const t = start();
    const busy = () => t.actor.getSnapshot().hasTag('busy');
    expect(busy()).toBe(false);
    t.actor.send({ type: 'widget.start' });
    expect(busy()).toBe(true);
    await t.resolve('loadClient', undefined);
    expect(busy()).toBe(true);
    await t.resolve('requestMicrophone', 'granted');
    expect(busy()).toBe(true);
    await t.resolve('startCall', { callId: 'call-1' });
    t.notify({ type: 'sdk.callStarted' });
    expect(busy()).toBe(false);
    t.actor.send({ type: 'widget.end' });
    expect(busy()).toBe(true);
    t.notify({ type: 'sdk.callEnded' });
    expect(busy()).toBe(false);
  });

  it('each placeholder actor fails naming itself', async () => {
    const actors = voiceWidgetMachine.implementations.actors as Record<string, AnyActorLogic>;
    for (const name of ['loadClient', 'requestMicrophone', 'startCall', 'stopCall', 'sdkEvents']) {
      const actor = createActor(actors[name] as AnyActorLogic, { input: {} as never });
      let failure: unknown = null;
      actor.subscribe({ error: (error) => (failure = error) });
      actor.start();
      await flush();
      expect((failure as Error | null)?.message).toBe(`actor ${name} not provided`);
    }
  });

  it('a client that fails to load → "Initialization error: {reason}"', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    await t.reject('loadClient', new Error('Loading chunk 7 failed'));
    expect(t.view().error?.message).toBe('Initialization error: Loading chunk 7 failed');
    expect(t.view().debug.rawError).toBe('Loading chunk 7 failed');
  });

  it('loading the client gives up at 20 000 ms (not 19 999) and aborts', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    const pending = t.controlled.pending('loadClient');
    t.clock.increment(INIT_TIMEOUT_MS - 1);
    await flush();
    expect(t.view().status).toBe('connecting');
    t.clock.increment(1);
    await flush();
    expect(pending?.signal.aborted).toBe(true);
    expect(t.view().error?.message).toBe('Initialization error: timed out after 20000 ms');
  });

  it('microphone refused before start → the microphone error, badge Blocked, no call started', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    await t.resolve('loadClient', undefined);
    await t.resolve('requestMicrophone', 'denied');
    expect(t.view()).toMatchObject({
      status: 'error',
      connecting: false,
      micPermission: 'denied',
      micBadgeText: 'Blocked',
      error: {
        message: 'Microphone access denied. Please allow microphone access and try again.',
        micBadgeText: 'Blocked',
      },
    });
    expect(t.controlled.invocations.some((i) => i.src === 'startCall')).toBe(false);
  });

  it('a microphone request that throws is mapped by the catalogue', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    await t.resolve('loadClient', undefined);
    await t.reject('requestMicrophone', new DOMException('Permission denied', 'NotAllowedError'));
    expect(t.view().error?.message).toBe('Microphone permission denied. Please allow microphone access.');
  });

  it('an unanswered microphone prompt gives up at 60 000 ms (not 59 999)', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    await t.resolve('loadClient', undefined);
    t.clock.increment(MICROPHONE_TIMEOUT_MS - 1);
    await flush();
    expect(t.view().status).toBe('connecting');
    t.clock.increment(1);
    await flush();
    expect(t.view().error?.message).toBe('Microphone access denied. Please allow microphone access and try again.');
    expect(t.view().micBadgeText).toBe('Unknown');
  });

  it('start() resolving null → "Failed to start call"', async () => {
    const t = start();
    await toConnecting(t);
    await t.resolve('startCall', null);
    expect(t.view()).toMatchObject({ status: 'error', connecting: false, error: { message: 'Failed to start call' } });
  });

  it('start() throwing → the mapped message, or "Failed to start call" without one', async () => {
    const t = start();
    await toConnecting(t);
    await t.reject('startCall', new Error('Unauthorized'));
    expect(t.view().error?.message).toBe('Authentication failed. Please check your Public Key in the .env file.');
    const u = start();
    await toConnecting(u);
    await u.reject('startCall', {});
    expect(u.view().error?.message).toBe('Failed to start call');
  });

  it('connecting gives up at 60 000 ms (not 59 999) and tells the SDK to stop', async () => {
    const t = start();
    await toConnecting(t);
    await t.resolve('startCall', { callId: 'call-1' });
    t.clock.increment(CONNECT_TIMEOUT_MS - 1);
    await flush();
    expect(t.view().status).toBe('connecting');
    t.clock.increment(1);
    await flush();
    expect(t.view().error?.message).toBe('Failed to start call');
    expect(t.commands).toEqual([{ type: 'sdk.stop' }]);
  });

  it.each(['connecting', 'connected', 'ending'] as const)(
    'an SDK error while %s → Error with the mapped message, connected and connecting cleared',
    async (where) => {
      const t = start();
      if (where === 'connecting') await toConnecting(t);
      else await toConnected(t);
      if (where === 'ending') t.actor.send({ type: 'widget.end' });
      t.notify({ type: 'sdk.error', message: 'TypeError: fetch failed' });
      expect(t.view()).toMatchObject({
        status: 'error',
        statusText: 'Error',
        connected: false,
        connecting: false,
        showCallControls: false,
        error: { message: 'Network error. Please check your connection and try again.' },
      });
      expect(t.view().debug.rawError).toBe('TypeError: fetch failed');
    },
  );

  it('SDK errors in Ready are ignored', () => {
    const t = start();
    t.notify({ type: 'sdk.error', message: 'late error' });
    expect(t.view().status).toBe('ready');
  });

  it('mute toggles only while connected and is sent to the SDK', async () => {
    const t = start();
    t.actor.send({ type: 'widget.toggleMute' });
    expect(t.view().muted).toBe(false);
    await toConnecting(t);
    t.actor.send({ type: 'widget.toggleMute' });
    expect(t.view().muted).toBe(false);
    t.notify({ type: 'sdk.callStarted' });
    t.actor.send({ type: 'widget.toggleMute' });
    expect(t.view().muted).toBe(true);
    t.actor.send({ type: 'widget.toggleMute' });
    expect(t.view().muted).toBe(false);
    expect(t.commands).toEqual([
      { type: 'sdk.setMuted', muted: true },
      { type: 'sdk.setMuted', muted: false },
    ]);
  });

  it('end → Ending call... (stop) → Ready on call-end, with the idle texts again', async () => {
    const t = start();
    await toConnected(t);
    t.actor.send({ type: 'widget.toggleMute' });
    t.actor.send({ type: 'widget.end' });
    expect(t.view()).toMatchObject({ statusText: 'Ending call...', canEnd: false, canToggleMute: false });
    await t.resolve('stopCall', undefined);
    expect(t.view().status).toBe('ending');
    t.notify({ type: 'sdk.callEnded' });
    expect(t.view()).toMatchObject({
      status: 'ready',
      statusText: 'Ready',
      connected: false,
      muted: false,
      title: 'Talk with AI',
    });
  });

  it('a failed stop → "Failed to end call: {reason}"', async () => {
    const t = start();
    await toConnected(t);
    t.actor.send({ type: 'widget.end' });
    await t.reject('stopCall', new Error('Call object is not available.'));
    expect(t.view().error?.message).toBe('Failed to end call: Call object is not available.');
  });

  it('ending without call-end returns to Ready at 10 000 ms (not 9 999)', async () => {
    const t = start();
    await toConnected(t);
    t.actor.send({ type: 'widget.end' });
    await t.resolve('stopCall', undefined);
    t.clock.increment(END_TIMEOUT_MS - 1);
    await flush();
    expect(t.view().status).toBe('ending');
    t.clock.increment(1);
    await flush();
    expect(t.view().status).toBe('ready');
  });

  it('the call ending on its own while connected → Ready', async () => {
    const t = start();
    await toConnected(t);
    t.notify({ type: 'sdk.callEnded' });
    expect(t.view().status).toBe('ready');
  });

  it('a call that ends while still connecting → Ready', async () => {
    const t = start();
    await toConnecting(t);
    await t.resolve('startCall', { callId: 'call-1' });
    t.notify({ type: 'sdk.callEnded' });
    expect(t.view()).toMatchObject({ status: 'ready', connecting: false });
  });

  it('Try Again clears the error and returns to Ready; the microphone state is kept', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    await t.resolve('loadClient', undefined);
    await t.resolve('requestMicrophone', 'denied');
    t.actor.send({ type: 'widget.retry' });
    expect(t.view()).toMatchObject({ status: 'ready', error: null, micBadgeText: 'Blocked' });
    expect(t.context().errorMessage).toBeNull();
    expect(t.context().debug.rawError).toBeNull();
  });

  it('keeps start progress for the debug details, reset at each start; and the video client state', async () => {
    const t = start();
    t.actor.send({ type: 'widget.start' });
    t.notify({ type: 'sdk.progress', stage: 'web-call-creation', status: 'started' });
    t.notify({ type: 'sdk.progress', stage: 'web-call-creation', status: 'completed', durationMs: 120 });
    t.notify({ type: 'sdk.videoState', state: 'joined-meeting' });
    expect(t.view().debug).toEqual({
      rawError: null,
      stages: [
        { stage: 'web-call-creation', status: 'started', durationMs: null },
        { stage: 'web-call-creation', status: 'completed', durationMs: 120 },
      ],
      videoClientState: 'joined-meeting',
    });
    await t.reject('loadClient', new Error('x'));
    t.actor.send({ type: 'widget.retry' });
    t.actor.send({ type: 'widget.start' });
    expect(t.view().debug.stages).toEqual([]);
  });

  it('an SDK subscription that fails → Error "Initialization error: …"; Try Again subscribes again', async () => {
    let attempts = 0;
    const controlled = createControlledActors(['loadClient', 'requestMicrophone', 'startCall', 'stopCall']);
    const actor = createActor(
      voiceWidgetMachine.provide({
        actors: {
          ...controlled.actors,
          sdkEvents: fromCallback<SdkCommand, void>(() => {
            attempts += 1;
            if (attempts === 1) throw new Error('events unavailable');
          }),
        },
      }),
      { input: CREDENTIALS },
    );
    actor.start();
    expect(toVoiceWidgetView(actor.getSnapshot()).error?.message).toBe('Initialization error: events unavailable');
    actor.send({ type: 'widget.retry' });
    expect(toVoiceWidgetView(actor.getSnapshot()).status).toBe('ready');
    expect(toVoiceWidgetView(actor.getSnapshot()).debug.rawError).toBeNull();
    expect(attempts).toBe(2);
    actor.send({ type: 'widget.close' });
    expect(actor.getSnapshot().output?.endedReason).toBeNull();
  });
});

describe('voice widget: closing ends it with the last call’s outcome', () => {
  it('a call that connected and ended: ok, no failed stage, the stage durations', async () => {
    const t = start();
    await toConnecting(t);
    t.notify({ type: 'sdk.progress', stage: 'web-call-creation', status: 'started' });
    t.notify({ type: 'sdk.progress', stage: 'web-call-creation', status: 'completed', durationMs: 120 });
    await t.resolve('startCall', { callId: 'call-1' });
    t.notify({ type: 'sdk.callStarted' });
    t.notify({ type: 'sdk.callEnded' });
    t.actor.send({ type: 'widget.close' });
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.actor.getSnapshot().output).toEqual({
      ok: true,
      failedStage: null,
      endedReason: null,
      durations: { 'web-call-creation': 120 },
    });
  });

  it('a start that failed at a stage: not ok, that stage, and the text the user read as the reason', async () => {
    const t = start();
    await toConnecting(t);
    t.notify({ type: 'sdk.progress', stage: 'daily-call-join', status: 'failed', durationMs: 400 });
    t.notify({ type: 'sdk.error', message: 'Network error while joining' });
    t.actor.send({ type: 'widget.close' });
    expect(t.actor.getSnapshot().output).toEqual({
      ok: false,
      failedStage: 'daily-call-join',
      endedReason: 'Network error. Please check your connection and try again.',
      durations: { 'daily-call-join': 400 },
    });
  });

  it('closed before any call: not ok, nothing failed, no durations', () => {
    const t = start();
    expect(t.view().debug.stages).toEqual([]);
    t.actor.send({ type: 'widget.close' });
    expect(t.actor.getSnapshot().output).toStrictEqual({
      ok: false,
      failedStage: null,
      endedReason: null,
      durations: {},
    });
  });

  it('a stage only started has no duration; an error without a failed stage names none', async () => {
    const t = start();
    await toConnecting(t);
    t.notify({ type: 'sdk.progress', stage: 'web-call-creation', status: 'completed', durationMs: 120 });
    t.notify({ type: 'sdk.progress', stage: 'daily-call-join', status: 'started' });
    t.notify({ type: 'sdk.error', message: 'fetch failed' });
    t.actor.send({ type: 'widget.close' });
    expect(t.actor.getSnapshot().output).toStrictEqual({
      ok: false,
      failedStage: null,
      endedReason: 'Network error. Please check your connection and try again.',
      durations: { 'web-call-creation': 120 },
    });
  });

  it('a call that connected and then failed is not ok', async () => {
    const t = start();
    await toConnected(t);
    t.notify({ type: 'sdk.error', message: 'Meeting has ended' });
    t.actor.send({ type: 'widget.close' });
    expect(t.actor.getSnapshot().output).toMatchObject({ ok: false, endedReason: 'Meeting has ended' });
  });

  it('each start forgets the last call: a second call that fails at a stage names it', async () => {
    const t = start();
    await toConnected(t);
    t.notify({ type: 'sdk.callEnded' });
    await toConnecting(t);
    t.notify({ type: 'sdk.progress', stage: 'daily-call-join', status: 'failed', durationMs: 400 });
    t.notify({ type: 'sdk.error', message: 'Meeting has ended' });
    t.actor.send({ type: 'widget.close' });
    expect(t.actor.getSnapshot().output).toMatchObject({ ok: false, failedStage: 'daily-call-join' });
  });

  it('while ending the call still shows as active; once closed the widget reads as idle', async () => {
    const t = start();
    await toConnected(t);
    t.actor.send({ type: 'widget.end' });
    expect(t.view()).toMatchObject({ statusText: 'Ending call...', title: ACTIVE_TITLE, showCallControls: true });
    t.actor.send({ type: 'widget.close' });
    expect(t.view()).toMatchObject({ status: 'ready', title: IDLE_TITLE, showCallControls: false });
  });
});
