// The optional home on a read tool's context: driving and the day's best order count the legs from and
// back home when the caller knows it.
import type { MoveRule } from '../../routing/move-rule.ts';

/** Where the clinician's day starts and ends, when the caller knows it (the tool reads it if present). */
export interface HomeAware {
  home?(): Promise<{ lat: number; lon: number } | null>;
  /** The clinician's rule for moving visits (their profile's), when the caller knows it; else the default. */
  moveRule?(): Promise<MoveRule>;
  /** The visits the clinician pinned at their booked time ("time is fixed"), by event id. */
  pins?(): Promise<readonly string[]>;
}
