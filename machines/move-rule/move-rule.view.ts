// What the Route view shows of the clinician's rule: whether the plan may be made yet (the rule read or given up),
// the rule it follows, whether a change is being saved, and what could not be read or saved.
import type { SnapshotFrom } from 'xstate';
import type { MoveRule } from '../../core/routing/move-rule.ts';
import type { moveRuleMachine } from './move-rule.machine.ts';

export interface MoveRuleView {
  status: 'reading' | 'unread' | 'ready' | 'saving' | 'pinning';
  /** The plan waits while the rule is read (at most 5 s). */
  settled: boolean;
  rule: MoveRule;
  /** Event ids whose "time is fixed" switch is on. */
  pins: readonly string[];
  /** A rule or a switch is being saved (the controls wait). */
  saving: boolean;
  message: string | null;
}

export function toMoveRuleView(snapshot: SnapshotFrom<typeof moveRuleMachine>): MoveRuleView {
  const status = snapshot.value as MoveRuleView['status'];
  return {
    status,
    settled: status !== 'reading',
    rule: snapshot.context.rule,
    pins: snapshot.context.pins,
    saving: status === 'saving' || status === 'pinning',
    message: snapshot.context.message,
  };
}
