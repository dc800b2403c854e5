// Runs the evening batches (server side, so it lives beside the handlers: core/ sits below machines/): the confirmation-batch machine (machines/confirmation-batch) restored from its
// row for each event — a cron tick, an administrator's run, a call's report — with the I/O it invokes
// (calendar, voice platform, database), run until it rests again, then saved with an optimistic version
// check. The same runner serves the Edge Function and the local platform; nothing here holds state
// between events, so an evening survives restarts and runs on any instance.
import { type AnyActorRef, createActor, waitFor } from 'xstate';
import { signCallToken } from '../../core/assistant/call-token.ts';
import type { CalendarPort } from '../../core/calendar/google-calendar.ts';
import {
  buildCallList,
  type CallCandidate,
  callCandidates,
  callingHoursEnd,
  callVariables,
  eveningCallTime,
  placementRefusal,
  skipText,
  withinCallingHours,
} from '../../core/confirmations/call-list.ts';
import type { CallMovedResponse } from '../../core/confirmations/call-moved-contract.ts';
import type {
  BatchState,
  BatchStatus,
  BatchSummary,
  CallingRules,
  CallListEntry,
  CallPlan,
} from '../../core/confirmations/contract.ts';
import { summarise } from '../../core/confirmations/reoptimise.ts';
import type { PatientRecord } from '../../core/patients/patients.ts';
import { addDays, isValidTimeZone, zonedDate, zonedDateTime } from '../../core/time/zoned-time.ts';
import { createConfirmationBatchActors } from '../../machines/confirmation-batch/confirmation-batch.actors.ts';
import { confirmationBatchMachine } from '../../machines/confirmation-batch/confirmation-batch.machine.ts';
import type {
  BatchActorInput,
  ConfirmationBatchEvent,
  ConfirmationBatchPorts,
} from '../../machines/confirmation-batch/confirmation-batch.types.ts';
import type { BatchRow, CallTarget, Clinician, ConfirmationStore } from './store.ts';
import type { VoicePort } from './voice-port.ts';

export const FINAL_STATES: readonly BatchState[] = ['done', 'failed', 'cancelled'];
/** How long one event may keep the machine busy (the Edge Function's wall-clock limit is longer). */
const SETTLE_TIMEOUT_MS = 60_000;
/** A confirmation call's token lives until a while after calling hours end (reports identify calls by it). */
const TOKEN_GRACE_S = 3 * 60 * 60;
/** How long one instance holds a batch while its machine runs (longer than SETTLE_TIMEOUT_MS). */
const LEASE_SECONDS = 120;

export interface BatchRunnerDeps {
  store: ConfirmationStore;
  /** The clinician's calendar through the server's Google grant. */
  calendarFor(userId: string): CalendarPort;
  voice: VoicePort;
  /** The visit-confirmation assistant and the number it calls from. */
  assistantId: () => Promise<string>;
  phoneNumberId: () => Promise<string>;
  callTokenSecret: string;
  /** The agency's callback number when a clinician has not set one. */
  defaultCallbackNumber: string;
  defaultTimeZone: string;
  now: () => Date;
  log?: (line: string) => void;
  /** The clinician's patient list: only its confirmed, consenting patients are called (absent: nobody is). */
  patients?(userId: string): Promise<PatientRecord[]>;
  /** How long one event may keep the machine busy (default SETTLE_TIMEOUT_MS; tests shorten it). */
  settleTimeoutMs?: number;
}

export class BatchConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BatchConflictError';
  }
}

/** How long a calendar time zone read from Google is used before it is read again. */
export const CALENDAR_ZONE_MAX_AGE_MS = 24 * 3600_000;

export class ClinicianNotFoundError extends Error {
  constructor(who: string) {
    super(`No clinician ${who}`);
    this.name = 'ClinicianNotFoundError';
  }
}

