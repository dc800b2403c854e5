// Types of the connectivity machine: whether the dashboard shows live data or the copy kept on the device, and since
// when that copy dates (web/src/offline; docs/offline.md).

export interface ConnectivityContext {
  /** When the data shown was fetched (ISO 8601): the last fresh answer, or the kept copy's save time. */
  updatedAt: string | null;
}

export type ConnectivityEvent =
  /** A request reached the platform and was answered: the data shown is current as of `at`. */
  | { type: 'connectivity.answered'; at: string }
  /** A request failed for want of network; `keptAt` is the kept copy shown instead (null: nothing kept). */
  | { type: 'connectivity.unreachable'; keptAt: string | null }
  /** The browser's `online` event. */
  | { type: 'browser.online' }
  /** The browser's `offline` event. */
  | { type: 'browser.offline' };

/** Emitted on the way back online: the face reloads what it shows (the schedule). */
export type ConnectivityEmitted = { type: 'connectivity.refresh' };
