// Where confirmation calls keep their state: public.confirmation_settings, confirmation_batches,
// visit_confirmations and do_not_call (migration 20261124000000_visit_confirmations.sql), the agency's calling_rules
// (20261127530000_calling_rules.sql), through a bare
// `query(sql, params)` so the same code runs on the local platform's PGlite and, in the Edge Function, on
// a Postgres driver (as core/google/grant-store.ts). Timestamps travel as ISO text.

import {
  type BatchSummary,
  type CallingRules,
  type CallListEntry,
  type ConfirmationStatus,
  DEFAULT_CALL_AT,
  DEFAULT_CALLING_RULES,
  type RecordedOutcome,
  type VisitConfirmation,
} from '../../core/confirmations/contract.ts';
import type { SqlQuery } from '../sql.ts';

export interface Clinician {
  userId: string;
  email: string;
  name: string;
  discipline: string | null;
}

/** A clinician's call settings: an administrator's, but for `enabled` (migration 20261127530000). */
export interface ConfirmationSettings {
  enabled: boolean;
  callAt: string;
  agencyName: string;
  callbackNumber: string | null;
}

export interface BatchRow {
  id: string;
  userId: string;
  visitDate: string;
  state: string;
  snapshot: unknown;
  version: number;
  campaignId: string | null;
  failure: string | null;
  summary: BatchSummary | null;
  updatedAt: string;
}

/** A row to call (or re-call): the visit, its patient record, number and zone. */
export interface CallTarget {
  eventId: string;
  patientName: string;
  /** The patient-list record the number was taken from (checked again right before the call is placed). */
  patientId: string | null;
  phone: string;
  /** The patient's zone: their calling hours and the times they hear. */
  timeZone: string | null;
  originalStart: string;
  /** The start the patient was last told, when the visit moved since ("Use this order"). */
  movedFrom: string | null;
  attempts: number;
}

const iso = (value: unknown): string =>
  value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
const isoOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : iso(value));
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function toConfirmation(row: Record<string, unknown>): VisitConfirmation {
  return {
    eventId: String(row.event_id),
    visitDate: String(row.visit_date_text),
    patientName: String(row.patient_name),
    phone: text(row.phone),
    status: row.status as ConfirmationStatus,
    attempts: Number(row.attempts),
    originalStart: iso(row.original_start),
    newStart: isoOrNull(row.new_start),
    detail: text(row.detail),
    late: row.late === true,
    updatedAt: iso(row.updated_at),
  };
}

function toBatch(row: Record<string, unknown>): BatchRow {
  const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
  return {
    id: String(row.id),
    userId: String(row.user_id),
    visitDate: String(row.visit_date_text),
    state: String(row.state),
    snapshot: parse(row.snapshot),
    version: Number(row.version),
    campaignId: text(row.campaign_id),
    failure: text(row.failure),
    summary: (parse(row.summary) as BatchSummary | null) ?? null,
    updatedAt: iso(row.updated_at),
  };
}

const CONFIRMATION_COLUMNS = `event_id, to_char(visit_date, 'YYYY-MM-DD') as visit_date_text, patient_name, phone, status,
  attempts, original_start, new_start, detail, late, updated_at`;
const BATCH_COLUMNS = `id, user_id, to_char(visit_date, 'YYYY-MM-DD') as visit_date_text, state, snapshot, version,
  campaign_id, failure, summary, updated_at`;

