// The patient list (issue 21, docs/assistant.md § Patients): read on open and on Try again or reload only; one change
// saved at a time; a saved record appears in the list once (replacing its earlier row), a refused change leaves the
// list exactly as it was and says why; nothing is ever logged (names and notes are health data). Texts copied from
// the product, not imported from the machine.
import { toPatientListView } from '../../../machines/patient-list/patient-list.view.ts';
import type { StepOracle } from '../../support/model/replay.ts';

const LOAD_FAILED = 'Your patient list could not be loaded just now.';

export const patientListOracle: StepOracle = ({ event, before, after, started, logged, warned }) => {
  const problems: string[] = [];
  const expect = (ok: boolean, text: string) => {
    if (!ok) problems.push(text);
  };
  const view = toPatientListView(after as never);
  const prior = before ? toPatientListView(before as never) : null;
  expect(logged.length === 0 && warned.length === 0, `nothing is logged (${logged}${warned})`);
  expect(
    view.status === 'loading' || view.status === 'saving' ? after.hasTag('busy') : !after.hasTag('busy'),
    'busy while asking',
  );
  if (started.includes('list')) {
    expect(
      ['xstate.init', 'patients.reload'].includes(event.type) || event.type.startsWith('xstate.after.saveTimeout'),
      'read on open, on reload, and after an unanswered save only',
    );
  }
  if (started.includes('save')) {
    expect(event.type === 'patients.save' && prior?.status === 'ready', 'one change at a time, from the list');
  }
  const keys = [...view.patients, ...view.notPatients].map((r) => r.name_key);
  expect(new Set(keys).size === keys.length, 'each name once in the list');
  if (event.type === 'xstate.done.actor.save') {
    const saved = event.output as { id: string; name_key: string };
    expect(keys.filter((k) => k === saved.name_key).length === 1, 'the saved record is in the list');
    expect(view.saveError === null && view.saving === null, 'nothing left to say once saved');
  }
  if (event.type === 'xstate.error.actor.save') {
    const beforeKeys = prior ? [...prior.patients, ...prior.notPatients] : [];
    expect(
      JSON.stringify([...view.patients, ...view.notPatients]) === JSON.stringify(beforeKeys),
      'a refused change changes nothing',
    );
    expect(typeof view.saveError === 'string' && view.saveError.length > 0, 'a refused change says why');
  }
  if (event.type === 'xstate.error.actor.list' || event.type.startsWith('xstate.after.listTimeout')) {
    expect(view.status === 'failed' && view.message === LOAD_FAILED, 'a list that cannot be read says so');
  }
  return problems;
};
