// The call-session machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { callSessionMachine } from './call-session.machine.ts';
import type { CallSessionContext, WebCall } from './call-session.types.ts';

const CALL: WebCall = {
  id: 'call-1',
  webCallUrl: 'https://homerounds.daily.co/call-1',
  callToken: null,
  videoRecordingEnabled: false,
  voiceProvider: '11labs',
};

/** A stage failure as the actors report it (StageFailure carries the duration). */
function stageError(message: string, durationMs: number): Error {
  return Object.assign(new Error(message), { durationMs });
}

export const callSessionModel: MachineModel<typeof callSessionMachine> = {
  name: 'call-session',
  machine: callSessionMachine.provide({ actions: { logDroppedMessage: () => {}, logEndProblem: () => {} } }),
  input: { isMobile: false },
  outcomes: {
    createWebCall: [
      { label: 'web call', output: { durationMs: 120, call: CALL } },
      { label: 'web call with recording', output: { durationMs: 120, call: { ...CALL, videoRecordingEnabled: true } } },
      { label: 'web call 401', error: stageError('Unauthorized', 80) },
    ],
    createCallObject: [
      { label: 'call object', output: { durationMs: 5 } },
      { label: 'no WebRTC', error: stageError('WebRTC not supported or suppressed', 2) },
    ],
    // The call object runs for the whole call; the outcome worth modelling is a crash.
    videoClient: [{ label: 'call object crashed', error: new Error('call machine crashed') }],
    joinCall: [
      { label: 'joined', output: { durationMs: 900 } },
      { label: 'join refused', error: stageError('not-allowed', 400) },
    ],
    startVideoRecording: [
      { label: 'recording set up', output: { durationMs: 10, action: 'started' } },
      { label: 'recording error', error: stageError('recording not allowed', 10) },
    ],
    startAudioObserver: [
      { label: 'observer', output: { durationMs: 1 } },
      { label: 'observer error', error: stageError('observer failed', 1) },
    ],
    startAudioProcessing: [
      { label: 'noise cancellation', output: { durationMs: 1 } },
      { label: 'processor error', error: stageError('KrispInitError: Canceled', 1) },
    ],
    callTransport: [{ label: 'transport crashed', error: new Error('socket closed') }],
    leaveCall: [
      { label: 'left', output: undefined },
      { label: 'leave error', error: new Error('call object destroyed') },
    ],
    stopRecording: [
      { label: 'recording stopped', output: undefined },
      { label: 'stop recording error', error: new Error('not recording') },
    ],
    cleanup: [
      { label: 'cleaned up', output: undefined },
      { label: 'cleanup error', error: new Error('destroy failed') },
    ],
  },
  // The room subscription runs for the whole call; its only outcome worth modelling is a crash. It is
  // listed as an outcome (not under callbacks) so the graph offers that crash; replay stands it in with
  // a controlled promise, which ignores the commands the machine sends it.
  events: [
    { type: 'call.start', assistantId: 'asst-1' },
    { type: 'call.start', assistantId: 'asst-1', isMobile: true },
    { type: 'call.start' },
    { type: 'call.stop' },
    { type: 'call.send', message: { type: 'say', message: 'Hello' } },
    { type: 'call.setMuted', muted: true },
    { type: 'daily.appMessage', fromAssistant: true, data: 'listening' },
    {
      type: 'daily.appMessage',
      fromAssistant: true,
      data: '{"type":"status-update","status":"ended","endedReason":"assistant-ended-call"}',
    },
    { type: 'daily.appMessage', fromAssistant: true, data: '{"type":"transcript","role":"assistant"}' },
    { type: 'daily.appMessage', fromAssistant: false, data: 'not json' },
    { type: 'daily.audioLevels', levels: [0.02, 0.005] },
    { type: 'daily.audioLevels', levels: [0.004] },
    { type: 'daily.left' },
    { type: 'daily.error', errorType: 'ejected', message: 'Meeting has ended' },
    { type: 'daily.nonFatalError', errorType: 'audio-processor-error' },
    { type: 'daily.audioRecoveryFailed', message: 'mic unavailable' },
  ],
  // What steers transitions (the mobile check, whether recording is on) and the outcome's verdict (start
  // succeeded, failed stage). Durations, the muted flag, the noise processor and the ended status only
  // shape emitted events and the output's details (unit-tested).
  serializeContext: (context) => {
    const { isMobile, call, startSucceeded, failedStage } = context as CallSessionContext;
    return { isMobile, recording: call?.videoRecordingEnabled ?? null, startSucceeded, failedStage };
  },
};
