import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, fromCallback, SimulatedClock } from 'xstate';
import {
  AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
  AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
  CALL_JOIN_TIMEOUT_MS,
  CALL_OBJECT_CREATION_TIMEOUT_MS,
  type CallSessionEmitted,
  type CallSessionPorts,
  type CallTransportCommand,
  type CallTransportNotification,
  CLEANUP_TIMEOUT_MS,
  callSessionMachine,
  createCallSessionActors,
  LEAVE_TIMEOUT_MS,
  LISTENING_TIMEOUT_MS,
  MISSING_CALL_TARGET_MESSAGE,
  MOBILE_JOIN_DELAY_MS,
  SPEECH_END_DELAY_MS,
  STOP_RECORDING_TIMEOUT_MS,
  StageFailure,
  toCallSessionView,
  toVolumeLevel,
  VIDEO_RECORDING_SETUP_TIMEOUT_MS,
  WEB_CALL_CREATION_TIMEOUT_MS,
  type WebCall,
} from '../../../machines/call-session/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const CALL: WebCall = {
  id: 'call-1',
  webCallUrl: 'https://homerounds.daily.co/call-1',
  callToken: 'room-token',
  videoRecordingEnabled: false,
  voiceProvider: '11labs',
};

const PROMISE_ACTORS = [
  'createWebCall',
  'createCallObject',
  'joinCall',
  'startVideoRecording',
  'startAudioObserver',
  'startAudioProcessing',
  'leaveCall',
  'stopRecording',
  'cleanup',
];

function start(input = { isMobile: false }) {
  const controlled = createControlledActors(PROMISE_ACTORS);
  const commands: CallTransportCommand[] = [];
  const transport: { sendBack?: (event: CallTransportNotification) => void; running: boolean } = { running: false };
  const callTransport = fromCallback<CallTransportCommand, void>(({ sendBack, receive }) => {
    transport.sendBack = sendBack;
    transport.running = true;
    receive((command) => commands.push(command));
    return () => {
      transport.running = false;
    };
  });
  const clock = new SimulatedClock();
  const logDroppedMessage = vi.fn();
  const logEndProblem = vi.fn();
  const actor = createActor(
    callSessionMachine.provide({
      actors: { ...controlled.actors, callTransport },
      actions: { logDroppedMessage, logEndProblem },
    }),
    { clock, input },
  );
  const emitted: CallSessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event as CallSessionEmitted));
  actor.start();
  const of = <T extends CallSessionEmitted['type']>(type: T) =>
    emitted.filter((e): e is Extract<CallSessionEmitted, { type: T }> => e.type === type);
  const progress = () => of('call-start-progress').map((e) => e.payload);
  const errors = () => of('error').map((e) => e.payload);
  return {
    actor,
    clock,
    controlled,
    commands,
    transport,
    emitted,
    of,
    progress,
    errors,
    resolve: controlled.resolve,
    reject: controlled.reject,
    logDroppedMessage,
    logEndProblem,
    value: () => actor.getSnapshot().value,
    context: () => actor.getSnapshot().context,
    view: () => toCallSessionView(actor.getSnapshot()),
    notify: (event: CallTransportNotification) => transport.sendBack?.(event),
  };
}

type Harness = ReturnType<typeof start>;

async function toJoin(t: Harness, call: WebCall = CALL) {
  t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
  await t.resolve('createWebCall', { durationMs: 120, call });
  await t.resolve('createCallObject', { durationMs: 5 });
}

async function toActive(t: Harness, call: WebCall = CALL) {
  await toJoin(t, call);
  await t.resolve('joinCall', { durationMs: 900 });
  await t.resolve('startVideoRecording', { durationMs: 1, action: 'skipped-not-enabled' });
  await t.resolve('startAudioObserver', { durationMs: 2 });
  await t.resolve('startAudioProcessing', { durationMs: 3 });
}

async function toLive(t: Harness, call: WebCall = CALL) {
  await toActive(t, call);
  t.notify({ type: 'daily.appMessage', fromAssistant: true, data: 'listening' });
}

describe('call-session: validation and refusal', () => {
  it('a start without assistant, squad or workflow emits the validation error and stays idle', () => {
    const t = start();
    t.actor.send({ type: 'call.start' });
    expect(t.value()).toBe('idle');
    expect(t.emitted).toEqual([
      {
        type: 'error',
        payload: {
          type: 'validation-error',
          stage: 'input-validation',
          error: { message: MISSING_CALL_TARGET_MESSAGE },
        },
      },
    ]);
    expect(MISSING_CALL_TARGET_MESSAGE).toBe('Assistant or Squad or Workflow must be provided.');
    expect(t.controlled.invocations).toHaveLength(0);
  });

  it.each([{ squadId: 'sq-1' }, { workflowId: 'wf-1' }, { assistant: { name: 'inline' } }])(
    'a squad, a workflow or an inline assistant is enough: %j',
    (request) => {
      const t = start();
      t.actor.send({ type: 'call.start', ...request });
      expect(t.value()).toEqual({ call: { starting: 'webCallCreation' } });
      expect(t.controlled.pending('createWebCall')?.input).toEqual(request);
    },
  );

  it('a second start while starting is refused with only a failed validation progress', () => {
    const t = start();
    t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
    const before = t.emitted.length;
    t.actor.send({ type: 'call.start', assistantId: 'asst-2' });
    expect(t.emitted.slice(before)).toEqual([
      {
        type: 'call-start-progress',
        payload: { stage: 'validation', status: 'failed', metadata: { reason: 'already-started' } },
      },
    ]);
    expect(t.value()).toEqual({ call: { starting: 'webCallCreation' } });
    expect(t.controlled.invocations.filter((i) => i.src === 'createWebCall')).toHaveLength(1);
  });

  it('a second start while in the call is refused too', async () => {
    const t = start();
    await toLive(t);
    const before = t.emitted.length;
    t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
    expect(t.emitted.slice(before).map((e) => e.type)).toEqual(['call-start-progress']);
    expect(t.view().phase).toBe('live');
  });
});

