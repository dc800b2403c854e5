// The mileage log's rows server-side: a clinician's day edits (public.mileage_day_edits) and the agency's rate
// (public.mileage_settings, an administrator's setting). The server's database role passes RLS, so every statement
// on the edits names the owner (user_id = the caller's id from the session). Reasons are the clinician's words:
// never logged.
import type { MileageDayEdit } from '../../core/mileage/mileage.types.ts';
import type { SqlQuery } from '../sql.ts';

/** The clinician's edits of the days in [first, next), by day. */
export async function dayEdits(
  query: SqlQuery,
  userId: string,
  first: string,
  next: string,
): Promise<Map<string, MileageDayEdit>> {
  const { rows } = await query(
    `select to_char(day, 'YYYY-MM-DD') as day, driven_miles::float8 as miles, reason
       from public.mileage_day_edits where user_id = $1 and day >= $2::date and day < $3::date`,
    [userId, first, next],
  );
  return new Map(
    rows.map((row) => {
      const r = row as { day: string; miles: unknown; reason: string };
      return [r.day, { miles: Number(r.miles), reason: r.reason }];
    }),
  );
}

/** Saves (or replaces) the clinician's edit of `day`; `null` removes it. */
export async function saveDayEdit(
  query: SqlQuery,
  userId: string,
  day: string,
  edit: MileageDayEdit | null,
): Promise<void> {
  if (edit === null) {
    await query('delete from public.mileage_day_edits where user_id = $1 and day = $2::date', [userId, day]);
    return;
  }
  await query(
    `insert into public.mileage_day_edits (user_id, day, driven_miles, reason) values ($1, $2::date, $3, $4)
     on conflict (user_id, day) do update set driven_miles = excluded.driven_miles, reason = excluded.reason`,
    [userId, day, edit.miles, edit.reason],
  );
}

/** The agency's rate in cents per mile, or null (the IRS default). */
export async function agencyCentsPerMile(query: SqlQuery): Promise<number | null> {
  const { rows } = await query('select cents_per_mile::float8 as cents from public.mileage_settings where id', []);
  const cents = (rows[0] as { cents?: unknown } | undefined)?.cents;
  return cents === null || cents === undefined ? null : Number(cents);
}
