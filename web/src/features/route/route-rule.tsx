// The clinician's rule for how far the planner may move visits, under the Route view's summary: the sentence the
// plan followed and, behind "Change", the two choices (today's visits keep their times; how far later visits may
// move). Run by the move-rule machine over the profile (web/src/adapters/profile-rule.ts); the plan follows the
// rule the machine holds, so a change re-plans the day once saved.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Actor, createActor } from 'xstate';
import { DEFAULT_MOVE_RULE, type MoveRule, WITHIN_CHOICES } from '../../../../core/routing/move-rule.ts';
import {
  createMoveRuleActors,
  MOVE_RULE_MESSAGES,
  type MoveRulePorts,
  type MoveRuleView,
  moveRuleMachine,
  toMoveRuleView,
} from '../../../../machines/move-rule/index.ts';
import { translateMachineText } from '../../i18n/machine-text.ts';
import { type Translate, useT } from '../../i18n/use-t.ts';
import { ruleLineText } from './route-lines.ts';

export interface MoveRuleControl extends MoveRuleView {
  change(rule: MoveRule): void;
  /** Turns a visit's "time is fixed" switch on or off (null where there is no store to keep it). */
  pin: ((eventId: string, fixed: boolean) => void) | null;
}

const NO_STORE: MoveRuleView = {
  status: 'ready',
  settled: true,
  rule: DEFAULT_MOVE_RULE,
  pins: [],
  saving: false,
  message: null,
};

export function useMoveRule(store: MoveRulePorts | null): MoveRuleControl {
  const [view, setView] = useState<MoveRuleView>(store ? { ...NO_STORE, status: 'reading', settled: false } : NO_STORE);
  const actorRef = useRef<Actor<typeof moveRuleMachine> | null>(null);
  useEffect(() => {
    if (!store) {
      setView(NO_STORE);
      return;
    }
    const actor = createActor(moveRuleMachine.provide({ actors: createMoveRuleActors(store) }));
    const subscription = actor.subscribe(() => setView(toMoveRuleView(actor.getSnapshot())));
    actor.start();
    setView(toMoveRuleView(actor.getSnapshot()));
    actorRef.current = actor;
    return () => {
      subscription.unsubscribe();
      actor.stop();
      actorRef.current = null;
    };
  }, [store]);
  return {
    ...view,
    change: (rule) => actorRef.current?.send({ type: 'rule.change', rule }),
    pin: store ? (eventId, fixed) => actorRef.current?.send({ type: 'rule.pin', eventId, fixed }) : null,
  };
}

const withinLabel = (t: Translate, minutes: number | null) =>
  minutes === null
    ? t('route.rule.choiceAnywhere')
    : minutes === 0
      ? t('route.rule.choiceNone')
      : t('route.rule.choiceUpTo', { minutes });

export function RouteRule({ text, control }: { text: string | undefined; control: MoveRuleControl }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const within = String(form.get('within'));
    control.change({
      todayFixed: form.get('todayFixed') === 'on',
      withinMinutes: within === 'any' ? null : Number(within),
    });
    setOpen(false);
  };
  return (
    <div className="route-rule">
      {text ? <p className="route-summary__rule">{ruleLineText(t, text)}</p> : null}
      {control.message ? (
        <p className="route-rule__problem" role="status">
          {translateMachineText(t, 'machines.moveRule', MOVE_RULE_MESSAGES, control.message)}
        </p>
      ) : null}
      {open ? (
        <form className="route-rule__form" onSubmit={submit} aria-label={t('route.rule.form')}>
          <div className="route-rule__check">
            <input id={`${id}-today`} name="todayFixed" type="checkbox" defaultChecked={control.rule.todayFixed} />
            <label htmlFor={`${id}-today`}>{t('route.rule.todayKeeps')}</label>
          </div>
          <label htmlFor={`${id}-within`}>{t('route.rule.laterMayMove')}</label>
          <select
            id={`${id}-within`}
            name="within"
            defaultValue={control.rule.withinMinutes === null ? 'any' : String(control.rule.withinMinutes)}
          >
            {WITHIN_CHOICES.map((minutes) => (
              <option key={String(minutes)} value={minutes === null ? 'any' : String(minutes)}>
                {withinLabel(t, minutes)}
              </option>
            ))}
          </select>
          <div className="route-rule__actions">
            <button type="submit" className="button button--primary" disabled={control.saving}>
              {t('route.rule.save')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setOpen(false)}>
              {t('route.rule.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="button button--secondary route-rule__change"
          disabled={control.saving || !control.settled}
          onClick={() => setOpen(true)}
        >
          {t(control.saving ? 'route.rule.saving' : 'route.rule.change')}
        </button>
      )}
    </div>
  );
}
