// The clinician's own rule for how far the planner may move visits, kept on their profile row (move_rule_set,
// move_today_fixed, move_within_minutes; owner-only RLS), and the visits they pinned ("time is fixed", public.visit_pins) and read and written through PostgREST with the page's
// supabase-js client. main.tsx provides the page's store once; the Route view asks for it.
import type { SupabaseClient } from '@supabase/supabase-js';
import { type MoveRule, ruleColumns, ruleFromProfile } from '../../../core/routing/move-rule.ts';
import type { MoveRulePorts } from '../../../machines/move-rule/index.ts';
import type { SupabaseLoader } from './supabase-client.ts';

const RULE_COLUMNS = 'move_rule_set,move_today_fixed,move_within_minutes';

/** A failed read or write of the rule: the PostgREST code only. */
export class MoveRuleError extends Error {
  constructor(readonly code: string) {
    super(`move rule: ${code}`);
    this.name = 'MoveRuleError';
  }
}

async function signedInUserId(client: SupabaseClient): Promise<string> {
  const { data } = await client.auth.getSession();
  const id = data.session?.user.id;
  if (!id) throw new MoveRuleError('not_signed_in');
  return id;
}

export function createMoveRuleStore(loader: SupabaseLoader): MoveRulePorts {
  return {
    async read(signal) {
      const client = await loader.load();
      const userId = await signedInUserId(client);
      const { data, error } = await client
        .from('profiles')
        .select(RULE_COLUMNS)
        .eq('id', userId)
        .abortSignal(signal)
        .maybeSingle<Record<string, unknown>>();
      if (error) throw new MoveRuleError(error.code || 'read_failed');
      return { rule: ruleFromProfile(data), pins: await readPins(client, signal) };
    },
    async pin(eventId, fixed, signal) {
      const client = await loader.load();
      const userId = await signedInUserId(client);
      const { error } = fixed
        ? await client
            .from('visit_pins')
            .upsert({ user_id: userId, event_id: eventId }, { onConflict: 'user_id,event_id', ignoreDuplicates: true })
            .abortSignal(signal)
        : await client.from('visit_pins').delete().eq('event_id', eventId).abortSignal(signal);
      if (error) throw new MoveRuleError(error.code || 'pin_failed');
      return readPins(client, signal);
    },
    async save(rule: MoveRule, signal) {
      const client = await loader.load();
      const userId = await signedInUserId(client);
      const { data, error } = await client
        .from('profiles')
        .update(ruleColumns(rule))
        .eq('id', userId)
        .select(RULE_COLUMNS)
        .abortSignal(signal);
      if (error) throw new MoveRuleError(error.code || 'save_failed');
      if (!Array.isArray(data) || data.length !== 1) throw new MoveRuleError('no_profile');
      return ruleFromProfile(data[0] as Record<string, unknown>);
    },
  };
}

/** The event ids the clinician pinned ("time is fixed"); RLS shows only their own. */
async function readPins(client: SupabaseClient, signal: AbortSignal): Promise<string[]> {
  const { data, error } = await client.from('visit_pins').select('event_id').abortSignal(signal);
  if (error) throw new MoveRuleError(error.code || 'read_failed');
  return (data ?? []).map((row) => String((row as { event_id: unknown }).event_id));
}

let pageStore: MoveRulePorts | null = null;

/** main.tsx wires the page's store once. */
export function providePageMoveRule(store: MoveRulePorts | null): void {
  pageStore = store;
}

/** The page's store, or null where none was provided (the plan then follows the default rule). */
export function pageMoveRule(): MoveRulePorts | null {
  return pageStore;
}
