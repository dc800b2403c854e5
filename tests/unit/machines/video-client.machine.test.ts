import { describe, expect, it, vi } from 'vitest';
import { type AnyActorLogic, createActor, SimulatedClock } from 'xstate';
import {
  ALREADY_JOINED_WARNING,
  ALREADY_JOINING_WARNING,
  BUNDLE_FAILED_MESSAGE,
  BUNDLE_LOAD_TIMEOUT_MS,
  BUNDLE_RETRY_DELAY_MS,
  BUNDLE_TIMEOUT_MESSAGE,
  createVideoClientActors,
  JOIN_TIMEOUT_MS,
  LEAVE_TIMEOUT_MS,
  MAX_WARNINGS,
  toVideoClientError,
  toVideoClientView,
  type VideoClientPorts,
  videoClientMachine,
} from '../../../machines/video-client/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const ROOM = 'https://homerounds.daily.co/room-1';

function start() {
  const controlled = createControlledActors(['loadBundle', 'joinMeeting', 'leaveMeeting']);
  const clock = new SimulatedClock();
  const actor = createActor(videoClientMachine.provide({ actors: controlled.actors }), { clock });
  actor.start();
  const state = () => actor.getSnapshot().value;
  const context = () => actor.getSnapshot().context;
  return { actor, clock, controlled, state, context, view: () => toVideoClientView(actor.getSnapshot()) };
}

async function loaded() {
  const t = start();
  t.actor.send({ type: 'video.load' });
  t.controlled.pending('loadBundle')?.resolve(undefined);
  await flush();
  return t;
}

async function joined() {
  const t = await loaded();
  t.actor.send({ type: 'video.join', url: ROOM, token: 'tok' });
  t.controlled.pending('joinMeeting')?.resolve({ localSessionId: 'local-1' });
  await flush();
  return t;
}

