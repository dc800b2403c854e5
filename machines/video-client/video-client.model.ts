// The video-client machine's model for path generation.
import type { MachineModel } from '../shared/model.ts';
import { videoClientMachine } from './video-client.machine.ts';
import type { VideoClientContext } from './video-client.types.ts';

export const videoClientModel: MachineModel<typeof videoClientMachine> = {
  name: 'video-client',
  machine: videoClientMachine,
  outcomes: {
    loadBundle: [
      { label: 'bundle loaded', output: undefined },
      { label: 'bundle 503', error: new Error('Received 503 response') },
    ],
    joinMeeting: [
      { label: 'joined', output: { localSessionId: 'local-1' } },
      { label: 'join refused', error: Object.assign(new Error('Meeting is full'), { type: 'meeting-full' }) },
    ],
    leaveMeeting: [
      { label: 'left', output: undefined },
      { label: 'leave error', error: new Error('call machine gone') },
    ],
  },
  events: [
    { type: 'video.load' },
    { type: 'video.join', url: 'https://homerounds.daily.co/room-1', token: 'meeting-token' },
    { type: 'video.leave' },
    { type: 'daily.left' },
    { type: 'daily.fatalError', errorType: 'ejected', message: 'Meeting has ended' },
    { type: 'video.destroy' },
  ],
  // What steers transitions or is shown: attempts while loading, the error while in error, and
  // meetingState (which mirrors the state). Warnings, the room and errors left behind by earlier
  // attempts are checked by the unit tests; keeping them here multiplies the graph by every
  // combination of earlier failures.
  serializeContext: (context) => {
    const { meetingState, attempts, lastError } = context as VideoClientContext;
    return {
      meetingState,
      attempts: meetingState === 'loading' ? attempts : null,
      error: meetingState === 'error' ? lastError : null,
    };
  },
};