describe('call-session: the staged start', () => {
  it('emits every stage in the exact order with durations, then call-start-success', async () => {
    const t = start();
    await toActive(t);
    expect(t.progress().map((p) => `${p.stage}:${p.status}`)).toEqual([
      'initialization:started',
      'initialization:completed',
      'web-call-creation:started',
      'web-call-creation:completed',
      'daily-call-object-creation:started',
      'daily-call-object-creation:completed',
      'mobile-permissions:started',
      'mobile-permissions:completed',
      'daily-call-join:started',
      'daily-call-join:completed',
      'video-recording-setup:started',
      'video-recording-setup:completed',
      'audio-observer-setup:started',
      'audio-observer-setup:completed',
      'audio-processing-setup:started',
      'audio-processing-setup:completed',
    ]);
    const completed = t.progress().filter((p) => p.status === 'completed');
    expect(completed.map((p) => p.durationMs)).toEqual([0, 120, 5, 0, 900, 1, 2, 3]);
    expect(t.progress()[0]?.metadata).toEqual({ hasAssistant: true, hasSquad: false, hasWorkflow: false });
    expect(t.progress()[3]?.metadata).toEqual({
      callId: 'call-1',
      videoRecordingEnabled: false,
      voiceProvider: '11labs',
    });
    expect(completed[3]?.metadata).toEqual({ action: 'skipped-not-mobile' });
    expect(t.of('call-start-success')).toEqual([
      { type: 'call-start-success', payload: { totalDurationMs: 1031, callId: 'call-1' } },
    ]);
    expect(t.view()).toMatchObject({ phase: 'waitingForAssistant', started: true, callId: 'call-1' });
    expect(t.transport.running).toBe(true);
  });

  it('passes the room url and token to the join, and recording/video flags to the call object', async () => {
    const t = start();
    await toJoin(t, { ...CALL, videoRecordingEnabled: true, voiceProvider: 'tavus' });
    expect(t.controlled.invocations.find((i) => i.src === 'createCallObject')?.input).toEqual({
      videoRecordingEnabled: true,
      isVideoEnabled: true,
    });
    expect(t.controlled.pending('joinCall')?.input).toEqual({
      url: CALL.webCallUrl,
      token: 'room-token',
      video: expect.objectContaining({ id: 'videoClient' }),
    });
  });

  it('on mobile waits 1 000 ms before joining (not 999 ms)', async () => {
    const t = start({ isMobile: true });
    await toJoin(t);
    expect(t.value()).toEqual({ call: { starting: 'mobilePermissions' } });
    expect(t.progress().at(-1)).toEqual({
      stage: 'mobile-permissions',
      status: 'started',
      metadata: { isMobile: true },
    });
    t.clock.increment(MOBILE_JOIN_DELAY_MS - 1);
    await flush();
    expect(t.value()).toEqual({ call: { starting: 'mobilePermissions' } });
    expect(t.controlled.pending('joinCall')).toBeUndefined();
    t.clock.increment(1);
    await flush();
    expect(t.value()).toEqual({ call: { starting: 'dailyCallJoin' } });
    expect(t.progress().at(-2)).toEqual({
      stage: 'mobile-permissions',
      status: 'completed',
      durationMs: 1000,
      metadata: { action: 'permissions-wait' },
    });
  });

  it('call.start may say the device is mobile (the SDK checks at every start)', async () => {
    const t = start({ isMobile: false });
    t.actor.send({ type: 'call.start', assistantId: 'asst-1', isMobile: true });
    await t.resolve('createWebCall', { durationMs: 1, call: CALL });
    await t.resolve('createCallObject', { durationMs: 1 });
    expect(t.value()).toEqual({ call: { starting: 'mobilePermissions' } });
  });

  describe.each([
    {
      state: 'webCallCreation',
      src: 'createWebCall',
      stage: 'web-call-creation',
      timeout: WEB_CALL_CREATION_TIMEOUT_MS,
      stageErrorType: null,
      reach: async (t: Harness) => {
        t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
      },
    },
    {
      state: 'dailyCallObjectCreation',
      src: 'createCallObject',
      stage: 'daily-call-object-creation',
      timeout: CALL_OBJECT_CREATION_TIMEOUT_MS,
      stageErrorType: 'daily-call-object-creation-error',
      reach: async (t: Harness) => {
        t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
        await t.resolve('createWebCall', { durationMs: 120, call: CALL });
      },
    },
    {
      state: 'dailyCallJoin',
      src: 'joinCall',
      stage: 'daily-call-join',
      timeout: CALL_JOIN_TIMEOUT_MS,
      stageErrorType: 'daily-call-join-error',
      reach: async (t: Harness) => toJoin(t),
    },
  ])('fatal stage $stage', ({ state, src, stage, timeout, stageErrorType, reach }) => {
    it(`still ${state} at ${timeout - 1} ms; at ${timeout} ms fails the start, aborts the request and cleans up`, async () => {
      const t = start();
      await reach(t);
      const pending = t.controlled.pending(src);
      const totalBefore = t.context().totalDurationMs;
      t.clock.increment(timeout - 1);
      await flush();
      expect(t.value()).toEqual({ call: { starting: state } });
      t.clock.increment(1);
      await flush();
      expect(pending?.signal.aborted).toBe(true);
      expect(t.value()).toBe('cleaningUp');
      expect(t.progress().at(-1)).toEqual({ stage, status: 'failed', durationMs: timeout });
      const failed = t.of('call-start-failed')[0]?.payload;
      expect(failed).toMatchObject({
        stage,
        error: `${stage} timed out after ${timeout} ms`,
        totalDurationMs: totalBefore + timeout,
        context: { hasAssistant: true, hasSquad: false, hasWorkflow: false, isMobile: false },
      });
      expect(t.errors().map((e) => e.type)).toEqual(
        stageErrorType ? [stageErrorType, 'start-method-error'] : ['start-method-error'],
      );
      await t.resolve('cleanup', undefined);
      expect(t.value()).toBe('ended');
      expect(t.actor.getSnapshot().output).toMatchObject({ ok: false, failedStage: stage, endedReason: null });
      expect(t.actor.getSnapshot().output?.durations).toMatchObject({ [stage]: timeout });
    });

    it('a failure emits progress failed with the stage duration, call-start-failed and the errors', async () => {
      const t = start();
      await reach(t);
      await t.reject(src, new StageFailure(new Error('boom'), 42));
      expect(t.value()).toBe('cleaningUp');
      expect(t.progress().at(-1)).toEqual({ stage, status: 'failed', durationMs: 42 });
      const types = t.emitted.slice(-3).map((e) => e.type);
      expect(types).toEqual(
        stageErrorType
          ? ['error', 'call-start-failed', 'error']
          : ['call-start-progress', 'call-start-failed', 'error'],
      );
      expect(t.of('call-start-failed')[0]?.payload.error).toBe('boom');
      expect(t.of('call-start-failed')[0]?.payload.stack).toContain('boom');
      expect(t.errors().at(-1)).toMatchObject({ type: 'start-method-error', stage, error: { message: 'boom' } });
      expect(t.of('call-start-success')).toHaveLength(0);
    });
  });

  describe.each([
    {
      state: 'videoRecordingSetup',
      src: 'startVideoRecording',
      stage: 'video-recording-setup',
      next: 'audioObserverSetup',
      timeout: VIDEO_RECORDING_SETUP_TIMEOUT_MS,
      errorType: 'video-recording-setup-error',
      reach: async (t: Harness) => {
        await toJoin(t);
        await t.resolve('joinCall', { durationMs: 900 });
      },
    },
    {
      state: 'audioObserverSetup',
      src: 'startAudioObserver',
      stage: 'audio-observer-setup',
      next: 'audioProcessingSetup',
      timeout: AUDIO_OBSERVER_SETUP_TIMEOUT_MS,
      errorType: 'audio-observer-setup-error',
      reach: async (t: Harness) => {
        await toJoin(t);
        await t.resolve('joinCall', { durationMs: 900 });
        await t.resolve('startVideoRecording', { durationMs: 1, action: 'skipped-not-enabled' });
      },
    },
    {
      state: 'audioProcessingSetup',
      src: 'startAudioProcessing',
      stage: 'audio-processing-setup',
      next: null,
      timeout: AUDIO_PROCESSING_SETUP_TIMEOUT_MS,
      errorType: 'audio-processing-setup-error',
      reach: async (t: Harness) => {
        await toJoin(t);
        await t.resolve('joinCall', { durationMs: 900 });
        await t.resolve('startVideoRecording', { durationMs: 1, action: 'skipped-not-enabled' });
        await t.resolve('startAudioObserver', { durationMs: 2 });
      },
    },
  ])('non-fatal stage $stage', ({ state, src, stage, next, timeout, errorType, reach }) => {
    const expectContinued = (t: Harness) => {
      if (next) expect(t.value()).toEqual({ call: { starting: next } });
      else expect(t.of('call-start-success')).toHaveLength(1);
      expect(t.of('call-start-failed')).toHaveLength(0);
    };

    it('a failure emits the stage error and the start goes on', async () => {
      const t = start();
      await reach(t);
      await t.reject(src, new StageFailure(new Error('nope'), 7));
      expect(t.progress().find((p) => p.stage === stage && p.status === 'failed')).toEqual({
        stage,
        status: 'failed',
        durationMs: 7,
      });
      expect(t.errors()).toEqual([{ type: errorType, stage, error: expect.objectContaining({ message: 'nope' }) }]);
      expectContinued(t);
    });

    it(`still ${state} at ${timeout - 1} ms; at ${timeout} ms reports the error and goes on`, async () => {
      const t = start();
      await reach(t);
      const pending = t.controlled.pending(src);
      t.clock.increment(timeout - 1);
      await flush();
      expect(t.value()).toEqual({ call: { starting: state } });
      t.clock.increment(1);
      await flush();
      expect(pending?.signal.aborted).toBe(true);
      expect(t.errors()[0]).toMatchObject({
        type: errorType,
        error: { message: `${stage} timed out after ${timeout} ms` },
      });
      expectContinued(t);
    });
  });

  it('call.stop while starting aborts the stage, reports call-start-failed and cleans up', async () => {
    const t = start();
    t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
    const pending = t.controlled.pending('createWebCall');
    t.actor.send({ type: 'call.stop' });
    expect(pending?.signal.aborted).toBe(true);
    expect(t.value()).toBe('cleaningUp');
    expect(t.of('call-start-failed')[0]?.payload).toMatchObject({
      stage: 'unknown',
      error: 'The call was stopped before it started',
    });
  });

  it('cleanup that hangs gives up at 5 000 ms (not 4 999) and the session ends', async () => {
    const t = start();
    t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
    await t.reject('createWebCall', new Error('fetch failed'));
    t.clock.increment(CLEANUP_TIMEOUT_MS - 1);
    await flush();
    expect(t.value()).toBe('cleaningUp');
    t.clock.increment(1);
    await flush();
    expect(t.value()).toBe('ended');
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.logEndProblem).toHaveBeenCalledWith(expect.anything(), { where: 'cleanup', error: 'timed out' });
  });
});