describe('video-client machine: loading', () => {
  it('starts new; video.load asks for the bundle with attempt 1', () => {
    const { actor, state, context, controlled } = start();
    expect(state()).toBe('new');
    expect(context().meetingState).toBe('new');
    actor.send({ type: 'video.load' });
    expect(state()).toEqual({ loading: 'attempt' });
    expect(context()).toMatchObject({ meetingState: 'loading', attempts: 1 });
    expect(controlled.pending('loadBundle')?.input).toEqual({ attempt: 1 });
  });

  it('bundle loaded → loaded', async () => {
    const { state, context } = await loaded();
    expect(state()).toBe('loaded');
    expect(context()).toMatchObject({ meetingState: 'loaded', attempts: 1, lastError: null });
  });

  it('an attempt is still pending at 19 999 ms and times out at 20 000 ms (request aborted)', async () => {
    const { actor, clock, state, context, controlled } = start();
    actor.send({ type: 'video.load' });
    const first = controlled.pending('loadBundle');
    clock.increment(BUNDLE_LOAD_TIMEOUT_MS - 1);
    await flush();
    expect(state()).toEqual({ loading: 'attempt' });
    expect(first?.signal.aborted).toBe(false);
    clock.increment(1);
    await flush();
    expect(state()).toEqual({ loading: 'waitingToRetry' });
    expect(first?.signal.aborted).toBe(true);
    expect(context().lastError).toEqual({ type: 'connection-error', message: BUNDLE_TIMEOUT_MESSAGE });
    expect(BUNDLE_TIMEOUT_MESSAGE).toBe('timed out (over 20000 ms) loading the bundle');
  });

  it('retries 3 000 ms after a failure, not at 2 999 ms', async () => {
    const { actor, clock, state, context, controlled } = start();
    actor.send({ type: 'video.load' });
    controlled.pending('loadBundle')?.reject(new Error('Received 503 response'));
    await flush();
    expect(state()).toEqual({ loading: 'waitingToRetry' });
    expect(context().lastError).toEqual({ type: 'connection-error', message: 'Received 503 response' });
    clock.increment(BUNDLE_RETRY_DELAY_MS - 1);
    await flush();
    expect(state()).toEqual({ loading: 'waitingToRetry' });
    expect(controlled.pending('loadBundle')).toBeUndefined();
    clock.increment(1);
    await flush();
    expect(state()).toEqual({ loading: 'attempt' });
    expect(controlled.pending('loadBundle')?.input).toEqual({ attempt: 2 });
  });

  it('succeeds on the second attempt', async () => {
    const { actor, clock, state, context, controlled } = start();
    actor.send({ type: 'video.load' });
    controlled.pending('loadBundle')?.reject(new Error('Received 503 response'));
    await flush();
    clock.increment(BUNDLE_RETRY_DELAY_MS);
    controlled.pending('loadBundle')?.resolve(undefined);
    await flush();
    expect(state()).toBe('loaded');
    expect(context()).toMatchObject({ attempts: 2, lastError: null });
  });

  it('the third failure → error "Failed to load call object bundle" (connection-error)', async () => {
    const { actor, clock, state, context, controlled, view } = start();
    actor.send({ type: 'video.load' });
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(controlled.pending('loadBundle')?.input).toEqual({ attempt });
      controlled.pending('loadBundle')?.reject(new Error('Received 404 response'));
      await flush();
      clock.increment(BUNDLE_RETRY_DELAY_MS);
      await flush();
    }
    expect(controlled.pending('loadBundle')?.input).toEqual({ attempt: 3 });
    controlled.pending('loadBundle')?.reject(new Error('Received 404 response'));
    await flush();
    expect(state()).toBe('error');
    expect(context()).toMatchObject({
      meetingState: 'error',
      attempts: 3,
      lastError: { type: 'connection-error', message: BUNDLE_FAILED_MESSAGE },
    });
    expect(view().error?.message).toBe('Failed to load call object bundle');
  });

  it('three timeouts → error after 3 × 20 s + 2 × 3 s', async () => {
    const { actor, clock, state, controlled } = start();
    actor.send({ type: 'video.load' });
    for (let i = 0; i < 2; i++) {
      clock.increment(BUNDLE_LOAD_TIMEOUT_MS);
      clock.increment(BUNDLE_RETRY_DELAY_MS);
    }
    const third = controlled.pending('loadBundle');
    clock.increment(BUNDLE_LOAD_TIMEOUT_MS - 1);
    await flush();
    expect(state()).toEqual({ loading: 'attempt' });
    clock.increment(1);
    await flush();
    expect(state()).toBe('error');
    expect(third?.signal.aborted).toBe(true);
    expect(controlled.invocations).toHaveLength(3);
    expect(actor.getSnapshot().context.lastError).toEqual({
      type: 'connection-error',
      message: 'Failed to load call object bundle',
    });
  });

  it('video.load from error starts a fresh load', async () => {
    const { actor, clock, state, context } = start();
    actor.send({ type: 'video.load' });
    for (let i = 0; i < 2; i++) {
      clock.increment(BUNDLE_LOAD_TIMEOUT_MS);
      clock.increment(BUNDLE_RETRY_DELAY_MS);
    }
    clock.increment(BUNDLE_LOAD_TIMEOUT_MS);
    await flush();
    expect(state()).toBe('error');
    actor.send({ type: 'video.load' });
    expect(context()).toMatchObject({ attempts: 1, lastError: null, meetingState: 'loading' });
  });
});

