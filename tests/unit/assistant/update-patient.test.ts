// update_patient (issue 21: "Daisy prefers mornings"): what the clinician says about a patient is proposed in words,
// kept on the list only with confirm, added for a calendar patient not on the list yet, refused plainly when it
// cannot be right, and read back into every day the tools load (the list's window wins over the calendar's).
import { describe, expect, it } from 'vitest';
import { loadDays, type PatientListPort, type ToolContext } from '../../../core/assistant/tool-kit.ts';
import { runTool } from '../../../core/assistant/tools/index.ts';
import type { CalendarPort } from '../../../core/calendar/google-calendar.ts';
import type { CalendarEvent } from '../../../core/calendar/index.ts';
import type { PatientRecord } from '../../../core/patients/patients.ts';

const DAY = '2026-12-02';
const EVENTS: CalendarEvent[] = [
  {
    id: 'a',
    title: 'PT eval - Daisy Lane',
    start: `${DAY}T14:00:00-06:00`,
    end: `${DAY}T15:00:00-06:00`,
    allDay: false,
  },
  {
    id: 'b',
    title: 'SN f/u: WINTER, IDA',
    start: `${DAY}T09:00:00-06:00`,
    end: `${DAY}T10:00:00-06:00`,
    allDay: false,
  },
  { id: 'c', title: 'RN visit Ida Wong', start: `${DAY}T11:00:00-06:00`, end: `${DAY}T12:00:00-06:00`, allDay: false },
];

function memoryList(initial: PatientRecord[] = []) {
  const rows = new Map(initial.map((r) => [r.id, r]));
  let next = 1;
  const port: PatientListPort = {
    list: async () => [...rows.values()],
    add: async (record) => {
      const row = { ...record, id: `p${next++}` };
      rows.set(row.id, row);
      return row;
    },
    update: async (id, changes) => {
      const row = { ...(rows.get(id) as PatientRecord), ...changes };
      rows.set(id, row);
      return row;
    },
  };
  return { port, rows };
}

function context(patients?: PatientListPort): ToolContext {
  const calendar = { list: async () => EVENTS, timeZone: async () => 'America/Chicago' } as unknown as CalendarPort;
  return {
    calendar,
    userId: 'u-1',
    timeZone: 'America/Chicago',
    now: new Date(`${DAY}T06:00:00-06:00`),
    language: 'en',
    canWrite: async () => false,
    ...(patients ? { patients } : {}),
  };
}

describe('update_patient', () => {
  it('proposes in words, keeps it only with confirm (adding a calendar patient to the list), and every day reads it', async () => {
    const { port, rows } = memoryList();
    const ctx = context(port);
    const proposal = await runTool('update_patient', { patient: 'Daisy', window: 'morning' }, ctx);
    expect(proposal).toMatchObject({
      status: 'proposal',
      say: "I'll keep this on your patient list (adding them to it): Daisy Lane: prefers visits 8:00 AM–12:00 PM. Shall I?",
      confirmWith: { patient: 'Daisy Lane', window: 'morning', confirm: true },
    });
    expect(rows.size).toBe(0);
    const done = await runTool('update_patient', proposal.confirmWith, ctx);
    expect(done.status).toBe('done');
    expect([...rows.values()]).toEqual([
      expect.objectContaining({
        name_key: 'daisy lane',
        full_name: 'Daisy Lane',
        window_start: '08:00',
        window_end: '12:00',
      }),
    ]);
    const day = (await loadDays(ctx, DAY, DAY)).get(DAY) ?? [];
    expect(day.find((v) => v.id === 'a')?.window).toEqual({ start: 8 * 60, end: 12 * 60 });
  });

  it('updates the patient already on the list, and says what cannot be right', async () => {
    const { port, rows } = memoryList([
      {
        id: 'ida',
        name_key: 'ida winter',
        status: 'patient',
        full_name: 'Ida Winter',
        address: null,
        lat: null,
        lng: null,
        phone: null,
        window_start: null,
        window_end: null,
        language: null,
        notes: null,
        automated_calls_consent: true,
      },
    ]);
    const ctx = context(port);
    const done = await runTool('update_patient', { patient: 'Ida Winter', automatedCalls: false, confirm: true }, ctx);
    expect(done.say).toBe(
      'Done. On your patient list: Ida Winter: no automated reminder calls. Route plans and reminder calls use it from now on.',
    );
    expect(rows.get('ida')?.automated_calls_consent).toBe(false);
    expect(rows.size).toBe(1);
    const backwards = await runTool(
      'update_patient',
      { patient: 'Ida Winter', windowStart: '13:00', windowEnd: '09:00' },
      ctx,
    );
    expect(backwards).toMatchObject({ status: 'invalid', say: 'The preferred window must end after it starts.' });
    const nothing = await runTool('update_patient', { patient: 'Ida Winter' }, ctx);
    expect(nothing.status).toBe('invalid');
  });

  it('asks which patient when the name fits two, and finds no stranger', async () => {
    const ctx = context(memoryList().port);
    const two = await runTool('update_patient', { patient: 'Ida', language: 'Polish' }, ctx);
    expect(two).toMatchObject({ status: 'ambiguous', candidates: expect.arrayContaining(['Ida Winter', 'Ida Wong']) });
    const stranger = await runTool('update_patient', { patient: 'Zebulon', language: 'Polish' }, ctx);
    expect(stranger.status).toBe('not_found');
  });

  it('says where to change the list when the server keeps none', async () => {
    const answer = await runTool('update_patient', { patient: 'Daisy', window: 'morning' }, context());
    expect(answer).toMatchObject({ status: 'invalid' });
    expect(answer.say).toContain('Patients view');
  });
});