describe('call-session: the live call', () => {
  it('"listening" from the assistant emits call-start once the start succeeded', async () => {
    const t = start();
    await toActive(t);
    expect(t.of('call-start')).toHaveLength(0);
    t.notify({ type: 'daily.appMessage', fromAssistant: true, data: 'listening' });
    expect(t.of('call-start')).toHaveLength(1);
    expect(t.view().phase).toBe('live');
    const order = t.emitted.map((e) => e.type);
    expect(order.indexOf('call-start-success')).toBeLessThan(order.indexOf('call-start'));
  });

  it('"listening" from another participant is not call-start (and not JSON: dropped)', async () => {
    const t = start();
    await toActive(t);
    t.notify({ type: 'daily.appMessage', fromAssistant: false, data: 'listening' });
    expect(t.of('call-start')).toHaveLength(0);
    expect(t.view().phase).toBe('waitingForAssistant');
    expect(t.logDroppedMessage).toHaveBeenCalledTimes(1);
  });

  it('other app-messages are parsed and emitted as message; unparseable ones are dropped without an error', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.appMessage', fromAssistant: true, data: '{"type":"transcript","transcript":"hi"}' });
    t.notify({ type: 'daily.appMessage', fromAssistant: true, data: '{oops' });
    expect(t.of('message').map((e) => e.payload)).toEqual([{ type: 'transcript', transcript: 'hi' }]);
    expect(t.errors()).toEqual([]);
    expect(t.logDroppedMessage).toHaveBeenCalledTimes(1);
  });

  it('still waiting for "listening" at 29 999 ms; at 30 000 ms emits an error and leaves', async () => {
    const t = start();
    await toActive(t);
    t.clock.increment(LISTENING_TIMEOUT_MS - 1);
    await flush();
    expect(t.view().phase).toBe('waitingForAssistant');
    t.clock.increment(1);
    await flush();
    expect(t.value()).toEqual({ call: { inCall: 'leaving' } });
    expect(t.errors()).toEqual([
      { type: 'listening-timeout-error', error: { message: 'The assistant did not start listening within 30000 ms' } },
    ]);
    expect(t.controlled.pending('leaveCall')).toBeDefined();
  });

  it('no listening timeout once live', async () => {
    const t = start();
    await toLive(t);
    t.clock.increment(LISTENING_TIMEOUT_MS * 2);
    await flush();
    expect(t.view().phase).toBe('live');
  });

  it('volume-level = min(1, sum / 0.15) on every sample, including silence', async () => {
    const t = start();
    await toLive(t);
    for (const levels of [[0.03], [0.1, 0.1], [0], [0.005, 0.0025]]) t.notify({ type: 'daily.audioLevels', levels });
    const volumes = t.of('volume-level').map((e) => e.payload);
    expect(volumes[0]).toBeCloseTo(0.2);
    expect(volumes[1]).toBe(1);
    expect(volumes[2]).toBe(0);
    expect(volumes[3]).toBeCloseTo(0.05);
    expect(toVolumeLevel([0.15])).toBe(1);
  });

  it('speech-start when the sum goes above 0.01 (volume first); 0.01 itself is not speech', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.audioLevels', levels: [0.005, 0.005] });
    expect(t.of('speech-start')).toHaveLength(0);
    const before = t.emitted.length;
    t.notify({ type: 'daily.audioLevels', levels: [0.006, 0.005] });
    expect(t.emitted.slice(before).map((e) => e.type)).toEqual(['volume-level', 'speech-start']);
    t.notify({ type: 'daily.audioLevels', levels: [0.5] });
    expect(t.of('speech-start')).toHaveLength(1);
    expect(t.view().speaking).toBe(true);
  });

  it('speech-end 1 000 ms after the last loud sample, not at 999 ms', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.audioLevels', levels: [0.05] });
    t.clock.increment(SPEECH_END_DELAY_MS - 1);
    expect(t.of('speech-end')).toHaveLength(0);
    t.clock.increment(1);
    expect(t.of('speech-end')).toHaveLength(1);
    expect(t.view().speaking).toBe(false);
  });

  it('a loud sample at 900 ms postpones speech-end to 1 900 ms; quiet samples do not', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.audioLevels', levels: [0.05] });
    t.clock.increment(500);
    t.notify({ type: 'daily.audioLevels', levels: [0.001] });
    t.clock.increment(400);
    t.notify({ type: 'daily.audioLevels', levels: [0.05] });
    t.clock.increment(999);
    expect(t.of('speech-end')).toHaveLength(0);
    t.clock.increment(1);
    expect(t.of('speech-end')).toHaveLength(1);
    expect(t.of('speech-start')).toHaveLength(1);
  });

  it('while speaking, a quiet sample still emits volume-level and does not end the speech', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.audioLevels', levels: [0.05] });
    t.notify({ type: 'daily.audioLevels', levels: [0.003] });
    expect(t.of('volume-level').map((e) => e.payload)).toEqual([toVolumeLevel([0.05]), toVolumeLevel([0.003])]);
    expect(t.view().speaking).toBe(true);
    expect(t.of('speech-end')).toHaveLength(0);
  });

  it('an audio-processor error turns the noise processor off and asks the transport to recover the mic', async () => {
    const t = start();
    await toLive(t);
    expect(t.context().noiseProcessor).toBe('noise-cancellation');
    t.notify({ type: 'daily.nonFatalError', errorType: 'screen-share-error' });
    expect(t.commands).toEqual([]);
    t.notify({ type: 'daily.nonFatalError', errorType: 'audio-processor-error' });
    expect(t.context().noiseProcessor).toBe('none');
    expect(t.commands).toEqual([{ type: 'transport.recoverAudio' }]);
    t.notify({ type: 'daily.audioRecoveryFailed', message: 'mic unavailable' });
    expect(t.errors()).toEqual([{ type: 'audio-processor-recovery-error', error: { message: 'mic unavailable' } }]);
    expect(t.view().phase).toBe('live');
  });

  it('call.send and call.setMuted go to the transport', async () => {
    const t = start();
    await toLive(t);
    t.actor.send({ type: 'call.send', message: { type: 'say', message: 'Hello' } });
    t.actor.send({ type: 'call.setMuted', muted: true });
    expect(t.commands).toEqual([
      { type: 'transport.send', message: { type: 'say', message: 'Hello' } },
      { type: 'transport.setMuted', muted: true },
    ]);
    expect(t.view().muted).toBe(true);
  });

  it('a room error is passed on as daily-error and the call goes on until left', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.error', errorType: 'ejected', message: 'Meeting has ended' });
    expect(t.errors()).toEqual([{ type: 'daily-error', error: { message: 'Meeting has ended', type: 'ejected' } }]);
    expect(t.view().phase).toBe('live');
  });
});

