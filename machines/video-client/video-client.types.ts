// Types of the video-client machine: the Daily call object's lifecycle as plain JSON, its events and
// the ports a face implements (daily-js in a browser, the in-process room of the CLI, fakes in tests).

/** The meeting-state names of the video-call client's constants (spec §4). */
export const MEETING_STATES = [
  'new',
  'loading',
  'loaded',
  'joining-meeting',
  'joined-meeting',
  'left-meeting',
  'error',
] as const;
export type MeetingState = (typeof MEETING_STATES)[number];

/** The video-call client's error codes (spec §8); other strings may come from the room. */
export type VideoClientErrorType =
  | 'no-room'
  | 'meeting-full'
  | 'end-of-life'
  | 'not-allowed'
  | 'connection-error'
  | 'cam-in-use'
  | 'mic-in-use'
  | 'permissions'
  | 'not-found'
  | (string & {});

export interface VideoClientError {
  type: VideoClientErrorType;
  message: string;
}

export interface VideoClientContext {
  /** Bundle load attempts of the current load (1..3); 0 before the first. */
  attempts: number;
  meetingState: MeetingState;
  lastError: VideoClientError | null;
  /** The last few warnings (refused joins, failed leaves), newest last. */
  warnings: string[];
  /** The room joined or being joined (no token). */
  roomUrl: string | null;
  /** The local participant's session id once joined. */
  localSessionId: string | null;
}

export type VideoClientEvent =
  | { type: 'video.load' }
  | { type: 'video.join'; url: string; token?: string }
  | { type: 'video.leave' }
  | { type: 'video.destroy' }
  /** The room ended the meeting (or ejected us) without a local leave. */
  | { type: 'daily.left' }
  | { type: 'daily.fatalError'; errorType: VideoClientErrorType; message: string };

export interface LoadBundleInput {
  /** 1-based attempt number. */
  attempt: number;
}

export interface JoinMeetingInput {
  url: string;
  /** The meeting token from the join command; passed through, never kept in context. */
  token: string | null;
}

export interface JoinedMeeting {
  localSessionId: string;
}

export interface VideoClientOutput {
  meetingState: MeetingState;
  lastError: VideoClientError | null;
}

/** What a face provides: the call object's bundle loader, join and leave. */
export interface VideoClientPorts {
  /** Loads the call-machine bundle; rejects on a non-OK response ("Received {status} response"). */
  loadBundle(attempt: number, signal: AbortSignal): Promise<void>;
  joinMeeting(input: JoinMeetingInput, signal: AbortSignal): Promise<JoinedMeeting>;
  leaveMeeting(signal: AbortSignal): Promise<void>;
}
