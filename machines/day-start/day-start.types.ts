// Types of the day-start machine: where the clinician's day starts and ends (their profile's home), how it is known,
// and what a face provides to read, locate and save it.

/** A place the day starts and ends at (personal data: never logged, never in a URL). */
export interface HomePlace {
  label: string | null;
  lat: number;
  lng: number;
}

/** How the home is known: still reading, known, not known, or the profile could not be read. */
export type HomeStatus = 'loading' | 'known' | 'unknown' | 'unreadable';

export interface DayStartContext {
  status: HomeStatus;
  home: HomePlace | null;
  /** False when the place is used for this plan only (the save failed). */
  saved: boolean;
  /** The last action's outcome, shown (and focused) under the controls. */
  message: string | null;
  /** The device's position while it is being saved. */
  located: HomePlace | null;
}

export type DayStartEvent = { type: 'home.locate' } | { type: 'home.forget' } | { type: 'home.retry' };

/** What a face provides. `locate` rejects with an Error whose message is the sentence to show. */
export interface DayStartPorts {
  readHome(signal: AbortSignal): Promise<HomePlace | null>;
  locate(): Promise<{ lat: number; lng: number }>;
  /** Saves (or, with null, forgets) the profile's home; answers the place as stored, when the store says. */
  saveHome(home: HomePlace | null): Promise<HomePlace | null | undefined>;
}
