// The machine-built voice client: one call-session actor per call (it owns the call object, its
// video-client child), with a face's transports injected as ports. The web's local client and the CLI's
// simulator are both this factory over different transports (a WebSocket room and the browser's media;
// a scripted room on a SimulatedClock). It starts and stops calls as the SDK does (start resolves the
// call or null), buffers room notifications until the live call subscribes, and hands out each call's
// outcome (the session's final output).
import {
  type Actor,
  type ActorOptions,
  type AnyActorLogic,
  type AnyActorRef,
  createActor,
  type SnapshotFrom,
  toPromise,
  waitFor,
} from 'xstate';
import { CALL_END_WORST_MS, MARGIN_MS } from '../shared/call-timeouts.ts';
import type { videoClientMachine } from '../video-client/video-client.machine.ts';
import type { MeetingState } from '../video-client/video-client.types.ts';
import { createCallSessionActors } from './call-session.actors.ts';
import { callSessionMachine } from './call-session.machine.ts';
import type {
  CallSessionEmitted,
  CallSessionOutput,
  CallSessionPorts,
  CallStartRequest,
  CallTransport,
  CallTransportNotification,
} from './call-session.types.ts';
import { toCallSessionView } from './call-session.view.ts';

/** What the client reports: the session's events (the SDK's names) and the call object's state changes. */
export type VoiceClientEvent =
  | CallSessionEmitted
  | { type: 'meeting-state'; payload: { state: string; meetingState: MeetingState } };

export interface VoiceClientPorts extends Omit<CallSessionPorts, 'connectTransport'> {
  /** Commands to the room; its notifications come in through `client.report`. */
  transport: Omit<CallTransport, 'close'>;
}

export interface VoiceClientOptions {
  ports: VoiceClientPorts;
  /** The device's mobile check (a start may override it). */
  isMobile: boolean;
  /** Times the start stages (default performance.now: a stopwatch, not the time of day). */
  now?: () => number;
  /** The sessions' clock (a SimulatedClock in the CLI and tests). */
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

export type CallSessionActor = Actor<typeof callSessionMachine>;

export interface MachineVoiceClient {
  on(listener: (event: VoiceClientEvent) => void): () => void;
  /** The SDK's start(): the call once call-start-success, or null (invalid, already started, failed, stopped). */
  start(request: CallStartRequest & { isMobile?: boolean }): Promise<{ id: string } | null>;
  /** Stops the call, if any, and waits for its session to end. */
  stop(): Promise<void>;
  send(message: Record<string, unknown>): void;
  setMuted(muted: boolean): void;
  /** A notification from the room; kept until the live call subscribes. */
  report(notification: CallTransportNotification): void;
  /** A call is started or running (a new start would be refused as already-started). */
  isActive(): boolean;
  /** The current (or last) call's session. */
  session(): CallSessionActor | null;
  /** The current (or last) call's outcome, once its session has ended. */
  outcome(): Promise<CallSessionOutput> | null;
  dispose(): void;
}

/** How long stop() waits for a session to end: its slowest end, and a margin. */
export const STOP_WAIT_MS = CALL_END_WORST_MS + MARGIN_MS;

type VideoSnapshot = SnapshotFrom<typeof videoClientMachine>;

export function createVoiceClient(options: VoiceClientOptions): MachineVoiceClient {
  const listeners = new Set<(event: VoiceClientEvent) => void>();
  const publish = (event: VoiceClientEvent) => {
    for (const listener of [...listeners]) listener(event);
  };
  const { transport, ...stagePorts } = options.ports;

  let current: CallSessionActor | null = null;
  let outcome: Promise<CallSessionOutput> | null = null;
  let notify: ((notification: CallTransportNotification) => void) | null = null;
  let buffered: CallTransportNotification[] = [];

  const ports: CallSessionPorts = {
    ...stagePorts,
    connectTransport(listener) {
      notify = listener;
      for (const notification of buffered.splice(0)) listener(notification);
      return {
        ...transport,
        close() {
          notify = null;
        },
      };
    },
  };
  const machine = callSessionMachine.provide({
    actors: createCallSessionActors(ports, options.now ?? (() => performance.now())),
  });

  /** Follows the session's call object (its videoClient child) and reports each state it enters. */
  function watchCallObject(session: CallSessionActor): void {
    let watched: AnyActorRef | undefined;
    session.subscribe((snapshot) => {
      const child = snapshot.children.videoClient as AnyActorRef | undefined;
      if (!child || child === watched) return;
      watched = child;
      let last = '';
      const report = (video: VideoSnapshot) => {
        const state = typeof video.value === 'string' ? video.value : JSON.stringify(video.value);
        if (state === last) return;
        last = state;
        publish({ type: 'meeting-state', payload: { state, meetingState: video.context.meetingState } });
      };
      report(child.getSnapshot() as VideoSnapshot);
      child.subscribe((video: VideoSnapshot) => report(video));
    });
  }

  function newSession(): CallSessionActor {
    notify = null;
    buffered = [];
    const session = createActor(machine, {
      input: { isMobile: options.isMobile },
      ...(options.clock ? { clock: options.clock } : {}),
    });
    session.on('*', (event) => publish(event as CallSessionEmitted));
    watchCallObject(session);
    session.start();
    outcome = toPromise(session);
    // An unexpected failure of the session is reported through `error`; the outcome is not awaited by all.
    outcome.catch(() => {});
    return session;
  }

  const isActive = () => current !== null && toCallSessionView(current.getSnapshot()).started;

  return {
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start(request) {
      if (current?.getSnapshot().status !== 'active') current = newSession();
      const session = current;
      return new Promise((resolve) => {
        const subscription = session.on('*', (event) => {
          const emitted = event as CallSessionEmitted;
          if (emitted.type === 'call-start-success') finish({ id: emitted.payload.callId });
          else if (emitted.type === 'call-start-failed') finish(null);
          else if (emitted.type === 'call-start-progress' && emitted.payload.stage === 'validation') finish(null);
          else if (emitted.type === 'error' && emitted.payload.type === 'validation-error') finish(null);
        });
        function finish(value: { id: string } | null) {
          subscription.unsubscribe();
          resolve(value);
        }
        session.send({ type: 'call.start', ...request });
      });
    },
    async stop() {
      const session = current;
      if (!session || !isActive()) return;
      session.send({ type: 'call.stop' });
      await waitFor(session, (s) => s.status !== 'active', { timeout: STOP_WAIT_MS }).catch(() => {});
    },
    send(message) {
      current?.send({ type: 'call.send', message });
    },
    setMuted(muted) {
      current?.send({ type: 'call.setMuted', muted });
    },
    report(notification) {
      if (notify) notify(notification);
      else buffered.push(notification);
    },
    isActive,
    session: () => current,
    outcome: () => outcome,
    dispose() {
      current?.stop();
      current = null;
      listeners.clear();
    },
  };
}
