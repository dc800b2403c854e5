// update_patient: the clinician tells the assistant something to keep about a patient ("Daisy prefers mornings",
// "Mr. Okoye speaks Polish", "Bea's new number is 312 555 0142", "don't robocall the Harts") and it goes onto the
// patient list, which the route plans and the evening calls read. Without confirm it says exactly what it would
// keep and asks; with confirm: true it saves. A patient on the calendar but not yet on the list is added with it.
// Only the clinician's own words are kept: calendar text is never taken as an instruction to change the list.
import { nameKey, type PatientChanges, type PatientRecord, patientProblems } from '../../patients/patients.ts';
import { HH_MM, hhmmToMinutes, minutesToHhmm } from '../../time/zoned-time.ts';
import type { ToolResult } from '../contract.ts';
import {
  type Args,
  ArgumentError,
  ambiguousPatient,
  boolArg,
  forgetPatientRecords,
  matchedAs,
  noPatientCalled,
  patientRecords,
  resolvePatient,
  result,
  stringArg,
  type ToolContext,
  timeArg,
  tr,
  unknownPatient,
  windowText,
} from '../tool-kit.ts';
import { quoted, SAY_LIMITS, spokenName } from '../untrusted.ts';

/** The parts of the day a clinician names, as preferred windows. */
export const PARTS_OF_DAY: Readonly<Record<string, { start: string; end: string }>> = {
  morning: { start: '08:00', end: '12:00' },
  afternoon: { start: '12:00', end: '17:00' },
  evening: { start: '17:00', end: '20:00' },
};

/** The changes the arguments ask for, or an ArgumentError saying what to fix. */
function changesOf(args: Args, ctx: ToolContext): PatientChanges {
  const changes: PatientChanges = {};
  const part = stringArg(args, 'window');
  if (part) {
    const window = PARTS_OF_DAY[part.toLowerCase()];
    if (!window)
      throw new ArgumentError('window must be morning, afternoon or evening (or give windowStart and windowEnd).');
    changes.window_start = window.start;
    changes.window_end = window.end;
  }
  const from = timeArg(args, 'windowStart', ctx);
  const to = timeArg(args, 'windowEnd', ctx);
  if (from !== null || to !== null) {
    if (from === null || to === null) throw new ArgumentError('Give both windowStart and windowEnd.');
    changes.window_start = minutesToHhmm(from);
    changes.window_end = minutesToHhmm(to);
  }
  const phone = stringArg(args, 'phone');
  if (phone) changes.phone = phone;
  // The patient's language is `speaks`; `language` is the answer's (en/es), once also taken for the patient's.
  const legacy = stringArg(args, 'language');
  const speaks = stringArg(args, 'speaks') ?? (legacy && !/^(en|es)$/i.test(legacy) ? legacy : null);
  if (speaks) changes.language = speaks;
  const notes = stringArg(args, 'notes');
  if (notes) changes.notes = notes;
  if (args.automatedCalls !== undefined && args.automatedCalls !== null) {
    changes.automated_calls_consent = boolArg(args, 'automatedCalls');
  }
  if (Object.keys(changes).length === 0) {
    throw new ArgumentError(
      'What should I keep about the patient: a preferred time of day, phone, language, notes or calls?',
    );
  }
  const problems = patientProblems(changes);
  if (problems.length) throw new ArgumentError(problems.join(' '));
  return changes;
}

/** The change in words, for the proposal and the answer. */
function changeText(ctx: ToolContext, name: string, changes: PatientChanges): string {
  const parts: string[] = [];
  if (changes.window_start && changes.window_end && HH_MM.test(changes.window_start)) {
    const window = { start: hhmmToMinutes(changes.window_start), end: hhmmToMinutes(changes.window_end) };
    parts.push(tr(ctx, `prefers visits ${windowText(ctx, window)}`, `prefiere visitas ${windowText(ctx, window)}`));
  }
  if (changes.phone) parts.push(tr(ctx, `phone ${changes.phone}`, `teléfono ${changes.phone}`));
  if (changes.language)
    parts.push(tr(ctx, `speaks ${spokenName(changes.language)}`, `habla ${spokenName(changes.language)}`));
  if (changes.notes)
    parts.push(
      tr(ctx, `note: ${quoted(changes.notes, SAY_LIMITS.notes)}`, `nota: ${quoted(changes.notes, SAY_LIMITS.notes)}`),
    );
  if (changes.automated_calls_consent !== undefined) {
    parts.push(
      changes.automated_calls_consent
        ? tr(ctx, 'agrees to automated reminder calls', 'acepta llamadas automáticas de recordatorio')
        : tr(ctx, 'no automated reminder calls', 'sin llamadas automáticas de recordatorio'),
    );
  }
  // The name is read from the calendar or the list: said as every tool says one (untrusted.ts).
  return `${spokenName(name)}: ${parts.join('; ')}`;
}

export async function updatePatient(args: Args, ctx: ToolContext): Promise<ToolResult> {
  const asked = stringArg(args, 'patient');
  if (!asked) throw new ArgumentError('Which patient?');
  const changes = changesOf(args, ctx);
  const port = ctx.patients;
  if (!port) {
    return result(
      'invalid',
      tr(
        ctx,
        "I can't change your patient list from here yet; you can change it in the Patients view of your dashboard.",
        'Todavía no puedo cambiar tu lista de pacientes desde aquí; puedes hacerlo en la vista Pacientes del panel.',
      ),
    );
  }
  // Who the name means among the list's patients and the calendar's (a name heard or spelt differently included):
  // nobody certainly is asked back, never changed on a guess.
  const match = await resolvePatient(ctx, asked);
  if (match.kind === 'many') return ambiguousPatient(ctx, asked, match.names);
  if (match.kind === 'none') return unknownPatient(ctx, match, noPatientCalled(asked));
  const name = match.name;
  const key = nameKey(name);
  let record: PatientRecord | undefined = (await patientRecords(ctx)).find(
    (r) => r.status === 'patient' && (r.full_name === name || r.name_key === key),
  );
  const said = changeText(ctx, name, changes);
  if (!boolArg(args, 'confirm')) {
    return result(
      'proposal',
      tr(
        ctx,
        `${matchedAs(ctx, match).say}I'll keep this on your patient list${record ? '' : ' (adding them to it)'}: ${said}. Shall I?`,
        `${matchedAs(ctx, match).say}Guardaré esto en tu lista de pacientes${record ? '' : ' (añadiéndolo)'}: ${said}. ¿Lo hago?`,
      ),
      {
        patient: name,
        changes,
        confirmWith: { ...args, patient: name, confirm: true },
        ...matchedAs(ctx, match).facts,
      },
    );
  }
  record = record
    ? await port.update(record.id, changes)
    : await port.add({
        name_key: nameKey(name as string),
        status: 'patient',
        full_name: name as string,
        address: null,
        lat: null,
        lng: null,
        phone: null,
        window_start: null,
        window_end: null,
        language: null,
        notes: null,
        automated_calls_consent: false,
        ...changes,
      });
  forgetPatientRecords(ctx);
  return result(
    'done',
    tr(
      ctx,
      `Done. On your patient list: ${said}. Route plans and reminder calls use it from now on.`,
      `Hecho. En tu lista de pacientes: ${said}. Los planes de ruta y las llamadas de recordatorio lo usan desde ahora.`,
    ),
    { patient: record.full_name, patientId: record.id },
  );
}