export function createConfirmationStore(query: SqlQuery) {
  return {
    /** A clinician by email or user id (auth.users + profiles). */
    async clinician(emailOrId: string): Promise<Clinician | null> {
      const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(emailOrId);
      const { rows } = await query(
        `select u.id::text as id, u.email, coalesce(p.full_name, u.raw_user_meta_data ->> 'full_name', u.email) as name,
           u.raw_user_meta_data ->> 'discipline' as discipline
         from auth.users u left join public.profiles p on p.id = u.id
         where ${byId ? 'u.id = $1::uuid' : 'lower(u.email) = lower($1)'}`,
        [emailOrId],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        userId: String(row.id),
        email: String(row.email),
        name: String(row.name),
        discipline: text(row.discipline),
      };
    },

    /** Clinicians whose calendar the server can read (a Google grant) and who did not turn calls off. */
    async eligibleClinicians(): Promise<string[]> {
      const { rows } = await query(
        `select g.user_id::text as id from public.google_grants g
         left join public.confirmation_settings s on s.user_id = g.user_id
         where g.revoked_at is null and coalesce(s.enabled, true)`,
        [],
      );
      return rows.map((r) => String(r.id));
    },

    /** The calendar's time zone as last read from Google with the clinician's grant, and when; null: never read. */
    async calendarZone(userId: string): Promise<{ timeZone: string; readAt: Date } | null> {
      const { rows } = await query(
        `select calendar_time_zone, calendar_time_zone_read_at from public.google_grants
         where user_id = $1::uuid and calendar_time_zone is not null`,
        [userId],
      );
      const row = rows[0];
      const readAt = row ? new Date(row.calendar_time_zone_read_at as string) : null;
      return row && readAt && !Number.isNaN(readAt.getTime())
        ? { timeZone: String(row.calendar_time_zone), readAt }
        : null;
    },

    /** Keeps the zone just read from Google with the grant (nothing when the clinician has no grant). */
    async saveCalendarZone(userId: string, timeZone: string, readAt: Date): Promise<void> {
      await query(
        `update public.google_grants set calendar_time_zone = $2, calendar_time_zone_read_at = $3
         where user_id = $1::uuid`,
        [userId, timeZone, readAt.toISOString()],
      );
    },

    async settings(userId: string): Promise<ConfirmationSettings> {
      const { rows } = await query(
        `select enabled, to_char(call_at, 'HH24:MI') as call_at, agency_name, callback_number
         from public.confirmation_settings where user_id = $1::uuid`,
        [userId],
      );
      const row = rows[0];
      return {
        enabled: row ? row.enabled === true : true,
        callAt: text(row?.call_at) ?? DEFAULT_CALL_AT,
        agencyName: text(row?.agency_name) ?? 'HomeRounds Home Health',
        callbackNumber: text(row?.callback_number),
      };
    },

    /** The agency's calling rules (one row, an administrator's); the defaults when there is none. */
    async callingRules(): Promise<CallingRules> {
      const { rows } = await query(
        `select array_to_string(allowed_countries, ',') as countries, array_to_string(allowed_number_types, ',') as types,
           to_char(window_start, 'HH24:MI') as window_start, to_char(window_end, 'HH24:MI') as window_end
         from public.calling_rules where id`,
        [],
      );
      const row = rows[0];
      if (!row) return DEFAULT_CALLING_RULES;
      const list = (value: unknown) => (typeof value === 'string' && value ? value.split(',') : []);
      return {
        countries: list(row.countries),
        numberTypes: list(row.types),
        window: { start: String(row.window_start), end: String(row.window_end) },
      };
    },

    async batch(userId: string, visitDate: string): Promise<BatchRow | null> {
      const { rows } = await query(
        `select ${BATCH_COLUMNS} from public.confirmation_batches where user_id = $1::uuid and visit_date = $2::date`,
        [userId, visitDate],
      );
      return rows[0] ? toBatch(rows[0]) : null;
    },

    async batchById(id: string): Promise<BatchRow | null> {
      const { rows } = await query(`select ${BATCH_COLUMNS} from public.confirmation_batches where id = $1::uuid`, [
        id,
      ]);
      return rows[0] ? toBatch(rows[0]) : null;
    },

    /** Batches still waiting for something (not in a final state). */
    async openBatches(finalStates: readonly string[]): Promise<BatchRow[]> {
      const { rows } = await query(
        `select ${BATCH_COLUMNS} from public.confirmation_batches where not (state = any(string_to_array($1, ',')))
         order by visit_date, id`,
        [finalStates.join(',')],
      );
      return rows.map(toBatch);
    },

    /** Creates the day's batch; null when one exists already (unique per clinician and day). */
    async createBatch(
      id: string,
      userId: string,
      visitDate: string,
      state: string,
      snapshot: unknown,
    ): Promise<BatchRow | null> {
      const { rows } = await query(
        `insert into public.confirmation_batches (id, user_id, visit_date, state, snapshot)
         values ($1::uuid, $2::uuid, $3::date, $4, $5::jsonb) on conflict (user_id, visit_date) do nothing
         returning ${BATCH_COLUMNS}`,
        [id, userId, visitDate, state, JSON.stringify(snapshot)],
      );
      return rows[0] ? toBatch(rows[0]) : null;
    },

    /** Replaces a batch (a re-run the administrator forced): its visit rows go with it. */
    async deleteBatch(id: string): Promise<void> {
      await query(`delete from public.visit_confirmations where batch_id = $1::uuid`, [id]);
      await query(`delete from public.confirmation_batches where id = $1::uuid`, [id]);
    },

    /**
     * Takes the batch for one event: nobody else may run its machine until the lease ends or it is saved.
     * Null when another instance holds it or changed it since it was read (the caller reloads).
     */
    async claimBatch(row: BatchRow, leaseSeconds: number): Promise<BatchRow | null> {
      const { rows } = await query(
        `update public.confirmation_batches set version = version + 1,
           leased_until = now() + make_interval(secs => $3)
         where id = $1::uuid and version = $2 and (leased_until is null or leased_until < now())
         returning ${BATCH_COLUMNS}`,
        [row.id, row.version, leaseSeconds],
      );
      return rows[0] ? toBatch(rows[0]) : null;
    },

    /** Saves the machine's new snapshot under the claim taken (false: the lease was lost meanwhile). */
    async saveBatch(
      row: BatchRow,
      next: {
        state: string;
        snapshot: unknown;
        campaignId: string | null;
        failure: string | null;
        summary: BatchSummary | null;
      },
    ): Promise<boolean> {
      const { rows } = await query(
        `update public.confirmation_batches set state = $3, snapshot = $4::jsonb, version = version + 1,
           campaign_id = $5, failure = $6, summary = $7::jsonb, leased_until = null
         where id = $1::uuid and version = $2 returning id`,
        [
          row.id,
          row.version,
          next.state,
          JSON.stringify(next.snapshot),
          next.campaignId,
          next.failure,
          next.summary ? JSON.stringify(next.summary) : null,
        ],
      );
      return rows.length === 1;
    },

    /** Writes the call list: new visits pending (or skipped, with the reason); settled rows are kept. */
    async writeCallList(
      /** Null for the clinician's "call now" before the day's batch exists (the batch adopts the rows later). */
      batchId: string | null,
      userId: string,
      visitDate: string,
      entries: readonly CallListEntry[],
      skipDetail: (entry: CallListEntry) => string,
    ): Promise<void> {
      for (const entry of entries) {
        await query(
          `insert into public.visit_confirmations
             (user_id, visit_date, event_id, batch_id, patient_name, phone, status, original_start, detail, moved_from,
              patient_id, time_zone)
           values ($1::uuid, $2::date, $3, $4::uuid, $5, $6, $7, $8::timestamptz, $9, $10::timestamptz, $11::uuid, $12)
           on conflict (user_id, visit_date, event_id) do update set batch_id = excluded.batch_id,
             patient_name = excluded.patient_name, phone = excluded.phone, original_start = excluded.original_start,
             moved_from = excluded.moved_from, patient_id = excluded.patient_id, time_zone = excluded.time_zone,
             status = case when visit_confirmations.status in ('pending', 'skipped') then excluded.status
                      else visit_confirmations.status end,
             detail = case when visit_confirmations.status in ('pending', 'skipped') then excluded.detail
                      else visit_confirmations.detail end`,
          [
            userId,
            visitDate,
            entry.eventId,
            batchId,
            entry.patientName,
            entry.phone,
            entry.skip ? 'skipped' : 'pending',
            entry.start,
            entry.skip ? skipDetail(entry) : null,
            entry.movedFrom ?? null,
            entry.patientId ?? null,
            entry.timeZone,
          ],
        );
      }
    },

    async visits(userId: string, visitDate: string): Promise<VisitConfirmation[]> {
      const { rows } = await query(
        `select ${CONFIRMATION_COLUMNS} from public.visit_confirmations
         where user_id = $1::uuid and visit_date = $2::date order by original_start, event_id`,
        [userId, visitDate],
      );
      return rows.map(toConfirmation);
    },

    /** Rows with a status among `statuses` (and fewer than `maxAttempts` calls), to call now. */
    async targets(
      userId: string,
      visitDate: string,
      statuses: readonly ConfirmationStatus[],
      maxAttempts: number,
    ): Promise<CallTarget[]> {
      const { rows } = await query(
        `select event_id, patient_name, patient_id::text as patient_id, phone, time_zone, original_start, moved_from,
           attempts from public.visit_confirmations
         where user_id = $1::uuid and visit_date = $2::date and status = any(string_to_array($3, ','))
           and attempts < $4 and phone is not null
           and phone not in (select phone from public.do_not_call)
         order by original_start, event_id`,
        [userId, visitDate, statuses.join(','), maxAttempts],
      );
      return rows.map((r) => ({
        eventId: String(r.event_id),
        patientName: String(r.patient_name),
        patientId: text(r.patient_id),
        phone: String(r.phone),
        timeZone: text(r.time_zone),
        originalStart: iso(r.original_start),
        movedFrom: isoOrNull(r.moved_from),
        attempts: Number(r.attempts),
      }));
    },

    /** The visits are being called now: one more attempt each. */
    async markCalling(userId: string, visitDate: string, eventIds: readonly string[]): Promise<void> {
      for (const eventId of eventIds) {
        await query(
          `update public.visit_confirmations set status = 'calling', attempts = attempts + 1, detail = null
           where user_id = $1::uuid and visit_date = $2::date and event_id = $3`,
          [userId, visitDate, eventId],
        );
      }
    },

    /** The placement failed: those visits were not called after all. */
    async revertCalling(userId: string, visitDate: string, eventIds: readonly string[]): Promise<void> {
      for (const eventId of eventIds) {
        await query(
          `update public.visit_confirmations set status = 'pending', attempts = greatest(attempts - 1, 0)
           where user_id = $1::uuid and visit_date = $2::date and event_id = $3 and status = 'calling'`,
          [userId, visitDate, eventId],
        );
      }
    },

    /** Whose visit a placed call is for (null: no call of that id was placed or taken). */
    async visitOfCall(callId: string): Promise<{ userId: string; visitDate: string; eventId: string } | null> {
      const { rows } = await query(
        `select user_id::text as user_id, to_char(visit_date, 'YYYY-MM-DD') as visit_date_text, event_id
         from public.visit_confirmations where call_id = $1 limit 2`,
        [callId],
      );
      // A call id names one visit; two rows would be a mix-up, and nothing is taken from it.
      if (rows.length !== 1) return null;
      const row = rows[0] as Record<string, unknown>;
      return { userId: String(row.user_id), visitDate: String(row.visit_date_text), eventId: String(row.event_id) };
    },

    /** The visit's row with the batch it belongs to (a report names both in its customer's externalId). */
    async visitOfBatch(
      batchId: string,
      eventId: string,
    ): Promise<{ userId: string; visitDate: string; eventId: string; phone: string | null } | null> {
      const { rows } = await query(
        `select user_id::text as user_id, to_char(visit_date, 'YYYY-MM-DD') as visit_date_text, event_id, phone
         from public.visit_confirmations where batch_id = $1::uuid and event_id = $2`,
        [batchId, eventId],
      );
      const row = rows[0];
      return row
        ? { userId: String(row.user_id), visitDate: String(row.visit_date_text), eventId, phone: text(row.phone) }
        : null;
    },

    async setCallId(userId: string, visitDate: string, eventId: string, callId: string): Promise<void> {
      await query(
        `update public.visit_confirmations set call_id = $4 where user_id = $1::uuid and visit_date = $2::date and event_id = $3`,
        [userId, visitDate, eventId, callId],
      );
    },

    async countByStatus(
      userId: string,
      visitDate: string,
      status: ConfirmationStatus,
      maxAttempts = 99,
    ): Promise<number> {
      const { rows } = await query(
        `select count(*)::int as n from public.visit_confirmations
         where user_id = $1::uuid and visit_date = $2::date and status = $3 and attempts < $4`,
        [userId, visitDate, status, maxAttempts],
      );
      return Number(rows[0]?.n ?? 0);
    },

    /** Calls whose report never came: `no-report`. */
    async markMissing(userId: string, visitDate: string): Promise<number> {
      const { rows } = await query(
        `update public.visit_confirmations set status = 'no-report', detail = 'The call was placed but its report never came.'
         where user_id = $1::uuid and visit_date = $2::date and status = 'calling' returning event_id`,
        [userId, visitDate],
      );
      return rows.length;
    },

    /** Records what a call's report (or a tool during the call) said about a visit. */
    async recordOutcome(
      userId: string,
      visitDate: string,
      eventId: string,
      outcome: RecordedOutcome,
    ): Promise<boolean> {
      const { rows } = await query(
        `update public.visit_confirmations set status = $4, new_start = coalesce($5::timestamptz, new_start),
           detail = $6, late = $7, call_id = coalesce($8, call_id)
         where user_id = $1::uuid and visit_date = $2::date and event_id = $3 returning event_id`,
        [
          userId,
          visitDate,
          eventId,
          outcome.status,
          outcome.newStart,
          outcome.detail,
          outcome.late,
          outcome.callId ?? null,
        ],
      );
      return rows.length === 1;
    },

    /** The zone the patient of a visit's call lives in (their calling hours; the times they hear), if known. */
    async patientZone(userId: string, visitDate: string, eventId: string): Promise<string | null> {
      const { rows } = await query(
        `select time_zone from public.visit_confirmations
         where user_id = $1::uuid and visit_date = $2::date and event_id = $3`,
        [userId, visitDate, eventId],
      );
      const zone = (rows[0] as { time_zone?: unknown } | undefined)?.time_zone;
      return typeof zone === 'string' && zone ? zone : null;
    },

    async current(userId: string, visitDate: string, eventId: string): Promise<VisitConfirmation | null> {
      const { rows } = await query(
        `select ${CONFIRMATION_COLUMNS} from public.visit_confirmations
         where user_id = $1::uuid and visit_date = $2::date and event_id = $3`,
        [userId, visitDate, eventId],
      );
      return rows[0] ? toConfirmation(rows[0]) : null;
    },

    async doNotCall(): Promise<Set<string>> {
      const { rows } = await query(`select phone from public.do_not_call`, []);
      return new Set(rows.map((r) => String(r.phone)));
    },

    async addDoNotCall(phone: string): Promise<void> {
      await query(`insert into public.do_not_call (phone) values ($1) on conflict (phone) do nothing`, [phone]);
    },
  };
}

export type ConfirmationStore = ReturnType<typeof createConfirmationStore>;
