// What the dashboard shows of its connection: the offline banner (with the time of the data shown) and whether
// actions that need the network are offered.
import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './connectivity.machine.ts';

export interface ConnectivityView {
  status: 'online' | 'offline' | 'reconnecting';
  /** The banner shows: the data on screen is not live. */
  offline: boolean;
  /** When the data shown was fetched (ISO 8601), or null when unknown. */
  updatedAt: string | null;
  /** Actions that need the network (the assistant, Use this order, adding patients) are held back. */
  needsConnection: boolean;
}

export function toConnectivityView(snapshot: SnapshotFrom<typeof connectivityMachine>): ConnectivityView {
  const status = snapshot.value as ConnectivityView['status'];
  const offline = status !== 'online';
  return { status, offline, updatedAt: snapshot.context.updatedAt, needsConnection: offline };
}
