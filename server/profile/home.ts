// The place where a clinician's working day starts and ends, from their own profile row (public.profiles:
// home_lat, home_lng; migration 20261125000000_profile_home.sql). Read server-side for the assistant's route tool
// so it counts the same legs as the dashboard's Route view. Personal data: never logged.
import { type MoveRule, ruleFromProfile } from '../../core/routing/move-rule.ts';
import type { SqlQuery } from '../sql.ts';

export interface HomePlace {
  lat: number;
  lon: number;
}

/** The profile's home of a user, or null when none is saved (or the row holds no valid place). */
export async function profileHome(query: SqlQuery, userId: string): Promise<HomePlace | null> {
  const { rows } = await query('select home_lat, home_lng from public.profiles where id = $1', [userId]);
  const row = rows[0] as { home_lat?: unknown; home_lng?: unknown } | undefined;
  const lat = Number(row?.home_lat);
  const lon = Number(row?.home_lng);
  if (row?.home_lat == null || row?.home_lng == null || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  return Math.abs(lat) <= 90 && Math.abs(lon) <= 180 ? { lat, lon } : null;
}

/** The clinician's rule for moving visits from their profile (move_rule_*; migration 20261127400000), else the default. */
export async function profileMoveRule(query: SqlQuery, userId: string): Promise<MoveRule> {
  const { rows } = await query(
    'select move_rule_set, move_today_fixed, move_within_minutes from public.profiles where id = $1',
    [userId],
  );
  return ruleFromProfile(rows[0] as Record<string, unknown> | undefined);
}

/** The visits the clinician pinned at their booked time (public.visit_pins; migration 20261127500000). */
export async function visitPins(query: SqlQuery, userId: string): Promise<string[]> {
  const { rows } = await query('select event_id from public.visit_pins where user_id = $1', [userId]);
  return rows.map((row) => String((row as { event_id: unknown }).event_id));
}
