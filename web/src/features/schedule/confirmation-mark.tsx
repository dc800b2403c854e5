// A visit's evening confirmation status as a mark: an icon and a short text, never colour alone; its
// accessible name is the label ("Confirmed", "Moved from 9:00 AM", "Wants another time: Thursday
// morning"). Shown in the agenda line, the calendar's events, the visit sheet and the Route view's stops.
// `detail` and patient names come from the database: React text only. The labels are in the dashboard's
// language (core's STATUS_LABELS are the catalog's English); the patient's own words as they were said.
import type { ConfirmationStatus } from '../../../../core/confirmations/contract.ts';
import type { EventConfirmation } from '../../../../machines/schedule/index.ts';
import { formatTime, formatWeekday } from '../../components/time-format.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { englishIntl } from '../../i18n/i18n-provider.tsx';
import { type Translate, translator, useT } from '../../i18n/use-t.ts';
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

/** A status's label: the catalog id by status (English: core's STATUS_LABELS). */
export const STATUS_LABEL_IDS: Record<ConfirmationStatus, MessageId> = {
  pending: 'schedule.status.pending',
  calling: 'schedule.status.calling',
  confirmed: 'schedule.status.confirmed',
  moved: 'schedule.status.moved',
  'move-requested': 'schedule.status.move-requested',
  'cancel-requested': 'schedule.status.cancel-requested',
  'no-answer': 'schedule.status.no-answer',
  voicemail: 'schedule.status.voicemail',
  'wrong-number': 'schedule.status.wrong-number',
  'opted-out': 'schedule.status.opted-out',
  skipped: 'schedule.status.skipped',
  'no-report': 'schedule.status.no-report',
};

const english = translator(englishIntl);

const isInstant = (value: string | null): value is string => !!value && !Number.isNaN(Date.parse(value));

/** What the patient asked for, in a few words: "asked for Thursday morning" → "Thursday morning". */
function wishText(confirmation: EventConfirmation): string {
  const { newStart, detail, visitDate } = confirmation;
  if (isInstant(newStart)) {
    const at = new Date(newStart);
    return localDay(at) === visitDate ? formatTime(at) : `${formatWeekday(at)} ${formatTime(at)}`;
  }
  return (detail ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^asked for\s+/i, '');
}

/** The mark's text and accessible name. */
export function confirmationLabel(confirmation: EventConfirmation, t: Translate = english): string {
  const { status } = confirmation;
  const label = t(STATUS_LABEL_IDS[status]);
  if (status === 'moved' && isInstant(confirmation.originalStart)) {
    return t('schedule.mark.movedFrom', { time: formatTime(confirmation.originalStart) });
  }
  if (status === 'move-requested') {
    const wish = wishText(confirmation);
    return wish ? `${label}: ${wish}` : label;
  }
  if (status === 'skipped' && confirmation.detail?.trim()) {
    return `${label}: ${confirmation.detail.replace(/\s+/g, ' ').trim()}`;
  }
  return label;
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
  const t = useT();
  const label = confirmationLabel(confirmation, t);
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
