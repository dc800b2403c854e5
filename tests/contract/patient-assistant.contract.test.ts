// The assistant keeps what the clinician says about a patient on the patient list (issue 21: "Daisy prefers
// mornings"), through the whole local chain: the web chat's stand-in understands it, update_patient proposes exactly
// what it will keep, the clinician's yes saves it to public.patients (the caller's own row), and the next answers
// and plans read it. A message that names no patient on the list or calendar changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AssistantSession, assistantSession, chat } from '../support/assistant-session.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, suiteSeed, visitsOn } from '../support/seed-calendar.ts';
import { chicago, setTestNow } from '../support/test-clock.ts';

const MAYA = 'maya.patel@homerounds.test';
let platform: TestPlatform;
let maya: AssistantSession;

/** A patient of Maya's Thursday, by the seed. */
const patient = (() => {
  const visit = visitsOn(MAYA, DAYS.thursday)[0];
  const found = suiteSeed().patients.find((p) => p.id === visit?.patientId);
  if (!found) throw new Error('the seed gives Maya a patient on Thursday');
  return found;
})();

beforeAll(async () => {
  setTestNow(chicago(DAYS.wednesday, '06:00'));
  platform = await startLocalPlatform();
  maya = await assistantSession(platform, MAYA);
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

const row = async () =>
  (
    await platform.db.query<{ window_start: string | null; window_end: string | null; language: string | null }>(
      `select to_char(window_start, 'HH24:MI') as window_start, to_char(window_end, 'HH24:MI') as window_end, language
       from public.patients where id = $1`,
      [patient.id],
    )
  ).rows[0];

describe('telling the assistant about a patient', () => {
  it('proposes what it will keep, saves it on the yes, and the list holds it', async () => {
    const first = patient.fullName.split(' ')[0] as string;
    const proposal = await chat(platform.url, `${patient.fullName} prefers mornings`, { callToken: maya.callToken });
    expect(proposal.status).toBe(201);
    expect(proposal.reply).toContain(
      `I'll keep this on your patient list: ${patient.fullName}: prefers visits 8:00 AM–12:00 PM.`,
    );
    expect(await row()).toMatchObject({ window_start: null });
    const yes = await chat(platform.url, 'yes', { callToken: maya.callToken, previousChatId: proposal.id });
    expect(yes.reply).toContain('Done. On your patient list');
    expect(await row()).toMatchObject({ window_start: '08:00', window_end: '12:00' });

    const speaks = await chat(platform.url, `${first} speaks Polish`, { callToken: maya.callToken });
    expect(speaks.reply).toContain('speaks Polish');
    await chat(platform.url, 'yes', { callToken: maya.callToken, previousChatId: speaks.id });
    expect(await row()).toMatchObject({ language: 'Polish', window_start: '08:00' });

    // The next answer about the patient reads the list: the window the clinician gave.
    const details = await chat(platform.url, `What is ${patient.fullName}'s phone number?`, {
      callToken: maya.callToken,
    });
    expect(details.reply).toContain('available 8:00 AM–12:00 PM');
  });

  it('changes nothing for a name that is on neither the list nor the calendar', async () => {
    const before = (await platform.db.query('select count(*)::int as n from public.patients')).rows[0];
    const answer = await chat(platform.url, 'Zebulon Quackenbush prefers afternoons', { callToken: maya.callToken });
    expect(answer.reply).not.toContain('Done.');
    expect((await platform.db.query('select count(*)::int as n from public.patients')).rows[0]).toEqual(before);
  });

  it('plans the day with the clinician’s own rule from their profile', async () => {
    await platform.db.query(
      `update public.profiles set move_rule_set = true, move_today_fixed = true, move_within_minutes = 0
       where id = (select id from auth.users where email = $1)`,
      [MAYA],
    );
    const answer = await chat(platform.url, 'Optimize my route for Thursday', { callToken: maya.callToken });
    expect(answer.reply).toContain('Visits keep their booked times (your rule)');
  });
});
