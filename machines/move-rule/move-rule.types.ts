// Types of the move-rule machine: the clinician's own rule for how far the planner may move visits, read from their
// profile and changed from the Route view, through the face's store (PostgREST, owner-only RLS).
import type { MoveRule } from '../../core/routing/move-rule.ts';

export interface MoveRuleContext {
  rule: MoveRule;
  /** What could not be read or saved, in words (the plan then follows the rule shown). */
  message: string | null;
}

export type MoveRuleEvent = { type: 'rule.change'; rule: MoveRule } | { type: 'rule.retry' };

export interface MoveRulePorts {
  read(signal: AbortSignal): Promise<MoveRule>;
  save(rule: MoveRule, signal: AbortSignal): Promise<MoveRule>;
}