describe('video-client machine: join and leave', () => {
  it('join from loaded → joining (url and token to the actor, token not kept) → joined', async () => {
    const { actor, state, context, controlled } = await loaded();
    actor.send({ type: 'video.join', url: ROOM, token: 'secret-token' });
    expect(state()).toBe('joining');
    expect(context().meetingState).toBe('joining-meeting');
    expect(controlled.pending('joinMeeting')?.input).toEqual({ url: ROOM, token: 'secret-token' });
    expect(JSON.stringify(context())).not.toContain('secret-token');
    controlled.pending('joinMeeting')?.resolve({ localSessionId: 'local-1' });
    await flush();
    expect(state()).toBe('joined');
    expect(context()).toMatchObject({ meetingState: 'joined-meeting', roomUrl: ROOM, localSessionId: 'local-1' });
  });

  it('join while joining is refused with a warning; state unchanged', async () => {
    const { actor, state, context, controlled } = await loaded();
    actor.send({ type: 'video.join', url: ROOM });
    actor.send({ type: 'video.join', url: 'https://other' });
    expect(state()).toBe('joining');
    expect(context().warnings).toEqual([ALREADY_JOINING_WARNING]);
    expect(controlled.invocations.filter((i) => i.src === 'joinMeeting')).toHaveLength(1);
  });

  it('join while joined is refused with a warning; warnings keep the last 5', async () => {
    const { actor, state, context } = await joined();
    for (let i = 0; i < MAX_WARNINGS + 2; i++) actor.send({ type: 'video.join', url: ROOM });
    expect(state()).toBe('joined');
    expect(context().warnings).toHaveLength(MAX_WARNINGS);
    expect(context().warnings.every((w) => w === ALREADY_JOINED_WARNING)).toBe(true);
  });

  it('join before load is refused with a warning', () => {
    const { actor, state, context } = start();
    actor.send({ type: 'video.join', url: ROOM });
    expect(state()).toBe('new');
    expect(context().warnings).toHaveLength(1);
  });

  it('join fails with the room error type → error', async () => {
    const { actor, state, context, controlled } = await loaded();
    actor.send({ type: 'video.join', url: ROOM });
    controlled.pending('joinMeeting')?.reject(Object.assign(new Error('Meeting is full'), { type: 'meeting-full' }));
    await flush();
    expect(state()).toBe('error');
    expect(context()).toMatchObject({
      lastError: { type: 'meeting-full', message: 'Meeting is full' },
      roomUrl: null,
      meetingState: 'error',
    });
  });

  it('join times out at 30 000 ms, not 29 999 ms, and aborts the join', async () => {
    const { actor, clock, state, controlled, context } = await loaded();
    actor.send({ type: 'video.join', url: ROOM });
    const join = controlled.pending('joinMeeting');
    clock.increment(JOIN_TIMEOUT_MS - 1);
    await flush();
    expect(state()).toBe('joining');
    clock.increment(1);
    await flush();
    expect(state()).toBe('error');
    expect(join?.signal.aborted).toBe(true);
    expect(context().lastError).toEqual({
      type: 'connection-error',
      message: 'timed out (over 30000 ms) joining the meeting',
    });
  });

  it.each(['new', 'loading', 'loaded', 'error', 'left'] as const)('leave from %s → left at once', async (from) => {
    const t = from === 'new' || from === 'loading' ? start() : await loaded();
    if (from === 'loading') t.actor.send({ type: 'video.load' });
    if (from === 'error') t.actor.send({ type: 'daily.fatalError', errorType: 'not-allowed', message: 'nope' });
    if (from === 'left') t.actor.send({ type: 'video.leave' });
    t.actor.send({ type: 'video.leave' });
    expect(t.state()).toBe('left');
    expect(t.context().meetingState).toBe('left-meeting');
    expect(t.controlled.invocations.some((i) => i.src === 'leaveMeeting')).toBe(false);
  });

  it('leave from joined goes through leaving → left', async () => {
    const { actor, state, context, controlled } = await joined();
    actor.send({ type: 'video.leave' });
    expect(state()).toBe('leaving');
    controlled.pending('leaveMeeting')?.resolve(undefined);
    await flush();
    expect(state()).toBe('left');
    expect(context()).toMatchObject({ meetingState: 'left-meeting', roomUrl: null, localSessionId: null });
  });

  it('leave from joining aborts the join and goes through leaving', async () => {
    const { actor, state, controlled } = await loaded();
    actor.send({ type: 'video.join', url: ROOM });
    const join = controlled.pending('joinMeeting');
    actor.send({ type: 'video.leave' });
    expect(state()).toBe('leaving');
    expect(join?.signal.aborted).toBe(true);
  });

  it('a leave that hangs: still leaving at 9 999 ms, left at 10 000 ms with a warning', async () => {
    const { actor, clock, state, context, controlled } = await joined();
    actor.send({ type: 'video.leave' });
    const leave = controlled.pending('leaveMeeting');
    clock.increment(LEAVE_TIMEOUT_MS - 1);
    await flush();
    expect(state()).toBe('leaving');
    clock.increment(1);
    await flush();
    expect(state()).toBe('left');
    expect(leave?.signal.aborted).toBe(true);
    expect(context().warnings).toEqual(['leave timed out (over 10000 ms)']);
  });

  it('a failed leave still ends left, with a warning', async () => {
    const { actor, state, context, controlled } = await joined();
    actor.send({ type: 'video.leave' });
    controlled.pending('leaveMeeting')?.reject(new Error('gone'));
    await flush();
    expect(state()).toBe('left');
    expect(context().warnings).toEqual(['leave failed: gone']);
  });

  it('the room ending the meeting (daily.left) → left', async () => {
    const { actor, state } = await joined();
    actor.send({ type: 'daily.left' });
    expect(state()).toBe('left');
  });

  it('rejoin after left', async () => {
    const { actor, state, controlled } = await joined();
    actor.send({ type: 'daily.left' });
    actor.send({ type: 'video.join', url: ROOM });
    expect(state()).toBe('joining');
    expect(controlled.pending('joinMeeting')).toBeDefined();
  });

  it('a fatal error → error and resets the meeting variables', async () => {
    const { actor, state, context, view } = await joined();
    actor.send({ type: 'daily.fatalError', errorType: 'ejected', message: 'Meeting has ended' });
    expect(state()).toBe('error');
    expect(context()).toMatchObject({
      meetingState: 'error',
      roomUrl: null,
      localSessionId: null,
      lastError: { type: 'ejected', message: 'Meeting has ended' },
    });
    expect(view()).toMatchObject({ joined: false, busy: false, error: { type: 'ejected' } });
  });

  it('video.destroy from anywhere → final destroyed with an output', async () => {
    const { actor } = await joined();
    actor.send({ type: 'video.destroy' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ meetingState: 'joined-meeting', lastError: null });
  });
});

