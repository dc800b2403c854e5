// The patient list (machines/patient-list): read on open, each change saved one at a time, a refusal says why and
// changes nothing, silent services are given up.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { PatientRecord } from '../../../core/patients/patients.ts';
import {
  LIST_TIMEOUT_MS,
  patientListMachine,
  SAVE_TIMEOUT_MS,
  saveFailure,
  toPatientListView,
} from '../../../machines/patient-list/index.ts';
import { createControlledActors, flush } from '../../support/model/controlled-actors.ts';

const record = (id: string, name: string, status: PatientRecord['status'] = 'patient'): PatientRecord => ({
  id,
  name_key: name.toLowerCase(),
  status,
  full_name: name,
  address: null,
  lat: null,
  lng: null,
  phone: null,
  window_start: null,
  window_end: null,
  language: null,
  notes: null,
  automated_calls_consent: false,
});
const GRACE = record('1', 'Grace Okoye');
const JOHN = record('2', 'John Wu');

function start() {
  const controlled = createControlledActors(['list', 'save']);
  const clock = new SimulatedClock();
  const actor = createActor(patientListMachine.provide({ actors: controlled.actors }), { clock }).start();
  return { actor, clock, controlled, view: () => toPatientListView(actor.getSnapshot()) };
}

describe('patient-list machine', () => {
  it('reads the list, saves one change at a time and puts the saved record in its place', async () => {
    const { actor, controlled, view } = start();
    expect(view()).toMatchObject({ status: 'loading', message: 'Loading your patients…' });
    await controlled.resolve('list', [JOHN, record('3', 'Lunch Crew', 'not_patient')]);
    expect(view()).toMatchObject({ status: 'ready', message: null, saveError: null });
    expect(view().patients.map((p) => p.full_name)).toEqual(['John Wu']);
    expect(view().notPatients.map((p) => p.full_name)).toEqual(['Lunch Crew']);
    const { id: _, ...fresh } = GRACE;
    actor.send({ type: 'patients.save', save: { kind: 'insert', record: fresh } });
    actor.send({ type: 'patients.save', save: { kind: 'insert', record: fresh } });
    expect(controlled.invocations.filter((i) => i.src === 'save')).toHaveLength(1);
    expect(controlled.pending('save')?.input).toEqual({ kind: 'insert', record: fresh });
    expect(view()).toMatchObject({ status: 'saving', saving: 'grace okoye' });
    await controlled.resolve('save', GRACE);
    expect(view().patients.map((p) => p.full_name)).toEqual(['Grace Okoye', 'John Wu']);
    actor.send({ type: 'patients.save', save: { kind: 'update', id: '2', changes: { notes: 'Gate code 4411' } } });
    expect(view().saving).toBe('2');
    await controlled.resolve('save', { ...JOHN, notes: 'Gate code 4411' });
    expect(view().patients.find((p) => p.id === '2')?.notes).toBe('Gate code 4411');
    expect(view().patients).toHaveLength(2);
  });

  it('a refused change says why and leaves the list as it was', async () => {
    const { actor, controlled, view } = start();
    await controlled.resolve('list', [JOHN]);
    actor.send({ type: 'patients.save', save: { kind: 'update', id: '2', changes: { window_start: '12:00' } } });
    await controlled.reject('save', { userMessage: 'Give both ends of the preferred window, or neither.' });
    expect(view()).toMatchObject({
      status: 'ready',
      saving: null,
      saveError: 'Give both ends of the preferred window, or neither.',
    });
    expect(view().patients).toEqual([JOHN]);
    actor.send({ type: 'patients.save', save: { kind: 'update', id: '2', changes: { notes: 'x' } } });
    await controlled.reject('save', new Error('network'));
    expect(view().saveError).toBe('That change was not saved: try again.');
  });

  it('a list that cannot be read in 10 s says so, and Try again reads it', async () => {
    const { actor, clock, controlled, view } = start();
    clock.increment(LIST_TIMEOUT_MS);
    await flush();
    expect(view()).toMatchObject({ status: 'failed', message: 'Your patient list could not be loaded just now.' });
    actor.send({ type: 'patients.reload' });
    expect(view().status).toBe('loading');
    await controlled.reject('list', new Error('PGRST000'));
    expect(view().status).toBe('failed');
  });

  it('a save unanswered in 15 s is given up and the list read again', async () => {
    const { actor, clock, controlled, view } = start();
    await controlled.resolve('list', [JOHN]);
    actor.send({ type: 'patients.save', save: { kind: 'update', id: '2', changes: { notes: 'x' } } });
    clock.increment(SAVE_TIMEOUT_MS);
    await flush();
    expect(view()).toMatchObject({
      status: 'loading',
      saveError: 'No answer in 15 seconds: that change may not have been saved. The list is read again.',
    });
    expect(controlled.invocations.filter((i) => i.src === 'list')).toHaveLength(2);
  });

  it('a saved record takes its earlier row’s place, by id or by name', async () => {
    const { actor, controlled, view } = start();
    await controlled.resolve('list', [JOHN, record('3', 'Rosa Delgado', 'not_patient')]);
    actor.send({ type: 'patients.save', save: { kind: 'update', id: '2', changes: { full_name: 'Johnny Wu' } } });
    await controlled.resolve('save', { ...JOHN, name_key: 'johnny wu', full_name: 'Johnny Wu' });
    expect(view().patients.map((p) => p.full_name)).toEqual(['Johnny Wu']);
    // Re-added under a new id (the old answer was removed elsewhere): one row for the name.
    actor.send({ type: 'patients.save', save: { kind: 'update', id: '3', changes: { status: 'patient' } } });
    await controlled.resolve('save', { ...record('9', 'Rosa Delgado'), name_key: 'rosa delgado' });
    expect(view().notPatients).toEqual([]);
    expect(view().patients.map((p) => [p.id, p.full_name])).toEqual([
      ['2', 'Johnny Wu'],
      ['9', 'Rosa Delgado'],
    ]);
  });

  it('says the store’s own sentence only when it gives one', () => {
    expect(saveFailure({ userMessage: 'This patient is already on your list.' })).toBe(
      'This patient is already on your list.',
    );
    for (const error of [null, undefined, { userMessage: '' }, { userMessage: 42 }, new Error('boom')]) {
      expect(saveFailure(error)).toBe('That change was not saved: try again.');
    }
  });
});
