// A visit's evening confirmation status as a mark: an icon and a short text, never colour alone; its
// accessible name is the label ("Confirmed", "Moved from 9:00 AM", "Wants another time: Thursday
// morning"). Shown in the agenda line, the calendar's events, the visit sheet and the Route view's stops.
// `detail` and patient names come from the database: React text only.
import { type ConfirmationStatus, STATUS_LABELS } from '../../../../core/confirmations/contract.ts';
import type { EventConfirmation } from '../../../../machines/schedule/index.ts';
import { formatTime } from '../../components/time-format.ts';
import { localDay } from '../route/route-days.ts';

/** Decorative glyphs (the label carries the meaning); distinct shapes so they read without colour. */
export const STATUS_ICONS: Record<ConfirmationStatus, string> = {
  pending: '○',
  calling: '☎',
  confirmed: '✓',
  moved: '↪',
  'move-requested': '⇄',
  'cancel-requested': '✕',
  'no-answer': '∅',
  voicemail: '✉',
  'wrong-number': '#',
  'opted-out': '⊘',
  skipped: '–',
  'no-report': '?',
};

/** Statuses the clinician has to act on (listed first on the dashboard). */
export const NEEDS_CLINICIAN: readonly ConfirmationStatus[] = [
  'move-requested',
  'cancel-requested',
  'wrong-number',
  'no-report',
];

export type StatusTone = 'good' | 'changed' | 'attention' | 'neutral';

export function statusTone(status: ConfirmationStatus): StatusTone {
  if (status === 'confirmed') return 'good';
  if (status === 'moved') return 'changed';
  return NEEDS_CLINICIAN.includes(status) ? 'attention' : 'neutral';
}

const WEEKDAY = new Intl.DateTimeFormat(undefined, { weekday: 'long' });

const isInstant = (value: string | null): value is string => !!value && !Number.isNaN(Date.parse(value));

/** What the patient asked for, in a few words: "asked for Thursday morning" → "Thursday morning". */
function wishText(confirmation: EventConfirmation): string {
  const { newStart, detail, visitDate } = confirmation;
  if (isInstant(newStart)) {
    const at = new Date(newStart);
    return localDay(at) === visitDate ? formatTime(at) : `${WEEKDAY.format(at)} ${formatTime(at)}`;
  }
  return (detail ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^asked for\s+/i, '');
}

/** The mark's text and accessible name. */
export function confirmationLabel(confirmation: EventConfirmation): string {
  const { status } = confirmation;
  if (status === 'moved' && isInstant(confirmation.originalStart)) {
    return `Moved from ${formatTime(confirmation.originalStart)}`;
  }
  if (status === 'move-requested') {
    const wish = wishText(confirmation);
    return wish ? `${STATUS_LABELS[status]}: ${wish}` : STATUS_LABELS[status];
  }
  if (status === 'skipped' && confirmation.detail?.trim()) {
    return `${STATUS_LABELS[status]}: ${confirmation.detail.replace(/\s+/g, ' ').trim()}`;
  }
  return STATUS_LABELS[status];
}

/** The detail when the label does not already say it (e.g. a cancel request's reason): text, or null. */
export function extraDetail(confirmation: EventConfirmation): string | null {
  const detail = confirmation.detail?.replace(/\s+/g, ' ').trim();
  if (!detail) return null;
  const inLabel =
    confirmation.status === 'skipped' ||
    (confirmation.status === 'move-requested' && !isInstant(confirmation.newStart));
  return inLabel ? null : detail;
}

export interface ConfirmationMarkProps {
  confirmation: EventConfirmation;
  /** Icon only (month chips); the label stays the accessible name and the tooltip. */
  compact?: boolean;
}

export function ConfirmationMark({ confirmation, compact = false }: ConfirmationMarkProps) {
  const label = confirmationLabel(confirmation);
  return (
    <span
      className={`confirmation-mark confirmation-mark--${statusTone(confirmation.status)}${compact ? ' confirmation-mark--compact' : ''}`}
      role="img"
      aria-label={label}
      title={label}
      data-status={confirmation.status}
    >
      <span className="confirmation-mark__icon" aria-hidden="true">
        {STATUS_ICONS[confirmation.status]}
      </span>
      {compact ? null : (
        <span className="confirmation-mark__text" aria-hidden="true">
          {label}
        </span>
      )}
    </span>
  );
}
