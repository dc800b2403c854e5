// What the voice widget shows (spec §2 and §3): status pill, buttons, texts, the error view with the
// microphone badge, the environment check and the debug details.
import type { SnapshotFrom } from 'xstate';
import { stateString } from '../auth/auth.view.ts';
import type { voiceWidgetMachine } from './voice-widget.machine.ts';
import type { MicPermission, VoiceWidgetContext } from './voice-widget.types.ts';

export type VoiceWidgetStatus = 'ready' | 'connecting' | 'connected' | 'ending' | 'error';

/** Spec §3: the status texts, exactly. */
export const STATUS_TEXT: Record<VoiceWidgetStatus, string> = {
  ready: 'Ready',
  connecting: 'Connecting...',
  connected: 'Connected',
  ending: 'Ending call...',
  error: 'Error',
};

/** Spec §2: the widget's texts. */
export const IDLE_TITLE = 'Talk with AI';
export const IDLE_DESCRIPTION = 'Click to start a voice conversation with your digital assistant';
export const ACTIVE_TITLE = 'Call Active';
export const ACTIVE_DESCRIPTION = 'Speak naturally to schedule appointments, ask questions, or get help';
export const ERROR_HEADING = 'AI Assistant Error';
export const TRY_AGAIN_TEXT = 'Try Again';
export const MIC_BADGE_TEXT: Record<MicPermission, string> = {
  granted: 'Allowed',
  denied: 'Blocked',
  unknown: 'Unknown',
};

export interface VoiceWidgetView {
  status: VoiceWidgetStatus;
  statusText: string;
  connected: boolean;
  connecting: boolean;
  muted: boolean;
  /** The green start button works. */
  canStart: boolean;
  /** The mute toggle and the red end button are shown (a call is active). */
  showCallControls: boolean;
  /** Muting is allowed only while connected. */
  canToggleMute: boolean;
  canEnd: boolean;
  title: string;
  description: string;
  /** The error view, or null when there is no error. */
  error: {
    heading: string;
    message: string;
    micBadgeText: string;
    env: VoiceWidgetContext['env'];
    tryAgainText: string;
  } | null;
  micPermission: MicPermission;
  micBadgeText: string;
  env: VoiceWidgetContext['env'];
  debug: VoiceWidgetContext['debug'];
  state: string;
}

function statusOf(snapshot: SnapshotFrom<typeof voiceWidgetMachine>): VoiceWidgetStatus {
  // A closed widget is no longer shown; it reads as idle.
  if (snapshot.status !== 'active') return 'ready';
  if (snapshot.hasTag('error')) return 'error';
  if (snapshot.matches({ running: 'connected' })) return 'connected';
  if (snapshot.matches({ running: 'ending' })) return 'ending';
  if (snapshot.matches({ running: 'ready' })) return 'ready';
  return 'connecting';
}

export function toVoiceWidgetView(snapshot: SnapshotFrom<typeof voiceWidgetMachine>): VoiceWidgetView {
  const { connected, connecting, muted, errorMessage, micPermission, env, debug } = snapshot.context;
  const status = statusOf(snapshot);
  const active = status === 'connected' || status === 'ending';
  const micBadgeText = MIC_BADGE_TEXT[micPermission];
  return {
    status,
    statusText: STATUS_TEXT[status],
    connected,
    connecting,
    muted,
    canStart: status === 'ready',
    showCallControls: active,
    canToggleMute: status === 'connected',
    canEnd: status === 'connected',
    title: active ? ACTIVE_TITLE : IDLE_TITLE,
    description: active ? ACTIVE_DESCRIPTION : IDLE_DESCRIPTION,
    error:
      status === 'error'
        ? {
            heading: ERROR_HEADING,
            // Stryker disable next-line StringLiteral: every error state has its message
            message: errorMessage ?? '',
            micBadgeText,
            env,
            tryAgainText: TRY_AGAIN_TEXT,
          }
        : null,
    micPermission,
    micBadgeText,
    env,
    debug,
    state: stateString(snapshot.value),
  };
}
