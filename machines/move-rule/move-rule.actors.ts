// Builds the move-rule machine's actors from a face's store; the machine's abort signal reaches each request.
import { fromPromise } from 'xstate';
import type { MoveRule } from '../../core/routing/move-rule.ts';
import type { MoveRulePorts, MoveSettings } from './move-rule.types.ts';

export function createMoveRuleActors(ports: MoveRulePorts) {
  return {
    read: fromPromise<MoveSettings, void>(({ signal }) => ports.read(signal)),
    save: fromPromise<MoveRule, MoveRule>(({ input, signal }) => ports.save(input, signal)),
    pin: fromPromise<readonly string[], { eventId: string; fixed: boolean }>(({ input, signal }) =>
      ports.pin(input.eventId, input.fixed, signal),
    ),
  };
}
