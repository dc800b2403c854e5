// What the Route view shows of the clinician's rule: whether the plan may be made yet (the rule read or given up),
// the rule it follows, whether a change is being saved, and what could not be read or saved.
import type { SnapshotFrom } from 'xstate';
import type { MoveRule } from '../../core/routing/move-rule.ts';
import type { moveRuleMachine } from './move-rule.machine.ts';

export interface MoveRuleView {
  status: 'reading' | 'unread' | 'ready' | 'saving';
  /** The plan waits while the rule is read (at most 5 s). */
  settled: boolean;
  rule: MoveRule;
  saving: boolean;
  message: string | null;
}

export function toMoveRuleView(snapshot: SnapshotFrom<typeof moveRuleMachine>): MoveRuleView {
  const status = snapshot.value as MoveRuleView['status'];
  return {
    status,
    settled: status !== 'reading',
    rule: snapshot.context.rule,
    saving: status === 'saving',
    message: snapshot.context.message,
  };
}