describe('call-session: the end', () => {
  it('left meeting → call-end, the synthetic customer-ended-call status exactly once, cleanup, idle', async () => {
    const t = start();
    await toLive(t);
    const before = t.emitted.length;
    t.notify({ type: 'daily.left' });
    t.notify({ type: 'daily.left' });
    expect(t.emitted.slice(before)).toEqual([
      { type: 'call-end', payload: undefined },
      {
        type: 'message',
        payload: { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' },
      },
    ]);
    expect(t.value()).toBe('cleaningUp');
    expect(t.transport.running).toBe(false);
    expect(t.controlled.invocations.some((i) => i.src === 'stopRecording')).toBe(false);
    await t.resolve('cleanup', undefined);
    expect(t.value()).toBe('ended');
    expect(t.actor.getSnapshot().output).toEqual({
      ok: true,
      failedStage: null,
      endedReason: 'customer-ended-call',
      durations: {
        initialization: 0,
        'web-call-creation': 120,
        'daily-call-object-creation': 5,
        'mobile-permissions': 0,
        'daily-call-join': 900,
        'video-recording-setup': 1,
        'audio-observer-setup': 2,
        'audio-processing-setup': 3,
      },
      callId: 'call-1',
    });
  });

  it('no synthetic status when an ended status-update already arrived', async () => {
    const t = start();
    await toLive(t);
    const ended = { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' };
    t.notify({ type: 'daily.appMessage', fromAssistant: true, data: JSON.stringify(ended) });
    t.notify({ type: 'daily.left' });
    expect(t.of('message').map((e) => e.payload)).toEqual([ended]);
    expect(t.of('call-end')).toHaveLength(1);
    await t.resolve('cleanup', undefined);
    expect(t.actor.getSnapshot().output?.endedReason).toBe('assistant-ended-call');
  });

  it('call.stop → leaving (leaveCall) → call-end and the synthetic status once, even if left arrives too', async () => {
    const t = start();
    await toLive(t);
    t.actor.send({ type: 'call.stop' });
    expect(t.value()).toEqual({ call: { inCall: 'leaving' } });
    t.notify({ type: 'daily.left' });
    await t.resolve('cleanup', undefined);
    expect(t.controlled.invocations.find((i) => i.src === 'leaveCall')?.signal.aborted).toBe(true);
    expect(t.of('call-end')).toHaveLength(1);
    expect(t.of('message')).toHaveLength(1);
    expect(t.value()).toBe('ended');
  });

  it('an ended status arriving while leaving is passed on and suppresses the synthetic one', async () => {
    const t = start();
    await toLive(t);
    t.actor.send({ type: 'call.stop' });
    t.notify({
      type: 'daily.appMessage',
      fromAssistant: true,
      data: '{"type":"status-update","status":"ended","endedReason":"assistant-ended-call"}',
    });
    await t.resolve('leaveCall', undefined);
    expect(t.of('message').map((e) => e.payload)).toEqual([
      { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' },
    ]);
    expect(t.of('call-end')).toHaveLength(1);
    expect(t.context().endedReason).toBe('assistant-ended-call');
  });

  it('leaving asks the call object (the videoClient child) to leave', async () => {
    const t = start();
    await toLive(t);
    t.actor.send({ type: 'call.stop' });
    const leave = t.controlled.invocations.find((i) => i.src === 'leaveCall');
    expect(leave?.input).toEqual({ video: t.actor.getSnapshot().children.videoClient });
    expect(t.actor.getSnapshot().children.videoClient).toBeDefined();
  });

  it('an ended status without a reason ends the call with reason "unknown" (and no synthetic status)', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.appMessage', fromAssistant: true, data: '{"type":"status-update","status":"ended"}' });
    t.notify({ type: 'daily.left' });
    await t.resolve('cleanup', undefined);
    expect(t.of('message')).toHaveLength(1);
    expect(t.actor.getSnapshot().output?.endedReason).toBe('unknown');
  });

  it('a leave that hangs ends the call at 10 000 ms, not 9 999 ms', async () => {
    const t = start();
    await toLive(t);
    t.actor.send({ type: 'call.stop' });
    t.clock.increment(LEAVE_TIMEOUT_MS - 1);
    await flush();
    expect(t.of('call-end')).toHaveLength(0);
    t.clock.increment(1);
    await flush();
    expect(t.of('call-end')).toHaveLength(1);
    expect(t.value()).toBe('cleaningUp');
  });

  it('stops the recording when video recording was enabled (non-fatal: a failure is only logged)', async () => {
    const t = start();
    await toLive(t, { ...CALL, videoRecordingEnabled: true });
    t.notify({ type: 'daily.left' });
    expect(t.value()).toEqual({ call: 'stoppingRecording' });
    await t.reject('stopRecording', new Error('not recording'));
    expect(t.logEndProblem).toHaveBeenCalledWith(expect.anything(), {
      where: 'stop recording',
      error: expect.any(Error),
    });
    expect(t.value()).toBe('cleaningUp');
    expect(t.errors()).toEqual([]);
  });

  it('a recording stop that hangs gives up at 10 000 ms', async () => {
    const t = start();
    await toLive(t, { ...CALL, videoRecordingEnabled: true });
    t.notify({ type: 'daily.left' });
    t.clock.increment(STOP_RECORDING_TIMEOUT_MS - 1);
    await flush();
    expect(t.value()).toEqual({ call: 'stoppingRecording' });
    t.clock.increment(1);
    await flush();
    expect(t.value()).toBe('cleaningUp');
    expect(t.logEndProblem).toHaveBeenCalledWith(expect.anything(), { where: 'stop recording', error: 'timed out' });
  });

  it('a stopped recording goes on to the cleanup at once', async () => {
    const t = start();
    await toLive(t, { ...CALL, videoRecordingEnabled: true });
    t.notify({ type: 'daily.left' });
    await t.resolve('stopRecording', undefined);
    expect(t.value()).toBe('cleaningUp');
    expect(t.controlled.invocations.map((i) => i.src)).toContain('cleanup');
    expect(t.logEndProblem).not.toHaveBeenCalled();
  });

  it('a failed cleanup ends the session at once, logged', async () => {
    const t = start();
    await toLive(t);
    t.notify({ type: 'daily.left' });
    const failure = new Error('destroy failed');
    await t.reject('cleanup', failure);
    expect(t.actor.getSnapshot().status).toBe('done');
    expect(t.logEndProblem).toHaveBeenCalledWith(expect.anything(), { where: 'cleanup', error: failure });
  });

  it('is tagged busy while starting and ending (leave, recording stop, cleanup), not in the live call', async () => {
    const t = start();
    const busy = () => t.actor.getSnapshot().hasTag('busy');
    expect(busy()).toBe(false);
    await toJoin(t, { ...CALL, videoRecordingEnabled: true });
    expect(busy()).toBe(true);
    await t.resolve('joinCall', { durationMs: 900 });
    await t.resolve('startVideoRecording', { durationMs: 1, action: 'started' });
    await t.resolve('startAudioObserver', { durationMs: 2 });
    await t.resolve('startAudioProcessing', { durationMs: 3 });
    expect(busy()).toBe(false);
    t.actor.send({ type: 'call.stop' });
    expect(busy()).toBe(true);
    await t.resolve('leaveCall', undefined);
    expect(t.value()).toEqual({ call: 'stoppingRecording' });
    expect(busy()).toBe(true);
    await t.resolve('stopRecording', undefined);
    expect(t.value()).toBe('cleaningUp');
    expect(busy()).toBe(true);
    await t.resolve('cleanup', undefined);
    expect(busy()).toBe(false);
  });

  it('a crashed transport is reported as daily-error and ends the call', async () => {
    const controlled = createControlledActors(PROMISE_ACTORS);
    const actor = createActor(
      callSessionMachine.provide({
        actors: {
          ...controlled.actors,
          callTransport: fromCallback(() => {
            throw new Error('socket closed');
          }),
        },
      }),
      { input: { isMobile: false } },
    );
    const types: string[] = [];
    const errors: unknown[] = [];
    actor.on('*', (e) => types.push(e.type));
    actor.on('error', (e) => errors.push(e.payload));
    actor.start();
    actor.send({ type: 'call.start', assistantId: 'a' });
    for (const [src, output] of [
      ['createWebCall', { durationMs: 1, call: CALL }],
      ['createCallObject', { durationMs: 1 }],
      ['joinCall', { durationMs: 1 }],
      ['startVideoRecording', { durationMs: 1, action: 'skipped-not-enabled' }],
      ['startAudioObserver', { durationMs: 1 }],
      ['startAudioProcessing', { durationMs: 1 }],
    ] as const) {
      controlled.pending(src)?.resolve(output);
      await flush();
    }
    expect(actor.getSnapshot().value).toBe('cleaningUp');
    expect(types.slice(-4)).toEqual(['call-start-success', 'error', 'call-end', 'message']);
    expect(errors).toEqual([{ type: 'daily-error', error: expect.objectContaining({ message: 'socket closed' }) }]);
  });
});

describe('createCallSessionActors', () => {
  function ports(overrides: Partial<CallSessionPorts> = {}): CallSessionPorts {
    return {
      createWebCall: vi.fn(async () => CALL),
      createCallObject: vi.fn(async () => {}),
      room: {
        loadBundle: vi.fn(async () => {}),
        joinMeeting: vi.fn(async () => ({ localSessionId: 'local-1' })),
        leaveMeeting: vi.fn(async () => {}),
      },
      startVideoRecording: vi.fn(async () => 'skipped-not-enabled' as const),
      startAudioObserver: vi.fn(async () => {}),
      startAudioProcessing: vi.fn(async () => {}),
      connectTransport: vi.fn(() => ({
        send: vi.fn(),
        setMuted: vi.fn(),
        recoverAudio: vi.fn(async () => {}),
        close: vi.fn(),
      })),
      stopRecording: vi.fn(async () => {}),
      cleanup: vi.fn(async () => {}),
      ...overrides,
    };
  }

  it('times every stage with the injected clock and reports failures with their duration', async () => {
    let now = 1_000;
    const clockedPorts = ports({
      createWebCall: vi.fn(async () => {
        now += 250;
        return CALL;
      }),
      room: {
        loadBundle: vi.fn(async () => {}),
        joinMeeting: vi.fn(async () => {
          now += 40;
          throw Object.assign(new Error('not-allowed'), { type: 'not-allowed' });
        }),
        leaveMeeting: vi.fn(async () => {}),
      },
    });
    const actor = createActor(
      callSessionMachine.provide({ actors: createCallSessionActors(clockedPorts, () => now) }),
      { input: { isMobile: false } },
    );
    const emitted: CallSessionEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as CallSessionEmitted));
    actor.start();
    actor.send({ type: 'call.start', assistantId: 'asst-1' });
    await flush();
    await flush();
    await flush();
    const progress = emitted.flatMap((e) => (e.type === 'call-start-progress' ? [e.payload] : []));
    expect(progress.find((p) => p.stage === 'web-call-creation' && p.status === 'completed')?.durationMs).toBe(250);
    expect(progress.find((p) => p.stage === 'daily-call-join' && p.status === 'failed')?.durationMs).toBe(40);
    expect(clockedPorts.createWebCall).toHaveBeenCalledWith({ assistantId: 'asst-1' }, expect.any(AbortSignal));
    // The join goes through the session's call object: the bundle first, then the room with its token.
    expect(clockedPorts.room.loadBundle).toHaveBeenCalledTimes(1);
    expect(clockedPorts.room.joinMeeting).toHaveBeenCalledWith(
      { url: CALL.webCallUrl, token: 'room-token' },
      expect.any(AbortSignal),
    );
    expect(emitted.find((e) => e.type === 'call-start-failed')?.payload).toMatchObject({ error: 'not-allowed' });
    expect(clockedPorts.cleanup).toHaveBeenCalled();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      ok: false,
      failedStage: 'daily-call-join',
      endedReason: null,
      durations: {
        initialization: 0,
        'web-call-creation': 250,
        'daily-call-object-creation': 0,
        'mobile-permissions': 0,
        'daily-call-join': 40,
      },
      callId: 'call-1',
    });
  });

  it('wires the transport: notifications in, commands out, a failed audio recovery reported back', async () => {
    let notify: ((n: CallTransportNotification) => void) | undefined;
    const transport = {
      send: vi.fn(),
      setMuted: vi.fn(),
      recoverAudio: vi.fn(async () => {
        throw new Error('no mic');
      }),
      close: vi.fn(),
    };
    const p = ports({
      connectTransport: vi.fn((listener) => {
        notify = listener;
        return transport;
      }),
    });
    // A stopwatch that stands still: the stage durations do not matter here.
    const actor = createActor(callSessionMachine.provide({ actors: createCallSessionActors(p, () => 0) }), {
      input: { isMobile: false },
    });
    const emitted: CallSessionEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as CallSessionEmitted));
    actor.start();
    actor.send({ type: 'call.start', assistantId: 'asst-1' });
    for (let i = 0; i < 8; i++) await flush();
    notify?.({ type: 'daily.appMessage', fromAssistant: true, data: 'listening' });
    expect(emitted.some((e) => e.type === 'call-start')).toBe(true);
    actor.send({ type: 'call.setMuted', muted: true });
    expect(transport.setMuted).toHaveBeenCalledWith(true);
    notify?.({ type: 'daily.nonFatalError', errorType: 'audio-processor-error' });
    await flush();
    expect(emitted.at(-1)).toEqual({
      type: 'error',
      payload: { type: 'audio-processor-recovery-error', error: { message: 'no mic' } },
    });
    notify?.({ type: 'daily.left' });
    await flush();
    expect(transport.close).toHaveBeenCalled();
  });
});