export function createBatchRunner(deps: BatchRunnerDeps) {
  const { store } = deps;
  const log = deps.log ?? (() => {});

  /**
   * The clinician's zone (which day is "tomorrow", the call time): their calendar's, never a setting they type. It is
   * read from Google at most once a day (CALENDAR_ZONE_MAX_AGE_MS) and kept with the grant, so a cron tick does not
   * ask Google for every clinician; when Google cannot be reached the last zone read stands, and only a clinician
   * whose zone was never read gets the default. Each patient's calling hours follow their own place (call-list.ts).
   */
  async function zoneOf(clinician: Clinician): Promise<string> {
    const now = deps.now();
    const cached = await store.calendarZone(clinician.userId);
    const kept = cached && isValidTimeZone(cached.timeZone) ? cached : null;
    if (kept && now.getTime() - kept.readAt.getTime() < CALENDAR_ZONE_MAX_AGE_MS) return kept.timeZone;
    const found = await deps
      .calendarFor(clinician.userId)
      .timeZone()
      .catch(() => null);
    if (found && isValidTimeZone(found)) {
      await store.saveCalendarZone(clinician.userId, found, now);
      return found;
    }
    return kept?.timeZone ?? deps.defaultTimeZone;
  }

  const patientsOf = (userId: string) => (deps.patients ? deps.patients(userId) : Promise.resolve([]));

  /** The day's visits with the patient records they belong to: the list alone says who is called, on which number. */
  async function dayCandidates(userId: string, date: string, timeZone: string): Promise<CallCandidate[]> {
    const events = await deps
      .calendarFor(userId)
      .list(zonedDateTime(date, 0, timeZone).instant, zonedDateTime(addDays(date, 1), 0, timeZone).instant);
    return callCandidates(events, await patientsOf(userId), timeZone).filter((c) => c.visit.date === date);
  }

  /** When calls must have started: calling hours' end in the clinician's zone or, earlier, a called patient's. */
  function latestCallStart(
    entries: readonly Pick<CallListEntry, 'timeZone'>[],
    at: Date,
    timeZone: string,
    rules: CallingRules,
  ): Date {
    const zones = [timeZone, ...entries.map((e) => e.timeZone)];
    return new Date(Math.min(...zones.map((zone) => callingHoursEnd(at, zone, rules.window).getTime())));
  }

  async function clinicianOf(who: string): Promise<Clinician> {
    const clinician = await store.clinician(who);
    if (!clinician) throw new ClinicianNotFoundError(who);
    return clinician;
  }

  /** The call list for a day, with when the batch would call (nothing is written or called). */
  async function plan(who: string, date?: string, callNow = false): Promise<CallPlan> {
    const clinician = await clinicianOf(who);
    const timeZone = await zoneOf(clinician);
    const now = deps.now();
    const day = date ?? addDays(zonedDate(now, timeZone), 1);
    const settings = await store.settings(clinician.userId);
    const callAt = callNow ? now : eveningCallTime(day, settings.callAt, timeZone);
    const rules = await store.callingRules();
    const entries = buildCallList({
      candidates: await dayCandidates(clinician.userId, day, timeZone),
      timeZone,
      callAt,
      doNotCall: await store.doNotCall(),
      rules,
    });
    const called = entries.filter((e) => !e.skip);
    return {
      clinician: { userId: clinician.userId, email: clinician.email, name: clinician.name },
      date: day,
      timeZone,
      callAt: callAt.toISOString(),
      latestAt: latestCallStart(called, callAt, timeZone, rules).toISOString(),
      entries,
    };
  }

  /**
   * The voice platform's customer for one call: the patient's number and first name, and the call's variables with a
   * call token scoped to that visit (worded in the patient's zone). `key` names the batch (or the clinician's "call
   * now") in the externalId, so a report identifies the visit even when the platform leaves the overrides out.
   */
  async function customerFor(
    call: { userId: string; visitDate: string; clinician: Clinician; timeZone: string; key: string },
    target: CallTarget,
    latestAt: number,
  ) {
    const settings = await store.settings(call.userId);
    const ttl = Math.max(60, Math.round((latestAt - deps.now().getTime()) / 1000) + TOKEN_GRACE_S);
    const { token } = await signCallToken(call.userId, deps.callTokenSecret, deps.now(), ttl, {
      eventId: target.eventId,
      visitDate: call.visitDate,
    });
    // Worded in the patient's zone: a Monday 8 am visit in Chicago is never "Tuesday between 4 and 5 AM".
    const variableValues = callVariables({
      patientName: target.patientName,
      start: new Date(target.originalStart),
      movedFrom: target.movedFrom ? new Date(target.movedFrom) : null,
      timeZone: target.timeZone ?? call.timeZone,
      clinician: { name: call.clinician.name, discipline: call.clinician.discipline },
      agencyName: settings.agencyName,
      callbackNumber: settings.callbackNumber ?? deps.defaultCallbackNumber,
      callToken: token,
    });
    return {
      number: target.phone,
      name: variableValues.patientFirstName,
      externalId: `${call.key}:${target.eventId}`,
      assistantOverrides: { variableValues },
    };
  }

  /** The machine's I/O for one batch row. */
  function portsFor(row: BatchRow, clinician: Clinician, timeZone: string): ConfirmationBatchPorts {
    const { userId, visitDate } = row;
    const callOf = { userId, visitDate, clinician, timeZone, key: row.id };

    /**
     * The targets that may be dialled now, each checked against the patient list, the agency's rules, the do-not-call
     * list and its patient's calling hours at this moment; the others are not called, with the reason (a first call
     * `skipped`, a retry stays a no-answer). Also the latest moment all of them may still be called.
     */
    async function clearedTargets(targets: CallTarget[], at: Date, latestAt: number, round: 'first' | 'retry') {
      if (targets.length === 0) return { cleared: [], latestAt };
      const [rules, doNotCall, records] = await Promise.all([
        store.callingRules(),
        store.doNotCall(),
        patientsOf(userId),
      ]);
      const byId = new Map(records.map((record) => [record.id, record]));
      const cleared: CallTarget[] = [];
      let latest = latestAt;
      for (const target of targets) {
        const zone = target.timeZone ?? timeZone;
        const refusal = placementRefusal({
          phone: target.phone,
          record: target.patientId ? byId.get(target.patientId) : null,
          timeZone: zone,
          at,
          doNotCall,
          rules,
        });
        if (refusal) {
          await store.recordOutcome(userId, visitDate, target.eventId, {
            status: round === 'first' ? 'skipped' : 'no-answer',
            newStart: null,
            detail: round === 'first' ? skipText(refusal) : `Not called again: ${skipText(refusal)}`.slice(0, 200),
            late: false,
          });
          continue;
        }
        cleared.push(target);
        latest = Math.min(latest, callingHoursEnd(at, zone, rules.window).getTime());
      }
      return { cleared, latestAt: latest };
    }

    return {
      async buildCallList({ now }) {
        const callAt = new Date(now);
        const entries = buildCallList({
          candidates: await dayCandidates(userId, visitDate, timeZone),
          timeZone,
          callAt,
          doNotCall: await store.doNotCall(),
          rules: await store.callingRules(),
        });
        await store.writeCallList(row.id, userId, visitDate, entries, skipText);
        return { toCall: entries.filter((e) => !e.skip).length };
      },
      async placeCampaign({ now, latestAt: batchLatest }, signal) {
        const pending = await store.targets(userId, visitDate, ['pending'], 1);
        // Checked right before it is sent, not only when the list was made.
        const { cleared: targets, latestAt } = await clearedTargets(pending, new Date(now), batchLatest, 'first');
        if (targets.length === 0) return { campaignId: 'none', placed: 0 };
        const customers = await Promise.all(targets.map((t) => customerFor(callOf, t, latestAt)));
        const ids = targets.map((t) => t.eventId);
        // Marked before the request: a report may come back before the answer does.
        await store.markCalling(userId, visitDate, ids);
        try {
          const campaign = await deps.voice.createCampaign(
            {
              name: `HomeRounds confirmations ${visitDate} ${clinician.email}`.slice(0, 80),
              assistantId: await deps.assistantId(),
              phoneNumberId: await deps.phoneNumberId(),
              customers,
              // Ends when the first of these patients' calling hours do: no call starts outside anyone's.
              schedulePlan: { earliestAt: new Date(now).toISOString(), latestAt: new Date(latestAt).toISOString() },
            },
            signal,
          );
          log(`confirmations: campaign ${campaign.id} placed ${targets.length} calls for ${visitDate}`);
          return { campaignId: campaign.id, placed: targets.length };
        } catch (error) {
          await store.revertCalling(userId, visitDate, ids);
          throw error;
        }
      },
      async checkReports() {
        return {
          outstanding: await store.countByStatus(userId, visitDate, 'calling'),
          toRetry: await store.countByStatus(userId, visitDate, 'no-answer', 2),
        };
      },
      async markMissing() {
        await store.markMissing(userId, visitDate);
        return { toRetry: await store.countByStatus(userId, visitDate, 'no-answer', 2) };
      },
      async placeRetries({ now, latestAt }, signal) {
        if (now >= latestAt) return { placed: 0 };
        const due = await store.targets(userId, visitDate, ['no-answer'], 2);
        // Each retry is checked right before it is placed, in its own patient's calling hours.
        const { cleared: targets } = await clearedTargets(due, new Date(now), latestAt, 'retry');
        let placed = 0;
        for (const target of targets) {
          const customer = await customerFor(callOf, target, latestAt);
          await store.markCalling(userId, visitDate, [target.eventId]);
          try {
            const call = await deps.voice.createCall(
              {
                name: `HomeRounds confirmation retry ${visitDate}`,
                assistantId: await deps.assistantId(),
                phoneNumberId: await deps.phoneNumberId(),
                customer: { number: customer.number, name: customer.name, externalId: customer.externalId },
                assistantOverrides: customer.assistantOverrides,
              },
              signal,
            );
            await store.setCallId(userId, visitDate, target.eventId, call.id);
            placed++;
          } catch (error) {
            // That one stays a no-answer (its second attempt is counted: never called a third time).
            await store.recordOutcome(userId, visitDate, target.eventId, {
              status: 'no-answer',
              newStart: null,
              detail: 'The second call could not be placed.',
              late: false,
            });
            log(`confirmations: a retry call failed: ${(error as Error).message}`);
          }
        }
        if (placed === 0 && targets.length > 0) throw new Error('no retry call could be placed');
        return { placed };
      },
      async reoptimise() {
        const events = await deps
          .calendarFor(userId)
          .list(
            zonedDateTime(visitDate, 0, timeZone).instant,
            zonedDateTime(addDays(visitDate, 1), 0, timeZone).instant,
          );
        return summarise(events, await store.visits(userId, visitDate), visitDate, timeZone);
      },
    };
  }

  /**
   * Restores the row's machine and, if it takes the event, claims the row (one instance at a time runs a
   * batch's I/O), lets the machine run until it rests, and saves it. An event the machine does not take in
   * its current state changes nothing (a report that races the tick placing the calls is picked up by
   * the next tick).
   */
  async function advance(row: BatchRow, event: ConfirmationBatchEvent): Promise<BatchRow> {
    const clinician = await clinicianOf(row.userId);
    const timeZone = await zoneOf(clinician);
    for (let attempt = 0; attempt < 3; attempt++) {
      if (FINAL_STATES.includes(row.state as BatchState)) return row;
      const machine = confirmationBatchMachine.provide({
        actors: createConfirmationBatchActors(portsFor(row, clinician, timeZone)),
      });
      // The input is required by the type only: a restored snapshot keeps its own context.
      const restore = () =>
        createActor(machine, { snapshot: row.snapshot as never, input: { batchId: row.id, callAt: 0, latestAt: 0 } });
      if (!restore().getSnapshot().can(event)) return row;
      const claimed = await store.claimBatch(row, LEASE_SECONDS);
      if (!claimed) {
        const fresh = await store.batchById(row.id);
        if (!fresh || fresh.version === row.version) return row; // leased by another instance: it will save
        row = fresh;
        continue;
      }
      const actor = restore();
      actor.start();
      actor.send(event);
      let next: Parameters<ConfirmationStore['saveBatch']>[1];
      try {
        await settled(actor, deps.settleTimeoutMs ?? SETTLE_TIMEOUT_MS);
        const snapshot = actor.getSnapshot();
        next = {
          state: stateName(snapshot.value),
          snapshot: actor.getPersistedSnapshot(),
          campaignId: snapshot.context.campaignId,
          failure: snapshot.context.failure,
          summary: withNote(snapshot.context.summary, snapshot.context.planNote),
        };
      } finally {
        actor.stop();
      }
      const saved = await store.saveBatch(claimed, next);
      if (!saved) throw new BatchConflictError('The batch was taken over while it ran: its next tick continues it.');
      return (await store.batchById(row.id)) as BatchRow;
    }
    throw new BatchConflictError('The batch kept changing underneath: try again.');
  }

  /** Creates a day's batch (scheduled at the clinician's call time, or now). */
  async function create(clinician: Clinician, date: string, callNow: boolean): Promise<BatchRow> {
    const timeZone = await zoneOf(clinician);
    const settings = await store.settings(clinician.userId);
    const callAt = callNow ? deps.now() : eveningCallTime(date, settings.callAt, timeZone);
    const { window } = await store.callingRules();
    const batchId = crypto.randomUUID();
    const actor = createActor(confirmationBatchMachine, {
      input: { batchId, callAt: callAt.getTime(), latestAt: callingHoursEnd(callAt, timeZone, window).getTime() },
    });
    actor.start();
    const snapshot = actor.getPersistedSnapshot();
    actor.stop();
    const row = await store.createBatch(batchId, clinician.userId, date, 'scheduled', snapshot);
    if (!row) throw new BatchConflictError(`A confirmation batch for ${date} already exists.`);
    return row;
  }

  async function status(who: string, date?: string): Promise<BatchStatus | null> {
    const clinician = await clinicianOf(who);
    const timeZone = await zoneOf(clinician);
    const day = date ?? addDays(zonedDate(deps.now(), timeZone), 1);
    const row = await store.batch(clinician.userId, day);
    if (!row) return null;
    return toStatus(row, clinician);
  }

  async function toStatus(row: BatchRow, clinician: Clinician): Promise<BatchStatus> {
    return {
      batchId: row.id,
      clinician: { userId: clinician.userId, email: clinician.email, name: clinician.name },
      date: row.visitDate,
      state: row.state as BatchState,
      finished: FINAL_STATES.includes(row.state as BatchState),
      failure: row.failure,
      campaignId: row.campaignId,
      visits: await store.visits(row.userId, row.visitDate),
      summary: row.summary,
      updatedAt: row.updatedAt,
    };
  }

  /**
   * The visit a call the batch placed is for; null for any other call. A call is known by the id stored when it was
   * placed (a retry) or first reported; a campaign's calls get their ids from the platform as it dials, so an unknown
   * id is looked up there (with the private key: only we place calls in our organisation) and taken only when the
   * platform placed it with our confirmation assistant, to the visit row's number, for the batch and visit its
   * customer's externalId names, in that batch's campaign.
   */
  async function visitOfPlacedCall(
    callId: string,
  ): Promise<{ userId: string; visitDate: string; eventId: string } | null> {
    const known = await store.visitOfCall(callId);
    if (known) return known;
    const call = await deps.voice.getCall(callId);
    const names = call?.externalId ? /^([0-9a-f-]{36}):(.+)$/i.exec(call.externalId) : null;
    if (!call || !names) return null;
    const [, batchId, eventId] = names as unknown as [string, string, string];
    const row = await store.visitOfBatch(batchId, eventId);
    if (!row?.phone || row.phone !== call.customerNumber) return null;
    if (call.assistantId !== (await deps.assistantId())) return null;
    const batch = await store.batchById(batchId);
    if (call.campaignId && batch?.campaignId && batch.campaignId !== call.campaignId) return null;
    await store.setCallId(row.userId, row.visitDate, row.eventId, callId);
    return { userId: row.userId, visitDate: row.visitDate, eventId: row.eventId };
  }

  return {
    plan,
    status,
    visitOfPlacedCall,

    /**
     * The clinician's "call them now" after moving visits: the moved patients among `eventIds` get their confirmation
     * call at once (it tells them the new time) instead of in the evening. Each is checked as a placement is (on the
     * list, consenting, allowed number, not on the do-not-call list, their calling hours now); a visit already
     * called, answered or not moved is left alone. The calls are recorded on the day's rows, so the evening batch
     * does not call them again and their reports are taken as the batch's.
     */
    async callMovedNow(userId: string, date: string, eventIds: readonly string[]): Promise<CallMovedResponse> {
      const clinician = await clinicianOf(userId);
      const timeZone = await zoneOf(clinician);
      const now = deps.now();
      const [rules, doNotCall, records] = await Promise.all([
        store.callingRules(),
        store.doNotCall(),
        patientsOf(clinician.userId),
      ]);
      const asked = new Set(eventIds);
      const entries = buildCallList({
        candidates: await dayCandidates(clinician.userId, date, timeZone),
        timeZone,
        callAt: now,
        doNotCall,
        rules,
      }).filter((entry) => asked.has(entry.eventId));
      const answer: CallMovedResponse = { date, called: [], notCalled: [] };
      const notCalled = (eventId: string, reason: string) => answer.notCalled.push({ eventId, reason });
      for (const id of asked) {
        if (!entries.some((entry) => entry.eventId === id)) notCalled(id, 'not a visit on that day any more');
      }
      const toCall: CallListEntry[] = [];
      for (const entry of entries) {
        const current = await store.current(clinician.userId, date, entry.eventId);
        if (current && !['pending', 'skipped'].includes(current.status)) notCalled(entry.eventId, 'already called');
        else if (entry.skip) notCalled(entry.eventId, skipText(entry));
        else if (!entry.movedFrom) notCalled(entry.eventId, 'its time did not move');
        else toCall.push(entry);
      }
      if (toCall.length === 0) return answer;
      const batch = await store.batch(clinician.userId, date);
      await store.writeCallList(batch?.id ?? null, clinician.userId, date, toCall, skipText);
      const byId = new Map(records.map((record) => [record.id, record]));
      const targets = (await store.targets(clinician.userId, date, ['pending'], 1)).filter((t) =>
        toCall.some((entry) => entry.eventId === t.eventId),
      );
      const callOf = { userId: clinician.userId, visitDate: date, clinician, timeZone, key: batch?.id ?? 'now' };
      for (const target of targets) {
        const zone = target.timeZone ?? timeZone;
        // Checked right before it is placed, as every confirmation call is.
        const refusal = placementRefusal({
          phone: target.phone,
          record: target.patientId ? byId.get(target.patientId) : null,
          timeZone: zone,
          at: now,
          doNotCall,
          rules,
        });
        if (refusal) {
          notCalled(target.eventId, skipText(refusal));
          continue;
        }
        const customer = await customerFor(callOf, target, callingHoursEnd(now, zone, rules.window).getTime());
        await store.markCalling(clinician.userId, date, [target.eventId]);
        try {
          const call = await deps.voice.createCall({
            name: `HomeRounds confirmation ${date}`,
            assistantId: await deps.assistantId(),
            phoneNumberId: await deps.phoneNumberId(),
            customer: { number: customer.number, name: customer.name, externalId: customer.externalId },
            assistantOverrides: customer.assistantOverrides,
          });
          await store.setCallId(clinician.userId, date, target.eventId, call.id);
          answer.called.push(target.eventId);
        } catch (error) {
          // Not placed: back to pending, so the evening batch calls it.
          await store.revertCalling(clinician.userId, date, [target.eventId]);
          notCalled(target.eventId, 'the call could not be placed; the evening call will try');
          log(`confirmations: a call-now call failed: ${(error as Error).name}`);
        }
      }
      return answer;
    },

    /** An administrator's run: the day's batch starts now (calling hours permitting). */
    async run(who: string, date?: string, force = false): Promise<BatchStatus> {
      const clinician = await clinicianOf(who);
      const timeZone = await zoneOf(clinician);
      const now = deps.now();
      const day = date ?? addDays(zonedDate(now, timeZone), 1);
      const { window } = await store.callingRules();
      if (!withinCallingHours(now, timeZone, window)) {
        throw new BatchConflictError(
          `It is outside calling hours (${window.start} – ${window.end} in the clinician’s time zone): nobody would be called. Try again during calling hours.`,
        );
      }
      const existing = await store.batch(clinician.userId, day);
      if (existing) {
        const finished = FINAL_STATES.includes(existing.state as BatchState);
        if (!force || !finished) {
          throw new BatchConflictError(
            finished
              ? `The confirmation calls for ${day} already ran (${existing.state}). Use force to run them again.`
              : `The confirmation calls for ${day} are already under way (${existing.state}).`,
          );
        }
        await store.deleteBatch(existing.id);
      }
      const row = await create(clinician, day, true);
      return toStatus(await advance(row, { type: 'batch.runNow', now: now.getTime() }), clinician);
    },

    /**
     * The cron: creates tomorrow's batch for each clinician who has calendar access and calls on, once
     * their evening has come (the day before the visits), then advances every batch still open.
     */
    async tick(): Promise<{ advanced: number }> {
      const now = deps.now();
      for (const userId of await store.eligibleClinicians()) {
        try {
          const clinician = await clinicianOf(userId);
          const timeZone = await zoneOf(clinician);
          const tomorrow = addDays(zonedDate(now, timeZone), 1);
          if (await store.batch(userId, tomorrow)) continue;
          const settings = await store.settings(userId);
          if (now.getTime() >= eveningCallTime(tomorrow, settings.callAt, timeZone).getTime()) {
            await create(clinician, tomorrow, false).catch((error) => {
              if (!(error instanceof BatchConflictError)) throw error;
            });
          }
        } catch (error) {
          log(`confirmations: could not schedule a batch: ${(error as Error).message}`);
        }
      }
      let advanced = 0;
      for (const row of await store.openBatches(FINAL_STATES)) {
        try {
          await advance(row, { type: 'batch.tick', now: now.getTime() });
          advanced++;
        } catch (error) {
          log(`confirmations: batch ${row.id} did not advance: ${(error as Error).message}`);
        }
      }
      return { advanced };
    },

    /** A report was recorded for a batch: let its machine look now. */
    async reportArrived(batchId: string): Promise<void> {
      const row = await store.batchById(batchId);
      if (!row || FINAL_STATES.includes(row.state as BatchState)) return;
      await advance(row, { type: 'batch.reportArrived', now: deps.now().getTime() });
    },

    async cancel(who: string, date: string): Promise<BatchStatus | null> {
      const clinician = await clinicianOf(who);
      const row = await store.batch(clinician.userId, date);
      if (!row) return null;
      return toStatus(await advance(row, { type: 'batch.cancel', now: deps.now().getTime() }), clinician);
    },
  };
}

export type BatchRunner = ReturnType<typeof createBatchRunner>;

/** The machine's note on what went wrong after the calls travels in the summary the clinician sees. */
function withNote(summary: BatchSummary | null, planNote: string | null): BatchSummary | null {
  if (!planNote) return summary;
  return summary ? { ...summary, planNote } : { counts: {}, moved: [], plan: null, planNote };
}

function stateName(value: unknown): string {
  return typeof value === 'string' ? value : (Object.keys(value as object)[0] ?? 'unknown');
}

/** Resolves when the machine rests (no `busy` tag) or ends; a machine still busy after `timeoutMs` is an error. */
async function settled(actor: AnyActorRef, timeoutMs: number): Promise<void> {
  try {
    await waitFor(actor, (snapshot) => snapshot.status !== 'active' || !snapshot.hasTag('busy'), {
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    if ((error as { name?: unknown })?.name === 'TimeoutError') throw new Error('the batch did not settle in time');
    throw error;
  }
}

export type { BatchActorInput };
