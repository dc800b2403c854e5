// Why a change to the patient list was not saved, in the dashboard's language. The machine keeps one English
// sentence (or several, one per problem core's checks found): its own, the store's refusal for a database code
// (web/src/adapters/patients.ts), or core/patients' checks. Each known sentence is said from the catalog (English
// word for word); a sentence not known here is shown as it came.
import { PATIENT_LIST_MESSAGES } from '../../../../machines/patient-list/index.ts';
import type { MessageId } from '../../i18n/catalog.ts';
import { translateMachineText } from '../../i18n/machine-text.ts';
import type { Translate } from '../../i18n/use-t.ts';

const SENTENCES: Readonly<Record<string, MessageId>> = {
  'This patient is already on your list.': 'patients.refusal.duplicate',
  'One of the values is not accepted: check the window and the lengths.': 'patients.refusal.notAccepted',
  'You can change only your own patients.': 'patients.refusal.notYours',
  'That patient is no longer on your list.': 'patients.refusal.gone',
  'The name cannot be empty.': 'patients.problem.nameEmpty',
  'Give both ends of the preferred window, or neither.': 'patients.problem.bothEnds',
  'Give the window as times, such as 09:00.': 'patients.problem.times',
  'The preferred window must end after it starts.': 'patients.problem.endAfterStart',
};

/** core's field names in "The … may have at most N characters." */
const FIELDS: Readonly<Record<string, string>> = {
  name: 'name',
  address: 'address',
  'phone number': 'phone',
  language: 'language',
  notes: 'notes',
};

function sentenceText(t: Translate, sentence: string): string {
  const machine = translateMachineText(t, 'machines.patientList', PATIENT_LIST_MESSAGES, sentence);
  if (machine !== sentence) return machine;
  const known = SENTENCES[sentence];
  if (known) return t(known);
  const tooLong = /^The (name|address|phone number|language|notes) may have at most (\d+) characters\.$/.exec(sentence);
  if (tooLong) return t('patients.problem.tooLong', { field: FIELDS[tooLong[1] as string], limit: tooLong[2] });
  return sentence;
}

export function saveErrorText(t: Translate, text: string): string {
  const whole = sentenceText(t, text);
  if (whole !== text) return whole;
  // Several problems, one sentence each.
  return text
    .split(/(?<=\.) (?=[A-Z])/)
    .map((sentence) => sentenceText(t, sentence))
    .join(' ');
}
