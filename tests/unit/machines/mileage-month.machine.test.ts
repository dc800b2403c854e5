// The mileage log's month (machines/mileage-month): read on open, another month read when picked (the old log gone at
// once, the read under way aborted), one day saved at a time with the month's new totals, a refusal says why and
// changes nothing, silent servers are given up at their limits.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { MileageMonth } from '../../../core/mileage/mileage.types.ts';
import {
  LOAD_TIMEOUT_MS,
  mileageMonthMachine,
  SAVE_TIMEOUT_MS,
  toMileageMonthView,
} from '../../../machines/mileage-month/index.ts';
import { MILEAGE_MONTH_MESSAGES, mileageSaveFailure } from '../../../machines/mileage-month/mileage-month.messages.ts';
import { createControlledActors } from '../../support/model/controlled-actors.ts';

const log = (month: string, miles: number, edit: MileageMonth['days'][number]['edit'] = null): MileageMonth => ({
  month,
  days: [
    {
      day: `${month}-02`,
      legs: [],
      plannedMiles: 20.4,
      plannedMinutes: 50,
      roadBased: true,
      countsHomeLegs: true,
      visits: 3,
      unplaced: 0,
      edit,
      miles,
      upcoming: false,
    },
  ],
  totalMiles: miles,
  plannedMiles: 20.4,
  totalMinutes: 50,
  rate: { centsPerMile: 72.5, kind: 'irs', year: 2026, note: 'IRS' },
  reimbursement: Math.round(miles * 72.5) / 100,
});

function start(month = '2026-11') {
  const controlled = createControlledActors(['load', 'save']);
  const clock = new SimulatedClock();
  const actor = createActor(mileageMonthMachine.provide({ actors: controlled.actors }), {
    clock,
    input: { month },
  }).start();
  return { actor, clock, controlled, view: () => toMileageMonthView(actor.getSnapshot()) };
}

describe('mileage-month machine', () => {
  it('reads the month, saves a day and shows the month the server answers', async () => {
    const { actor, controlled, view } = start();
    expect(view()).toMatchObject({ status: 'loading', month: '2026-11', message: 'Adding up your drives…' });
    expect(controlled.pending('load')?.input).toBe('2026-11');
    await controlled.resolve('load', log('2026-11', 20.4));
    expect(view()).toMatchObject({ status: 'ready', message: null });
    const save = { day: '2026-11-02', drivenMiles: 25, reason: 'Detour' };
    actor.send({ type: 'mileage.saveDay', save });
    actor.send({ type: 'mileage.saveDay', save });
    expect(controlled.invocations.filter((i) => i.src === 'save')).toHaveLength(1);
    expect(controlled.pending('save')?.input).toEqual({ month: '2026-11', save });
    expect(view()).toMatchObject({ status: 'savingDay', savingDay: '2026-11-02' });
    await controlled.resolve('save', log('2026-11', 25, { miles: 25, reason: 'Detour' }));
    expect(view()).toMatchObject({ status: 'ready', savingDay: null, saveError: null });
    expect(view().log?.totalMiles).toBe(25);
  });

  it('a refused save says why and leaves the log as it was', async () => {
    const { actor, controlled, view } = start();
    await controlled.resolve('load', log('2026-11', 20.4));
    actor.send({ type: 'mileage.saveDay', save: { day: '2026-11-02', drivenMiles: 5, reason: 'x' } });
    await controlled.reject('save', { userMessage: 'edit.reason must say briefly why.' });
    expect(view()).toMatchObject({ status: 'ready', saveError: 'edit.reason must say briefly why.' });
    expect(view().log?.totalMiles).toBe(20.4);
  });

  it('another month drops the old log at once and aborts the read under way', async () => {
    const { actor, controlled, view } = start();
    await controlled.resolve('load', log('2026-11', 20.4));
    actor.send({ type: 'mileage.month', month: '2026-10' });
    expect(view()).toMatchObject({ status: 'loading', month: '2026-10', log: null });
    const first = controlled.pending('load');
    expect(first?.input).toBe('2026-10');
    actor.send({ type: 'mileage.month', month: '2026-09' });
    expect(first?.signal.aborted).toBe(true);
    expect(controlled.pending('load')?.input).toBe('2026-09');
  });

  it('gives up a silent read after 60 s (Try again reads again) and a silent save after 30 s (the month read again)', async () => {
    const { actor, clock, controlled, view } = start();
    clock.increment(LOAD_TIMEOUT_MS - 1);
    expect(view().status).toBe('loading');
    clock.increment(1);
    expect(view()).toMatchObject({
      status: 'failed',
      message: 'No answer in 60 seconds: your mileage could not be read just now.',
    });
    actor.send({ type: 'mileage.retry' });
    await controlled.resolve('load', log('2026-11', 20.4));
    actor.send({ type: 'mileage.saveDay', save: { day: '2026-11-02', drivenMiles: null, reason: '' } });
    clock.increment(SAVE_TIMEOUT_MS);
    expect(view()).toMatchObject({
      status: 'loading',
      saveError: 'No answer in 30 seconds: that change may not have been saved. The month is read again.',
    });
  });

  it('a month that cannot be read says so', async () => {
    const { controlled, view } = start();
    await controlled.reject('load', new Error('mileage answered 502'));
    expect(view()).toMatchObject({ status: 'failed', message: 'Your mileage could not be read just now.' });
  });

  it('Try again after a refused save reads the month again and forgets the refusal', async () => {
    const { actor, controlled, view } = start();
    await controlled.resolve('load', log('2026-11', 20.4));
    actor.send({ type: 'mileage.saveDay', save: { day: '2026-11-02', drivenMiles: 5, reason: 'x' } });
    await controlled.reject('save', new Error('boom'));
    expect(view()).toMatchObject({ status: 'ready', saveError: MILEAGE_MONTH_MESSAGES.saveFailed });
    actor.send({ type: 'mileage.retry' });
    expect(view()).toMatchObject({ status: 'loading', saveError: null, message: MILEAGE_MONTH_MESSAGES.loading });
    expect(controlled.invocations.filter((i) => i.src === 'load')).toHaveLength(2);
  });
});

describe('after a failed read', () => {
  it('picking another month reads that month', async () => {
    const { actor, controlled, view } = start();
    await controlled.reject('load', new Error('unavailable'));
    expect(view()).toMatchObject({ status: 'failed', message: MILEAGE_MONTH_MESSAGES.loadFailed });
    actor.send({ type: 'mileage.month', month: '2026-10' });
    expect(view()).toMatchObject({ status: 'loading', month: '2026-10', message: MILEAGE_MONTH_MESSAGES.loading });
    expect(controlled.pending('load')?.input).toBe('2026-10');
    await controlled.resolve('load', log('2026-10', 12));
    expect(view()).toMatchObject({ status: 'ready', month: '2026-10', message: null });
  });
});

describe('what a refused save says', () => {
  it('the server’s own sentence when it gives one, else the general one', () => {
    expect(mileageSaveFailure({ userMessage: 'The month must be like 2026-11.' })).toBe(
      'The month must be like 2026-11.',
    );
    for (const error of [null, undefined, {}, { userMessage: '' }, { userMessage: 42 }, new Error('socket hang up')]) {
      expect(mileageSaveFailure(error)).toBe(MILEAGE_MONTH_MESSAGES.saveFailed);
    }
  });
});
