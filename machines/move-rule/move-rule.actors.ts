// Builds the move-rule machine's actors from a face's store; the machine's abort signal reaches each request.
import { fromPromise } from 'xstate';
import type { MoveRule } from '../../core/routing/move-rule.ts';
import type { MoveRulePorts } from './move-rule.types.ts';

export function createMoveRuleActors(ports: MoveRulePorts) {
  return {
    read: fromPromise<MoveRule, void>(({ signal }) => ports.read(signal)),
    save: fromPromise<MoveRule, MoveRule>(({ input, signal }) => ports.save(input, signal)),
  };
}