describe('createVideoClientActors', () => {
  it('passes attempt, join input and the abort signal to the ports', async () => {
    const ports: VideoClientPorts = {
      loadBundle: vi.fn(async () => {}),
      joinMeeting: vi.fn(async () => ({ localSessionId: 'local-9' })),
      leaveMeeting: vi.fn(async () => {}),
    };
    const actor = createActor(videoClientMachine.provide({ actors: createVideoClientActors(ports) }));
    actor.start();
    actor.send({ type: 'video.load' });
    await flush();
    expect(ports.loadBundle).toHaveBeenCalledWith(1, expect.any(AbortSignal));
    actor.send({ type: 'video.join', url: ROOM, token: 't' });
    await flush();
    expect(ports.joinMeeting).toHaveBeenCalledWith({ url: ROOM, token: 't' }, expect.any(AbortSignal));
    expect(actor.getSnapshot().context.localSessionId).toBe('local-9');
    actor.send({ type: 'video.leave' });
    await flush();
    expect(actor.getSnapshot().value).toBe('left');
  });

  it('the placeholders fail loudly when a face provides nothing', async () => {
    const actor = createActor(videoClientMachine);
    actor.start();
    actor.send({ type: 'video.load' });
    await flush();
    expect(actor.getSnapshot().context.lastError?.message).toBe('actor loadBundle not provided');
    actor.stop();
  });
});

