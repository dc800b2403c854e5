// Whether a failed request never reached the platform (no signal), as opposed to an answer that said no: only then
// does the dashboard fall back to the copy kept on the device. An abort is the caller's own (Refresh, a deadline).

export function isNetworkFailure(error: unknown, online: boolean = globalThis.navigator?.onLine ?? true): boolean {
  if (!(error instanceof Error)) return !online;
  if (error.name === 'AbortError') return false;
  if (!online) return true;
  // fetch's own failure, the calendar client's and the token broker's words for it (status 0: no answer).
  if (error instanceof TypeError || error.name === 'CalendarUnreachableError') return true;
  return (error as { status?: unknown }).status === 0;
}