describe('call-session: what a face must provide', () => {
  it('each placeholder actor fails naming itself', async () => {
    const actors = callSessionMachine.implementations.actors as Record<string, AnyActorLogic>;
    for (const name of [...PROMISE_ACTORS, 'callTransport']) {
      const actor = createActor(actors[name] as AnyActorLogic, { input: {} as never });
      let failure: unknown = null;
      actor.subscribe({ error: (error) => (failure = error) });
      actor.start();
      await flush();
      expect((failure as Error | null)?.message).toBe(`actor ${name} not provided`);
    }
  });

  it('logs a dropped app-message and a problem after the end as warnings naming what failed', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const controlled = createControlledActors(PROMISE_ACTORS, ['callTransport']);
      const actor = createActor(callSessionMachine.provide({ actors: controlled.actors }), {
        input: { isMobile: false },
      });
      actor.start();
      actor.send({ type: 'call.start', assistantId: 'asst-1' });
      for (const [src, output] of [
        ['createWebCall', { durationMs: 1, call: CALL }],
        ['createCallObject', { durationMs: 1 }],
        ['joinCall', { durationMs: 1 }],
        ['startVideoRecording', { durationMs: 1, action: 'skipped-not-enabled' }],
        ['startAudioObserver', { durationMs: 1 }],
        ['startAudioProcessing', { durationMs: 1 }],
      ] as const) {
        controlled.pending(src)?.resolve(output);
        await flush();
      }
      actor.send({ type: 'daily.appMessage', fromAssistant: false, data: 'not json' });
      expect(warn.mock.calls).toEqual([['[call-session] dropped an app-message that is not JSON']]);
      actor.send({ type: 'daily.left' });
      controlled.pending('cleanup')?.reject(new Error('destroy failed'));
      await flush();
      expect(warn.mock.calls[1]).toEqual(['[call-session] cleanup:', 'destroy failed']);
      expect(actor.getSnapshot().status).toBe('done');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('call-session view', () => {
  it('phase and stage from idle to ended; started only in between', async () => {
    const t = start({ isMobile: true });
    expect(t.view()).toMatchObject({ phase: 'idle', stage: null, started: false });
    t.actor.send({ type: 'call.start', assistantId: 'asst-1' });
    expect(t.view()).toMatchObject({ phase: 'starting', stage: 'web-call-creation', started: true });
    await t.resolve('createWebCall', { durationMs: 120, call: { ...CALL, videoRecordingEnabled: true } });
    await t.resolve('createCallObject', { durationMs: 5 });
    expect(t.view()).toMatchObject({ phase: 'starting', stage: 'mobile-permissions' });
    t.clock.increment(MOBILE_JOIN_DELAY_MS);
    await t.resolve('joinCall', { durationMs: 900 });
    await t.resolve('startVideoRecording', { durationMs: 1, action: 'started' });
    await t.resolve('startAudioObserver', { durationMs: 2 });
    await t.resolve('startAudioProcessing', { durationMs: 3 });
    expect(t.view()).toMatchObject({ phase: 'waitingForAssistant', stage: null });
    t.notify({ type: 'daily.appMessage', fromAssistant: true, data: 'listening' });
    expect(t.view().phase).toBe('live');
    t.actor.send({ type: 'call.stop' });
    expect(t.view()).toMatchObject({ phase: 'ending', stage: null, started: true });
    await t.resolve('leaveCall', undefined);
    expect(t.view()).toMatchObject({ phase: 'ending', stage: null, state: 'call.stoppingRecording' });
    await t.resolve('stopRecording', undefined);
    await t.resolve('cleanup', undefined);
    expect(t.view()).toMatchObject({ phase: 'ended', stage: null, started: false });
  });
});

describe('call-session: progress metadata', () => {
  it.each([
    [{ squadId: 'sq-1' }, { hasAssistant: false, hasSquad: true, hasWorkflow: false }],
    [{ squad: { name: 's' } }, { hasAssistant: false, hasSquad: true, hasWorkflow: false }],
    [{ workflowId: 'wf-1' }, { hasAssistant: false, hasSquad: false, hasWorkflow: true }],
    [{ workflow: { name: 'w' } }, { hasAssistant: false, hasSquad: false, hasWorkflow: true }],
    [{ assistant: { name: 'a' } }, { hasAssistant: true, hasSquad: false, hasWorkflow: false }],
  ])('initialization says what the start named: %o', (target, metadata) => {
    const t = start();
    t.actor.send({ type: 'call.start', ...target } as never);
    expect(t.progress()[0]).toEqual({ stage: 'initialization', status: 'started', metadata });
  });

  it('a stage without metadata reports none', async () => {
    const t = start();
    await toActive(t);
    const observer = t.progress().filter((p) => p.stage === 'audio-observer-setup');
    expect(observer).toStrictEqual([
      { stage: 'audio-observer-setup', status: 'started' },
      { stage: 'audio-observer-setup', status: 'completed', durationMs: 2 },
    ]);
  });
});
