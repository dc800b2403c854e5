// "Who confirmed for tomorrow?": the assistant reads what the evening confirmation calls found (the
// confirmation_status tool) for any phrasing of that kind of question, names the patients by what they
// said, never starts a cancellation when asked who wanted one, and says so when no calls were made.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolName } from '../../../core/assistant/contract.ts';
import type { ToolContext } from '../../../core/assistant/tool-kit.ts';
import { runTool } from '../../../core/assistant/tools/index.ts';
import type { VisitConfirmation } from '../../../core/confirmations/contract.ts';
import { type ConversationState, INITIAL_STATE, takeTurn } from '../../../emulators/assistant/conversation.ts';
import { addDays, chicagoDateTime } from '../../../fixtures/time.ts';
import { memoryCalendar, seedFor } from '../../support/memory-calendar.ts';

const TODAY = '2026-11-23';
const TOMORROW = addDays(TODAY, 1);
const NOW = chicagoDateTime(TODAY, 19 * 60).instant; // the evening, after the calls
const seed = seedFor(TODAY);

function row(
  patientName: string,
  status: VisitConfirmation['status'],
  extra: Partial<VisitConfirmation> = {},
): VisitConfirmation {
  return {
    eventId: patientName.toLowerCase().replace(/\W/g, ''),
    visitDate: TOMORROW,
    patientName,
    phone: null,
    status,
    attempts: 1,
    originalStart: '2026-11-24T15:00:00.000Z',
    newStart: null,
    detail: null,
    late: false,
    updatedAt: NOW.toISOString(),
    ...extra,
  };
}

const ROWS = [
  row('Jane Doe', 'confirmed'),
  row('Ana Ruiz', 'confirmed'),
  row('Bo Li', 'moved', { newStart: '2026-11-24T20:30:00.000Z' }),
  row('Cy Young', 'move-requested', { detail: 'Asked for Thursday morning.' }),
  row('Di Fox', 'cancel-requested'),
  row('Ed Moe', 'no-answer', { attempts: 2 }),
];

let state: ConversationState;
let calls: Array<{ name: ToolName; args: Record<string, unknown> }>;
let rows: VisitConfirmation[] | null;

beforeEach(() => {
  state = INITIAL_STATE;
  calls = [];
  rows = ROWS;
});

/** The tools a question called, besides the roster lookup every first turn makes (list_visits). */
const asked = () => calls.map((c) => c.name).filter((name) => name !== 'list_visits');

async function ask(text: string): Promise<string> {
  const ctx: ToolContext = {
    calendar: memoryCalendar(seed, 'maya.patel@homerounds.test'),
    userId: 'u1',
    timeZone: 'America/Chicago',
    now: NOW,
    language: 'en',
    canWrite: async () => true,
    ...(rows ? { confirmations: async (date: string) => (rows ?? []).filter((r) => r.visitDate === date) } : {}),
  };
  const out = await takeTurn({
    text,
    now: NOW,
    state,
    defaultTimeZone: 'America/Chicago',
    callTool: async (name, args) => {
      calls.push({ name, args });
      return { name, args, result: JSON.stringify(await runTool(name, args, ctx)), error: null };
    },
  });
  state = out.state;
  return out.reply;
}

describe('what the evening calls found', () => {
  it.each([
    'Who confirmed for tomorrow?',
    'Did everyone confirm for tomorrow?',
    'who picked up tonight',
    'Any confirmations for tomorrow?',
    '¿Quién confirmó para mañana?',
  ])('"%s" reads the confirmation statuses', async (question) => {
    const reply = await ask(question);
    expect(asked()).toEqual(['confirmation_status']);
    expect(reply).toMatch(/Jane Doe, Ana Ruiz (confirmed|confirmaron)/);
  });

  it('puts first what needs the clinician, with the new time or the wish', async () => {
    const reply = await ask('Who confirmed for tomorrow?');
    expect(reply).toContain('For tomorrow, Tuesday, November 24:');
    expect(reply).toContain('Cy Young (asked for “Thursday morning”) asked for another time');
    expect(reply).toContain('Di Fox asked to cancel');
    expect(reply).toContain('Bo Li (to 2:30 PM) moved their visit');
    expect(reply).toContain('Ed Moe did not answer');
    expect(reply.indexOf('asked for another time')).toBeLessThan(reply.indexOf('confirmed'));
  });

  it('"who asked to cancel" reads the calls and cancels nothing', async () => {
    const reply = await ask('Who asked to cancel tomorrow?');
    expect(asked()).toEqual(['confirmation_status']);
    expect(reply).toContain('Di Fox asked to cancel');
  });

  it('says so when no calls were made for that day, or when it cannot see them', async () => {
    rows = [];
    expect(await ask('Who confirmed for tomorrow?')).toContain('No confirmation calls were made for tomorrow');
    rows = null;
    expect(await ask('Who confirmed for tomorrow?')).toContain("I can't see the confirmation calls from here.");
  });
});