describe('video-client machine: what the client reports', () => {
  it.each(['loaded', 'joining', 'joined', 'leaving'] as const)(
    'a fatal error while %s keeps its type and message',
    async (from) => {
      const t = from === 'loaded' ? await loaded() : await joined();
      if (from === 'joining') {
        t.actor.send({ type: 'video.leave' });
        t.controlled.pending('leaveMeeting')?.resolve(undefined);
        await flush();
        t.actor.send({ type: 'video.join', url: ROOM });
      }
      if (from === 'leaving') t.actor.send({ type: 'video.leave' });
      expect(t.state()).toBe(from);
      t.actor.send({ type: 'daily.fatalError', errorType: 'ejected', message: 'Meeting has ended' });
      expect(t.state()).toBe('error');
      expect(t.view().error).toEqual({ type: 'ejected', message: 'Meeting has ended' });
    },
  );

  it('the room ending the meeting while leaving → left at once', async () => {
    const t = await joined();
    t.actor.send({ type: 'video.leave' });
    t.actor.send({ type: 'daily.left' });
    expect(t.state()).toBe('left');
  });

  it('the refusals carry the client’s warnings', async () => {
    const t = start();
    t.actor.send({ type: 'video.load' });
    t.actor.send({ type: 'video.join', url: ROOM });
    expect(t.view().warnings).toEqual(['the call object is not loaded yet: load it before joining']);
    const u = await joined();
    u.actor.send({ type: 'video.join', url: ROOM });
    expect(u.view().warnings.at(-1)).toBe('already joined meeting, call leave() before joining again');
    u.actor.send({ type: 'video.leave' });
    u.controlled.pending('leaveMeeting')?.resolve(undefined);
    await flush();
    u.actor.send({ type: 'video.join', url: ROOM });
    u.actor.send({ type: 'video.join', url: ROOM });
    expect(u.view().warnings.at(-1)).toBe('already joining meeting, call leave() before joining again');
  });

  it('busy while loading, joining and leaving; not when loaded, joined or left', async () => {
    const t = start();
    expect(t.view().busy).toBe(false);
    t.actor.send({ type: 'video.load' });
    expect(t.view().busy).toBe(true);
    t.controlled.pending('loadBundle')?.resolve(undefined);
    await flush();
    expect(t.view().busy).toBe(false);
    t.actor.send({ type: 'video.join', url: ROOM });
    expect(t.view().busy).toBe(true);
    t.controlled.pending('joinMeeting')?.resolve({ localSessionId: 'local-1' });
    await flush();
    expect(t.view().busy).toBe(false);
    t.actor.send({ type: 'video.leave' });
    expect(t.view().busy).toBe(true);
    t.controlled.pending('leaveMeeting')?.resolve(undefined);
    await flush();
    expect(t.view()).toMatchObject({ busy: false, meetingState: 'left-meeting' });
  });

  it('an error type is a non-empty string from `type` or `errorType`, else connection-error', () => {
    expect(toVideoClientError({ type: 42, message: 'x' })).toEqual({ type: 'connection-error', message: 'x' });
    expect(toVideoClientError({ errorType: 'not-allowed', message: 'x' })).toEqual({
      type: 'not-allowed',
      message: 'x',
    });
    expect(toVideoClientError(null)).toEqual({ type: 'connection-error', message: 'Unknown error' });
  });

  it('each placeholder actor fails naming itself', async () => {
    const actors = videoClientMachine.implementations.actors as Record<string, AnyActorLogic>;
    for (const name of ['loadBundle', 'joinMeeting', 'leaveMeeting']) {
      const actor = createActor(actors[name] as AnyActorLogic, { input: {} as never });
      let failure: unknown = null;
      actor.subscribe({ error: (error) => (failure = error) });
      actor.start();
      await flush();
      expect((failure as Error | null)?.message).toBe(`actor ${name} not provided`);
    }
  });
});
