// The confirmation calls' pure parts: who is called (and why not), what a call may say, what a report
// means for the visit, the confirmation tools bound to one visit, and the re-plan that keeps confirmed times.
import { beforeEach, describe, expect, it } from 'vitest';
import type { ToolResult } from '../../../core/assistant/contract.ts';
import { type ConfirmationToolContext, runConfirmationTool } from '../../../core/assistant/tools/confirmation-call.ts';
import {
  arrivalWindowText,
  buildCallList,
  type CallCandidate,
  callCandidates,
  callingHoursEnd,
  callVariables,
  eveningCallTime,
  movedWindowText,
  withinCallingHours,
} from '../../../core/confirmations/call-list.ts';
import type { ConfirmationStatus, VisitConfirmation } from '../../../core/confirmations/contract.ts';
import { summarise } from '../../../core/confirmations/reoptimise.ts';
import { readReport } from '../../../core/confirmations/report.ts';
import type { PatientRecord } from '../../../core/patients/patients.ts';
import { addDays, hhmmToMinutes, zonedDateTime, zonedMinute } from '../../../core/time/zoned-time.ts';
import { toVisit, type Visit } from '../../../core/visits/visits.ts';
import type { ConfirmationStore } from '../../../server/confirmations/store.ts';
import { type MemoryCalendar, memoryCalendar, seedFor } from '../../support/memory-calendar.ts';
import { seedPatientRecords } from '../../support/seed-patients.ts';

const ZONE = 'America/Chicago';
const MAYA = 'maya.patel@homerounds.test';
const TODAY = '2026-11-23'; // a Monday: the seed has visits on Tuesday the 24th
const DAY = addDays(TODAY, 1);
const seed = seedFor(TODAY);

function dayVisits(calendar: MemoryCalendar, date = DAY): Visit[] {
  return [...calendar.events.values()].map((e) => toVisit(e, ZONE)).filter((v) => v.date === date && !v.allDay);
}

