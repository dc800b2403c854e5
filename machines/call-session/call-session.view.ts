// What a face (the CLI's call simulator, the local client) shows of a call session.
import type { SnapshotFrom } from 'xstate';
import { stateString } from '../auth/auth.view.ts';
import type { callSessionMachine } from './call-session.machine.ts';
import type { CallStartStage } from './call-session.types.ts';

const STAGE_BY_STATE: Record<string, CallStartStage> = {
  webCallCreation: 'web-call-creation',
  dailyCallObjectCreation: 'daily-call-object-creation',
  mobilePermissions: 'mobile-permissions',
  dailyCallJoin: 'daily-call-join',
  videoRecordingSetup: 'video-recording-setup',
  audioObserverSetup: 'audio-observer-setup',
  audioProcessingSetup: 'audio-processing-setup',
};

export type CallPhase = 'idle' | 'starting' | 'waitingForAssistant' | 'live' | 'ending' | 'ended';

export interface CallSessionView {
  phase: CallPhase;
  /** The start stage in progress, while starting. */
  stage: CallStartStage | null;
  /** Started and not over: a second start is refused. */
  started: boolean;
  speaking: boolean;
  muted: boolean;
  callId: string | null;
  noiseProcessor: string;
  state: string;
}

export function toCallSessionView(snapshot: SnapshotFrom<typeof callSessionMachine>): CallSessionView {
  const { call, muted, noiseProcessor } = snapshot.context;
  let phase: CallPhase = 'ending';
  if (snapshot.matches('idle')) phase = 'idle';
  else if (snapshot.matches('ended')) phase = 'ended';
  else if (snapshot.matches({ call: 'starting' })) phase = 'starting';
  else if (snapshot.matches({ call: { inCall: { active: { connection: 'waitingForAssistant' } } } }))
    phase = 'waitingForAssistant';
  else if (snapshot.matches({ call: { inCall: { active: { connection: 'live' } } } })) phase = 'live';
  const value = snapshot.value;
  const callValue = (value as { call?: unknown }).call;
  const startingChild =
    callValue && typeof callValue === 'object' && 'starting' in callValue ? String(callValue.starting) : null;
  return {
    phase,
    stage: startingChild ? (STAGE_BY_STATE[startingChild] ?? null) : null,
    started: phase !== 'idle' && phase !== 'ended',
    speaking: snapshot.matches({ call: { inCall: { active: { speech: 'speaking' } } } }),
    muted,
    callId: call?.id ?? null,
    noiseProcessor,
    state: stateString(value),
  };
}
