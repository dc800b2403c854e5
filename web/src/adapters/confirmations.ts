// The clinician's evening confirmation statuses and batches, read through PostgREST (owner-only RLS:
// no user filter needed) with the page's supabase-js client. Only the columns the dashboard shows.
// Loaded on demand by the calendar port (a lazy chunk), so the landing page does not carry it. Rows
// are database text: kept as strings for React text nodes; unknown statuses and malformed rows are dropped.
import type { SupabaseClient } from '@supabase/supabase-js';
import {
  type BatchSummary,
  CONFIRMATION_STATUSES,
  type ConfirmationStatus,
} from '../../../core/confirmations/contract.ts';
import type {
  ConfirmationBatchInfo,
  ConfirmationsSnapshot,
  DayRange,
  EventConfirmation,
} from '../../../machines/schedule/index.ts';

export const CONFIRMATION_COLUMNS =
  'event_id,visit_date,patient_name,status,original_start,new_start,detail,late,updated_at';
export const BATCH_COLUMNS = 'visit_date,state,summary,updated_at';

/** A PostgREST error of the confirmations read: the table and the code, never a token. */
export class ConfirmationsReadError extends Error {
  constructor(table: string, error: { code?: string; message?: string }) {
    super(`${table}: ${error.code ?? 'error'} ${error.message ?? ''}`.trim());
    this.name = 'ConfirmationsReadError';
  }
}

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const isStatus = (value: unknown): value is ConfirmationStatus =>
  (CONFIRMATION_STATUSES as readonly unknown[]).includes(value);

export function toEventConfirmation(row: Record<string, unknown>): EventConfirmation | null {
  const eventId = str(row.event_id);
  const visitDate = str(row.visit_date);
  const originalStart = str(row.original_start);
  if (!eventId || !visitDate || !originalStart || !isStatus(row.status)) return null;
  return {
    eventId,
    visitDate: visitDate.slice(0, 10),
    patientName: str(row.patient_name) ?? '',
    status: row.status,
    originalStart,
    newStart: str(row.new_start),
    detail: str(row.detail),
    late: row.late === true,
    updatedAt: str(row.updated_at) ?? '',
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The batch summary (jsonb), kept only in the shape BatchSummary promises. */
export function toBatchSummary(value: unknown): BatchSummary | null {
  if (!isRecord(value)) return null;
  const counts: BatchSummary['counts'] = {};
  if (isRecord(value.counts)) {
    for (const [status, count] of Object.entries(value.counts)) {
      if (isStatus(status) && typeof count === 'number' && count > 0) counts[status] = count;
    }
  }
  const moved = (Array.isArray(value.moved) ? value.moved : []).filter(isRecord).flatMap((m) => {
    const eventId = str(m.eventId);
    const from = str(m.from);
    const to = str(m.to);
    return eventId && from && to ? [{ eventId, patientName: str(m.patientName) ?? '', from, to }] : [];
  });
  let plan: BatchSummary['plan'] = null;
  if (isRecord(value.plan) && Array.isArray(value.plan.order)) {
    plan = {
      order: value.plan.order.filter(isRecord).flatMap((stop) => {
        const eventId = str(stop.eventId);
        const start = str(stop.start);
        return eventId && start ? [{ eventId, patientName: str(stop.patientName) ?? '', start }] : [];
      }),
      driveMinutes: typeof value.plan.driveMinutes === 'number' ? value.plan.driveMinutes : 0,
      confirmedTimesKept: value.plan.confirmedTimesKept === true,
      feasible: value.plan.feasible !== false,
    };
  }
  return { counts, moved, plan, planNote: str(value.planNote) };
}

export function toBatchInfo(row: Record<string, unknown>): ConfirmationBatchInfo | null {
  const visitDate = str(row.visit_date);
  const state = str(row.state);
  if (!visitDate || !state) return null;
  return {
    visitDate: visitDate.slice(0, 10),
    state,
    summary: toBatchSummary(row.summary),
    updatedAt: str(row.updated_at) ?? '',
  };
}

/** Statuses of the visits dated within `days`, and the batches from `days.from` on (nearest first). */
export async function readConfirmations(
  client: SupabaseClient,
  days: DayRange,
  signal: AbortSignal,
): Promise<ConfirmationsSnapshot> {
  const [rows, batches] = await Promise.all([
    client
      .from('visit_confirmations')
      .select(CONFIRMATION_COLUMNS)
      .gte('visit_date', days.from)
      .lte('visit_date', days.to)
      .order('visit_date', { ascending: true })
      .abortSignal(signal),
    client
      .from('confirmation_batches')
      .select(BATCH_COLUMNS)
      .gte('visit_date', days.from)
      .order('visit_date', { ascending: true })
      .abortSignal(signal),
  ]);
  if (rows.error) throw new ConfirmationsReadError('visit_confirmations', rows.error);
  if (batches.error) throw new ConfirmationsReadError('confirmation_batches', batches.error);
  const list = <T>(data: unknown, map: (row: Record<string, unknown>) => T | null): T[] =>
    (Array.isArray(data) ? data : []).filter(isRecord).flatMap((row) => {
      const item = map(row);
      return item === null ? [] : [item];
    });
  return { confirmations: list(rows.data, toEventConfirmation), batches: list(batches.data, toBatchInfo) };
}