describe('calling hours and the evening call time', () => {
  it('calls only from 8 am to before 9 pm in the zone', () => {
    expect(withinCallingHours(new Date('2026-11-23T13:59:00Z'), ZONE)).toBe(false); // 7:59 am
    expect(withinCallingHours(new Date('2026-11-23T14:00:00Z'), ZONE)).toBe(true); // 8:00 am
    expect(withinCallingHours(new Date('2026-11-24T02:59:00Z'), ZONE)).toBe(true); // 8:59 pm
    expect(withinCallingHours(new Date('2026-11-24T03:00:00Z'), ZONE)).toBe(false); // 9:00 pm
    expect(callingHoursEnd(new Date('2026-11-23T23:00:00Z'), ZONE).toISOString()).toBe('2026-11-24T03:00:00.000Z');
  });

  it('calls the evening before the visits at the clinician’s time', () => {
    expect(eveningCallTime('2026-11-24', '17:00', ZONE).toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(eveningCallTime('2026-03-09', '17:00', ZONE).toISOString()).toBe('2026-03-08T22:00:00.000Z'); // DST day
  });
});

describe('the call list', () => {
  const calendar = memoryCalendar(seed, MAYA, ZONE);
  const maya = seed.clinicians.find((c) => c.email === MAYA) as { id: string };
  const records = seedPatientRecords(seed, maya.id);
  const candidates = () =>
    callCandidates([...calendar.events.values()], records, ZONE).filter((c) => c.visit.date === DAY && !c.visit.allDay);
  const patientVisits = dayVisits(calendar).filter((v) => v.patient);

  it('lists every patient visit with the patient list’s number in E.164, in visit order', () => {
    const list = buildCallList({
      candidates: candidates(),
      timeZone: ZONE,
      callAt: eveningCallTime(DAY, '17:00', ZONE),
      doNotCall: new Set(),
    });
    expect(list.length).toBe(patientVisits.length);
    expect(list.every((e) => e.skip === null && /^\+1312555\d{4}$/.test(e.phone ?? ''))).toBe(true);
    const starts = list.map((e) => Date.parse(e.start));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it('skips a number on the do-not-call list, a patient without a number, and everyone outside calling hours', () => {
    const [first, second] = candidates().filter((c) => c.record) as [CallCandidate, CallCandidate];
    const blocked = buildCallList({
      candidates: [
        { ...first, record: { ...(first.record as PatientRecord), phone: '(312) 555-0199' } },
        { ...second, record: { ...(second.record as PatientRecord), phone: null } },
      ],
      timeZone: ZONE,
      callAt: eveningCallTime(DAY, '17:00', ZONE),
      doNotCall: new Set(['+13125550199']),
    });
    expect(Object.fromEntries(blocked.map((e) => [e.eventId, e.skip]))).toEqual({
      [first.visit.id]: 'do-not-call',
      [second.visit.id]: 'no-phone',
    });
    const late = buildCallList({
      candidates: candidates(),
      timeZone: ZONE,
      callAt: eveningCallTime(DAY, '21:30', ZONE),
      doNotCall: new Set(),
    });
    expect(late.every((e) => e.skip === 'outside-calling-hours')).toBe(true);
  });

  it('tells the patient only a first name, who comes and an arrival window', () => {
    const { visit, record } = candidates().find((c) => c.record) as CallCandidate;
    const vars = callVariables({
      patientName: (record as PatientRecord).full_name,
      start: new Date(visit.start),
      timeZone: ZONE,
      clinician: { name: 'Maya Patel', discipline: 'RN' },
      agencyName: 'Lakeshore Home Health',
      callbackNumber: '+13125550100',
      callToken: 'tok',
    });
    expect(vars.patientFirstName).toBe((record as PatientRecord).full_name.split(' ')[0]);
    expect(vars.clinicianName).toBe('Maya Patel, your nurse');
    expect(vars.visitDay).toBe('Tuesday, November 24');
    expect(JSON.stringify(vars)).not.toContain(visit.visitType as string);
    expect(arrivalWindowText(9 * 60 + 10)).toBe('between 9 and 10 AM');
    expect(arrivalWindowText(11 * 60 + 45)).toBe('between 11:30 AM and 12:30 PM');
  });

  it('calls a listed patient only with their consent, on the list’s phone', () => {
    const candidate = candidates().find((c) => c.record) as CallCandidate;
    const record = candidate.record as PatientRecord;
    const entry = (changes: Partial<PatientRecord>) =>
      buildCallList({
        candidates: [{ ...candidate, record: { ...record, ...changes } }],
        timeZone: 'America/Chicago',
        callAt: new Date('2026-11-23T23:00:00Z'),
        doNotCall: new Set(),
      })[0];
    expect(entry({ automated_calls_consent: false })?.skip).toBe('no-consent');
    expect(entry({ automated_calls_consent: true, phone: '(773) 555-0199' })).toMatchObject({
      skip: null,
      phone: '+17735550199',
      patientId: record.id,
    });
  });

  it('tells a patient whose visit "Use this order" moved the new time and the one they knew', () => {
    const { visit, record } = candidates().find((c) => c.record) as CallCandidate;
    const known = new Date(Date.parse(visit.start) - 90 * 60_000).toISOString();
    const moved = toVisit(
      {
        id: visit.id,
        title: visit.title,
        start: visit.start,
        end: visit.end,
        allDay: false,
        properties: { homeroundsMovedFrom: known },
      },
      'America/Chicago',
    );
    expect(moved.movedFrom).toBe(known);
    const [entry] = buildCallList({
      candidates: [{ visit: moved, record }],
      timeZone: 'America/Chicago',
      callAt: new Date('2026-11-23T23:00:00Z'),
      doNotCall: new Set(),
    });
    expect(entry?.movedFrom).toBe(known);
    const at = (hhmm: string) => zonedDateTime(DAY, hhmmToMinutes(hhmm), ZONE).instant;
    const vars = callVariables({
      patientName: 'Rosa Delgado',
      start: at('10:30'),
      movedFrom: at('09:00'),
      timeZone: ZONE,
      clinician: { name: 'Maya Patel' },
      agencyName: 'Lakeshore Home Health',
      callbackNumber: '+13125550100',
      callToken: 'tok',
    });
    expect(vars.visitWindow).toBe('between 10:30 and 11:30 AM: a new time, it was between 9 and 10 AM');
    // Undo put it back: the mark equals the start, and the call says the usual window.
    const back = toVisit(
      {
        id: visit.id,
        title: visit.title,
        start: visit.start,
        end: visit.end,
        allDay: false,
        properties: { homeroundsMovedFrom: visit.start },
      },
      'America/Chicago',
    );
    expect(back.movedFrom).toBeNull();
    expect(movedWindowText(9 * 60 + 10, 9 * 60)).toBe('between 9 and 10 AM');
  });
});

describe('what a report means', () => {
  const output = (result: Record<string, unknown>) => ({
    endedReason: 'assistant-ended-call',
    artifact: { structuredOutputs: { f0e1: { name: 'homerounds_visit_confirmation', result } } },
  });
  const never = () => false;

  it('maps how the call ended and what was extracted to the visit’s status', () => {
    expect(readReport({ endedReason: 'customer-did-not-answer' }, never).status).toBe('no-answer');
    expect(readReport({ endedReason: 'customer-busy' }, never).status).toBe('no-answer');
    expect(readReport({ endedReason: 'voicemail' }, never).status).toBe('voicemail');
    expect(readReport(output({ outcome: 'confirmed' }), never).status).toBe('confirmed');
    expect(readReport(output({ outcome: 'cancel' }), never).status).toBe('cancel-requested');
    expect(readReport(output({ outcome: 'wrong-number' }), never).status).toBe('wrong-number');
    expect(readReport(output({ outcome: 'opt-out' }), never).status).toBe('opted-out');
    const another = readReport(output({ outcome: 'wants-another-day', preferredDay: 'Thursday morning' }), never);
    expect(another).toEqual({ status: 'move-requested', newStart: null, detail: 'Asked for Thursday morning.' });
  });

  it('calls a reschedule moved only when the calendar already shows the new time', () => {
    const report = output({ outcome: 'rescheduled', newStart: '2026-11-24T14:30:00-06:00' });
    expect(readReport(report, () => true).status).toBe('moved');
    expect(readReport(report, () => false)).toMatchObject({
      status: 'move-requested',
      newStart: '2026-11-24T14:30:00-06:00',
    });
  });

  it('never guesses a confirmation from an answered call without a readable output', () => {
    for (const message of [
      { endedReason: 'customer-ended-call' },
      output({ outcome: 'maybe' }),
      { endedReason: 'assistant-ended-call', analysis: { structuredData: '{not json' } },
    ]) {
      expect(readReport(message, never).status).toBe('no-report');
    }
    expect(readReport({ analysis: { structuredData: { outcome: 'confirmed' } } }, never).status).toBe('confirmed');
  });
});

/** The store methods the tools use, in memory. */
function memoryStore(rows: VisitConfirmation[]) {
  const doNotCall = new Set<string>();
  const store = {
    doNotCallSet: doNotCall,
    async current(_u: string, date: string, id: string) {
      return rows.find((r) => r.eventId === id && r.visitDate === date) ?? null;
    },
    async recordOutcome(
      _u: string,
      date: string,
      id: string,
      o: { status: ConfirmationStatus; newStart: string | null; detail: string | null },
    ) {
      const row = rows.find((r) => r.eventId === id && r.visitDate === date);
      if (!row) return false;
      Object.assign(row, { status: o.status, newStart: o.newStart ?? row.newStart, detail: o.detail });
      return true;
    },
    async addDoNotCall(phone: string) {
      doNotCall.add(phone);
    },
  };
  return store;
}

function rowFor(visit: Visit): VisitConfirmation {
  return {
    eventId: visit.id,
    visitDate: visit.date,
    patientName: visit.patient as string,
    phone: '+13125550142',
    status: 'calling',
    attempts: 1,
    originalStart: new Date(visit.start).toISOString(),
    newStart: null,
    detail: null,
    late: false,
    updatedAt: eveningCallTime(visit.date, '17:00', ZONE).toISOString(), // called at 5 pm the evening before
  };
}

describe('the confirmation tools, bound to one visit', () => {
  let calendar: MemoryCalendar;
  let visit: Visit;
  let rows: VisitConfirmation[];
  let store: ReturnType<typeof memoryStore>;
  let canWrite: boolean;
  const ctx = (): ConfirmationToolContext => ({
    calendar,
    userId: 'u1',
    timeZone: ZONE,
    now: new Date('2026-11-23T23:05:00Z'),
    language: 'en',
    canWrite: async () => canWrite,
    scope: { eventId: visit.id, visitDate: DAY },
    store: store as unknown as ConfirmationStore,
  });
  const run = (name: string, args: unknown = {}): Promise<ToolResult> => runConfirmationTool(name, args, ctx());

  beforeEach(() => {
    calendar = memoryCalendar(seed, MAYA, ZONE);
    const visits = dayVisits(calendar).filter((v) => v.patient && v.window);
    // The day's last visit whose window runs an hour past its end: "later" has an answer there.
    const last = [...visits].sort((a, b) => b.startMinute - a.startMinute);
    visit = last.find((v) => (v.window as { end: number }).end - v.endMinute >= 60) ?? (last[0] as Visit);
    rows = [rowFor(visit)];
    store = memoryStore(rows);
    canWrite = true;
  });

  it('offers later times inside the patient’s window that keep the day workable, never naming anyone else', async () => {
    const offered = await run('offer_visit_times', { preference: 'later' });
    const slots = offered.slots as Array<{ start: string; label: string }>;
    expect(offered.status).toBe('answer');
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.length).toBeLessThanOrEqual(3);
    for (const slot of slots) {
      const minute = zonedMinute(new Date(slot.start), ZONE);
      expect(minute).toBeGreaterThanOrEqual(visit.startMinute + 15); // a real change, not five minutes
      expect(minute).toBeGreaterThanOrEqual((visit.window as { start: number }).start);
      expect(offered.say).toContain(slot.label);
    }
    const others = dayVisits(calendar).filter((v) => v.id !== visit.id && v.patient);
    for (const other of others) expect(offered.say).not.toContain((other.patient as string).split(' ')[1]);
  });

  it('says the offered times in the patient’s own zone, offering the same moments as in the calendar’s', async () => {
    const inChicago = (await run('offer_visit_times', { preference: 'later' })).slots as Array<{
      start: string;
      label: string;
    }>;
    const inNewYork = await runConfirmationTool(
      'offer_visit_times',
      { preference: 'later' },
      {
        ...ctx(),
        patientTimeZone: 'America/New_York',
      },
    );
    const slots = inNewYork.slots as Array<{ start: string; label: string }>;
    expect(slots.map((s) => s.start)).toEqual(inChicago.map((s) => s.start));
    for (const slot of slots) {
      const heard = zonedMinute(new Date(slot.start), 'America/New_York');
      expect(heard).toBe(zonedMinute(new Date(slot.start), ZONE) + 60);
      expect(inNewYork.say).toContain(slot.label);
    }
    expect(slots[0]?.label).not.toBe(inChicago[0]?.label);
    const done = await runConfirmationTool(
      'reschedule_visit',
      { start: slots[0]?.start },
      {
        ...ctx(),
        patientTimeZone: 'America/New_York',
      },
    );
    expect(done.say).toContain(slots[0]?.label as string);
  });

  it('moves the visit to an offered time when the clinician allows calendar changes', async () => {
    const slots = (await run('offer_visit_times', { preference: 'later' })).slots as Array<{ start: string }>;
    const chosen = slots[0]?.start as string;
    const done = await run('reschedule_visit', JSON.stringify({ start: chosen }));
    expect(done.status).toBe('done');
    expect(Date.parse(calendar.events.get(visit.id)?.start as string)).toBe(Date.parse(chosen));
    expect(rows[0]).toMatchObject({ status: 'moved', newStart: new Date(chosen).toISOString() });
  });

  it('only records the request (the time stands) without write access', async () => {
    canWrite = false;
    const slots = (await run('offer_visit_times', { preference: 'later' })).slots as Array<{ start: string }>;
    const asked = await run('reschedule_visit', { start: slots[0]?.start });
    expect(asked.status).toBe('proposal');
    expect(asked.say).toContain('the original time stands');
    expect(calendar.writes).toEqual([]);
    expect(rows[0]?.status).toBe('move-requested');
  });

  it('refuses a time that does not fit, another day, and any tool but its own', async () => {
    const overlapping = dayVisits(calendar).find((v) => v.id !== visit.id && v.patient) as Visit;
    expect((await run('reschedule_visit', { start: overlapping.start })).status).toBe('invalid');
    expect((await run('reschedule_visit', { start: '2026-11-25T10:00:00-06:00' })).status).toBe('invalid');
    expect((await run('list_visits', {})).status).toBe('invalid');
    expect((await run('cancel_visit', { visitId: visit.id, confirm: true })).status).toBe('invalid');
    expect(calendar.writes).toEqual([]);
  });

  it('"stop calling me" puts the number on the do-not-call list and keeps the visit', async () => {
    const stopped = await run('stop_calls');
    expect(stopped.status).toBe('done');
    expect(store.doNotCallSet.has('+13125550142')).toBe(true);
    expect(rows[0]?.status).toBe('opted-out');
    expect(calendar.events.has(visit.id)).toBe(true);
  });
});

describe('the re-plan after the calls', () => {
  it('keeps every confirmed visit at its time and may move the others within their windows', () => {
    const calendar = memoryCalendar(seed, MAYA, ZONE);
    const events = [...calendar.events.values()].filter((e) => toVisit(e, ZONE).date === DAY);
    const visits = dayVisits(calendar).filter((v) => v.patient);
    const rows = visits.map((v, i) => ({
      ...rowFor(v),
      status: (i % 2 === 0 ? 'confirmed' : 'no-answer') as ConfirmationStatus,
    }));
    const summary = summarise(events, rows, DAY, ZONE);
    expect(summary.counts.confirmed).toBe(rows.filter((r) => r.status === 'confirmed').length);
    expect(summary.plan?.confirmedTimesKept).toBe(true);
    const booked = new Map(visits.map((v) => [v.id, v.startMinute]));
    for (const stop of summary.plan?.order ?? []) {
      const row = rows.find((r) => r.eventId === stop.eventId);
      if (row?.status !== 'confirmed') continue;
      expect(zonedMinute(new Date(stop.start), ZONE)).toBe(booked.get(stop.eventId));
    }
  });
});
