// Builds the call-session machine's actors from a face's ports. Every start stage is timed here with
// the injected clock so the machine stays pure: outputs carry `durationMs`, failures are thrown as a
// StageFailure with the duration and the cause. Joining and leaving drive the session's call object
// (its videoClient child): load, then join; leave until left.
import { type AnyActorRef, fromCallback, fromPromise, type SnapshotFrom, waitFor } from 'xstate';
import { createVideoClientActors } from '../video-client/video-client.actors.ts';
import { videoClientMachine } from '../video-client/video-client.machine.ts';
import type {
  CallObjectOptions,
  CallSessionPorts,
  CallStartRequest,
  CallTransportCommand,
  CallTransportNotification,
  JoinCallInput,
  LeaveCallInput,
  StageOutput,
  VideoRecordingSetUp,
  WebCallCreated,
} from './call-session.types.ts';

/** A start stage's failure: how long the stage ran and what it threw. */
export class StageFailure extends Error {
  readonly durationMs: number;
  override readonly cause: unknown;
  constructor(cause: unknown, durationMs: number) {
    super(cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : 'Unknown error');
    this.name = cause instanceof Error ? cause.name : 'StageFailure';
    if (cause instanceof Error && cause.stack) this.stack = cause.stack;
    this.durationMs = durationMs;
    this.cause = cause;
  }
}

async function timed<T>(now: () => number, run: () => Promise<T>): Promise<{ value: T; durationMs: number }> {
  const started = now();
  try {
    const value = await run();
    return { value, durationMs: now() - started };
  } catch (error) {
    throw new StageFailure(error, now() - started);
  }
}

type VideoSnapshot = SnapshotFrom<typeof videoClientMachine>;

function callObject(video: AnyActorRef | undefined): AnyActorRef {
  if (!video) throw new Error('No call object');
  return video;
}

/** As daily-js does on join: the call-machine bundle loads (with its retries), then the meeting is joined. */
async function joinRoom({ url, token, video }: JoinCallInput, signal: AbortSignal): Promise<void> {
  const client = callObject(video);
  const settled = (wanted: 'loaded' | 'joined') => (s: VideoSnapshot) => s.matches(wanted) || s.hasTag('error');
  client.send({ type: 'video.load' });
  const loaded = (await waitFor(client, settled('loaded'), { signal })) as VideoSnapshot;
  if (loaded.hasTag('error')) throw new Error(loaded.context.lastError?.message ?? 'Failed to load the call object');
  client.send({ type: 'video.join', url, ...(token ? { token } : {}) });
  const joined = (await waitFor(client, settled('joined'), { signal })) as VideoSnapshot;
  if (joined.hasTag('error')) throw new Error(joined.context.lastError?.message ?? 'Failed to join the room');
}

async function leaveRoom({ video }: LeaveCallInput, signal: AbortSignal): Promise<void> {
  if (video?.getSnapshot().status !== 'active') return;
  video.send({ type: 'video.leave' });
  await waitFor(video, (s: VideoSnapshot) => s.matches('left') || s.hasTag('error') || s.status !== 'active', {
    signal,
  });
}

export function createCallSessionActors(
  ports: CallSessionPorts,
  /** Milliseconds on a stopwatch (stage durations). */ now: () => number,
) {
  return {
    createWebCall: fromPromise<WebCallCreated, CallStartRequest>(async ({ input, signal }) => {
      const { value, durationMs } = await timed(now, () => ports.createWebCall(input, signal));
      return { call: value, durationMs };
    }),
    videoClient: videoClientMachine.provide({ actors: createVideoClientActors(ports.room) }),
    createCallObject: fromPromise<StageOutput, CallObjectOptions>(async ({ input, signal }) => {
      const { durationMs } = await timed(now, () => ports.createCallObject(input, signal));
      return { durationMs };
    }),
    joinCall: fromPromise<StageOutput, JoinCallInput>(async ({ input, signal }) => {
      const { durationMs } = await timed(now, () => joinRoom(input, signal));
      return { durationMs };
    }),
    startVideoRecording: fromPromise<VideoRecordingSetUp, { videoRecordingEnabled: boolean }>(
      async ({ input, signal }) => {
        const { value, durationMs } = await timed(now, () => ports.startVideoRecording(input, signal));
        return { action: value, durationMs };
      },
    ),
    startAudioObserver: fromPromise<StageOutput, void>(async ({ signal }) => {
      const { durationMs } = await timed(now, () => ports.startAudioObserver(signal));
      return { durationMs };
    }),
    startAudioProcessing: fromPromise<StageOutput, void>(async ({ signal }) => {
      const { durationMs } = await timed(now, () => ports.startAudioProcessing(signal));
      return { durationMs };
    }),
    callTransport: fromCallback<CallTransportCommand, void>(({ sendBack, receive }) => {
      const transport = ports.connectTransport((notification: CallTransportNotification) => sendBack(notification));
      receive((command) => {
        if (command.type === 'transport.send') transport.send(command.message);
        else if (command.type === 'transport.setMuted') transport.setMuted(command.muted);
        else {
          transport.recoverAudio().catch((error: unknown) => {
            sendBack({
              type: 'daily.audioRecoveryFailed',
              message: error instanceof Error ? error.message : String(error),
            });
          });
        }
      });
      return () => transport.close();
    }),
    leaveCall: fromPromise<void, LeaveCallInput>(({ input, signal }) => leaveRoom(input, signal)),
    stopRecording: fromPromise<void, void>(({ signal }) => ports.stopRecording(signal)),
    cleanup: fromPromise<void, void>(({ signal }) => ports.cleanup(signal)),
  };
}
