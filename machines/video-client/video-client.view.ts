// What a face (the CLI's call simulator, debug panels) shows of the video client.
import type { SnapshotFrom } from 'xstate';
import { stateString } from '../auth/auth.view.ts';
import type { videoClientMachine } from './video-client.machine.ts';
import type { MeetingState, VideoClientError } from './video-client.types.ts';

export interface VideoClientView {
  meetingState: MeetingState;
  /** Loading, joining or leaving. */
  busy: boolean;
  joined: boolean;
  attempts: number;
  error: VideoClientError | null;
  warnings: string[];
  roomUrl: string | null;
  state: string;
}

export function toVideoClientView(snapshot: SnapshotFrom<typeof videoClientMachine>): VideoClientView {
  const { meetingState, attempts, lastError, warnings, roomUrl } = snapshot.context;
  return {
    meetingState,
    busy: snapshot.hasTag('busy'),
    joined: snapshot.matches('joined'),
    attempts,
    error: snapshot.hasTag('error') ? lastError : null,
    warnings,
    roomUrl,
    state: stateString(snapshot.value),
  };
}
