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

export type CallPhase = 'idle' | 'starting' | 'waitingForAssistant' | 'live' | 'ending';

export interface CallSessionView {
  phase: CallPhase;
  /** The start stage in progress, while starting. */
  stage: CallStartStage | null;
  /** Started (not idle): a second start is refused. */
  started: boolean;
  speaking: boolean;
  muted: boolean;
  callId: string | null;
  noiseProcessor: string;
  state: string;
}

export function toCallSessionView(snapshot: SnapshotFrom<typeof callSessionMachine>): CallSessionView {
  const { call, muted, noiseProcessor } = snapshot.context;
  const value = snapshot.value;
  let phase: CallPhase = 'ending';
  if (snapshot.matches('idle')) phase = 'idle';
  else if (snapshot.matches('starting')) phase = 'starting';
  else if (snapshot.matches({ inCall: { active: { connection: 'waitingForAssistant' } } }))
    phase = 'waitingForAssistant';
  else if (snapshot.matches({ inCall: { active: { connection: 'live' } } })) phase = 'live';
  const startingChild = typeof value === 'object' && 'starting' in value ? String(value.starting) : null;
  return {
    phase,
    stage: startingChild ? (STAGE_BY_STATE[startingChild] ?? null) : null,
    started: phase !== 'idle',
    speaking: snapshot.matches({ inCall: { active: { speech: 'speaking' } } }),
    muted,
    callId: call?.id ?? null,
    noiseProcessor,
    state: stateString(value),
  };
}
