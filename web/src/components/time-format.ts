// One time format for the whole app: the clinician's locale and time zone (the browser's), hour and
// minutes ("1:30 PM" in en-US, "13:30" in de-DE). The calendar, the agenda, the visit sheet, "Updated
// …" and the Route view all format through here, so a time never reads two ways on one screen.

let clock: Intl.DateTimeFormat | null = null;
let wallClock: Intl.DateTimeFormat | null = null;

function clockFormat(): Intl.DateTimeFormat {
  clock ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
  return clock;
}

/** The same locale's format applied to a bare wall-clock time (no zone shift). */
function wallClockFormat(): Intl.DateTimeFormat {
  wallClock ??= new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  return wallClock;
}

/** An instant in the clinician's zone: "1:30 PM". */
export function formatTime(instant: Date | string | number): string {
  return clockFormat().format(instant instanceof Date ? instant : new Date(instant));
}

/** A start–end range: "1:30 PM – 2:15 PM". */
export function formatTimeRange(start: Date | string | number, end: Date | string | number | null | undefined): string {
  const from = formatTime(start);
  return end === null || end === undefined || end === '' ? from : `${from} – ${formatTime(end)}`;
}

/** A wall-clock "HH:MM" (route plans, patient windows) in the same format: "13:03" → "1:03 PM". */
export function formatClock(hhmm: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return wallClockFormat().format(new Date(Date.UTC(2000, 0, 1) + minutes * 60_000));
}

/** Minutes since midnight in the same format. */
export function formatMinutes(minutes: number): string {
  return wallClockFormat().format(new Date(Date.UTC(2000, 0, 1) + minutes * 60_000));
}

/** A window "09:00"–"12:00" → "9:00 AM – 12:00 PM". */
export function formatWindow(earliest: string, latest: string): string {
  return `${formatClock(earliest)} – ${formatClock(latest)}`;
}
