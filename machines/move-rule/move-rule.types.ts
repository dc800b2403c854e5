// Types of the move-rule machine: the clinician's own rule for how far the planner may move visits, read from their
// profile and changed from the Route view, through the face's store (PostgREST, owner-only RLS).
import type { MoveRule } from '../../core/routing/move-rule.ts';

/** The clinician's settings for moving visits: the rule, and the visits pinned at their booked time. */
export interface MoveSettings {
  rule: MoveRule;
  /** Event ids whose "time is fixed" switch is on. */
  pins: readonly string[];
}

export interface MoveRuleContext {
  rule: MoveRule;
  pins: readonly string[];
  /** What could not be read or saved, in words (the plan then follows the rule shown). */
  message: string | null;
}

export type MoveRuleEvent =
  | { type: 'rule.change'; rule: MoveRule }
  | { type: 'rule.pin'; eventId: string; fixed: boolean }
  | { type: 'rule.retry' };

export interface MoveRulePorts {
  read(signal: AbortSignal): Promise<MoveSettings>;
  save(rule: MoveRule, signal: AbortSignal): Promise<MoveRule>;
  /** Turns one visit's "time is fixed" switch on or off; resolves with every pin now kept. */
  pin(eventId: string, fixed: boolean, signal: AbortSignal): Promise<readonly string[]>;
}
