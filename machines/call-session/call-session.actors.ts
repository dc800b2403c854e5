// Builds the call-session machine's actors from a face's ports. Every start stage is timed here with
// the injected clock so the machine stays pure: outputs carry `durationMs`, failures are thrown as a
// StageFailure with the duration and the cause.
import { fromCallback, fromPromise } from 'xstate';
import type {
  CallObjectOptions,
  CallSessionPorts,
  CallStartRequest,
  CallTransportCommand,
  CallTransportNotification,
  JoinCallInput,
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

export function createCallSessionActors(ports: CallSessionPorts, now: () => number = () => Date.now()) {
  return {
    createWebCall: fromPromise<WebCallCreated, CallStartRequest>(async ({ input, signal }) => {
      const { value, durationMs } = await timed(now, () => ports.createWebCall(input, signal));
      return { call: value, durationMs };
    }),
    createCallObject: fromPromise<StageOutput, CallObjectOptions>(async ({ input, signal }) => {
      const { durationMs } = await timed(now, () => ports.createCallObject(input, signal));
      return { durationMs };
    }),
    joinCall: fromPromise<StageOutput, JoinCallInput>(async ({ input, signal }) => {
      const { durationMs } = await timed(now, () => ports.joinCall(input, signal));
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
    leaveCall: fromPromise<void, void>(({ signal }) => ports.leaveCall(signal)),
    stopRecording: fromPromise<void, void>(({ signal }) => ports.stopRecording(signal)),
    cleanup: fromPromise<void, void>(({ signal }) => ports.cleanup(signal)),
  };
}
