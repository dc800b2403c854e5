// The patient list in Postgres (public.patients, migration 20261127300000) through the local PostgREST stand-in, as
// the dashboard reads and writes it with supabase-js: each clinician reads and changes only their own patients,
// the anon key reaches nothing, and the database refuses a record that cannot be right (a window that ends before it
// starts, a name twice) whatever the client checked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import type { CallPlan } from '../../core/confirmations/contract.ts';
import { LOCAL_ADMIN_SECRET } from '../../emulators/local-secrets.ts';
import { PATIENT_COLUMNS, toPatientRecord } from '../../web/src/adapters/patients.ts';
import { assistantSession } from '../support/assistant-session.ts';
import { signIn, startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { DAYS, visitsOn } from '../support/seed-calendar.ts';

const MAYA = 'maya.patel@homerounds.test';
const JORDAN = 'jordan.kim@homerounds.test';

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startLocalPlatform();
}, 120_000);
afterAll(async () => {
  await platform?.close();
});

async function userId(email: string): Promise<string> {
  const { rows } = await platform.db.query<{ id: string }>('select id from auth.users where email = $1', [email]);
  return rows[0]?.id as string;
}

/** A row written as the database's owner would (the dashboard's inserts are tested in the browser journey). */
async function insertAs(email: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const columns = ['user_id', 'name_key', 'full_name', ...Object.keys(extra)];
  const values = [await userId(email), name.toLowerCase(), name, ...Object.values(extra)];
  const { rows } = await platform.db.query<{ id: string }>(
    `insert into public.patients (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning id`,
    values,
  );
  return rows[0]?.id as string;
}

describe('the patient list', () => {
  it('is each clinician’s own: read and changed by its owner only, not reachable with the anon key', async () => {
    const ida = await insertAs(MAYA, 'Ida Winter', {
      window_start: '09:00',
      window_end: '12:00',
      phone: '(312) 555-0142',
    });
    await insertAs(JORDAN, 'Glen Story');
    const maya = (await signIn(platform, MAYA)).client;
    const jordan = (await signIn(platform, JORDAN)).client;

    const owned = async (email: string) =>
      (
        await platform.db.query<{ n: number }>('select count(*)::int as n from public.patients where user_id = $1', [
          await userId(email),
        ])
      ).rows[0]?.n;
    const mine = await maya.from('patients').select(PATIENT_COLUMNS).order('full_name');
    expect(mine.error).toBeNull();
    const records = (mine.data ?? []).map((row) => toPatientRecord(row as Record<string, unknown>));
    // Her seeded patients (the seed's list, linked to her seeded visits) and the one added here: all hers, no other.
    expect(records).toHaveLength((await owned(MAYA)) as number);
    expect(records.length).toBeGreaterThan(1);
    expect(records.find((r) => r.id === ida)).toEqual(
      expect.objectContaining({
        full_name: 'Ida Winter',
        window_start: '09:00',
        window_end: '12:00',
        status: 'patient',
      }),
    );
    const theirs = await jordan.from('patients').select('full_name');
    const names = (theirs.data ?? []).map((r) => r.full_name);
    expect(names).toHaveLength((await owned(JORDAN)) as number);
    expect(names).toContain('Glen Story');
    expect(names).not.toContain('Ida Winter');

    // Jordan cannot change Maya's patient: no row matches for him, nothing changes.
    const refused = await jordan.from('patients').update({ notes: 'x' }).eq('id', ida).select('id');
    expect(refused.data).toEqual([]);
    const edited = await maya.from('patients').update({ language: 'Polish' }).eq('id', ida).select('language');
    expect(edited.data).toEqual([{ language: 'Polish' }]);
    const { rows } = await platform.db.query<{ notes: string | null }>(
      'select notes from public.patients where id = $1',
      [ida],
    );
    expect(rows[0]?.notes).toBeNull();

    const anon = await fetch(`${platform.url}/rest/v1/patients?select=full_name`, {
      headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}` },
    });
    expect(anon.status).toBeGreaterThanOrEqual(400);
  });

  it('takes a suggestion the clinician confirms as their own row, and refuses one written for someone else', async () => {
    const maya = (await signIn(platform, MAYA)).client;
    const added = await maya
      .from('patients')
      .insert({
        name_key: 'grace okoye',
        status: 'patient',
        full_name: 'Grace Okoye',
        address: '12 Elm St, Evanston, IL 60201',
      })
      .select(PATIENT_COLUMNS);
    expect(added.error).toBeNull();
    expect(toPatientRecord((added.data ?? [])[0] as Record<string, unknown>)).toMatchObject({
      name_key: 'grace okoye',
      status: 'patient',
      automated_calls_consent: false,
    });
    const { rows } = await platform.db.query<{ user_id: string }>(
      "select user_id from public.patients where name_key = 'grace okoye'",
    );
    expect(rows.map((r) => r.user_id)).toEqual([await userId(MAYA)]);
    const twice = await maya.from('patients').insert({ name_key: 'grace okoye', full_name: 'Grace Okoye' });
    expect(twice.error?.code).toBe('23505');
    const forJordan = await maya
      .from('patients')
      .insert({ user_id: await userId(JORDAN), name_key: 'zed', full_name: 'Zed' });
    expect(forJordan.error?.code).toBe('42501');
    const removed = await maya.from('patients').delete().eq('name_key', 'grace okoye').select('full_name');
    expect(removed.data).toEqual([{ full_name: 'Grace Okoye' }]);
  });

  it('forgets the place of an address that changed without its own, whoever changed it', async () => {
    const id = await insertAs(MAYA, 'Lena Ruiz', {
      address: '12 Elm St, Evanston, IL 60201',
      lat: 42.05,
      lng: -87.68,
      location_approximate: false,
    });
    const maya = (await signIn(platform, MAYA)).client;
    const moved = await maya
      .from('patients')
      .update({ address: '4400 N Broadway, Chicago, IL 60640' })
      .eq('id', id)
      .select(PATIENT_COLUMNS);
    expect(toPatientRecord((moved.data ?? [])[0] as Record<string, unknown>)).toMatchObject({
      address: '4400 N Broadway, Chicago, IL 60640',
      lat: null,
      lng: null,
      location_approximate: null,
    });
    // An address saved with the place it was located at keeps that place; another change keeps the place too.
    await maya
      .from('patients')
      .update({ address: '12 Elm St, Evanston, IL 60201', lat: 42.05, lng: -87.68, location_approximate: true })
      .eq('id', id);
    const kept = await maya
      .from('patients')
      .update({ notes: 'gate code at door' })
      .eq('id', id)
      .select(PATIENT_COLUMNS);
    expect(toPatientRecord((kept.data ?? [])[0] as Record<string, unknown>)).toMatchObject({
      lat: 42.05,
      lng: -87.68,
      location_approximate: true,
    });
  });

  it('refuses a window that ends before it starts and a name twice, whatever the client sent', async () => {
    await insertAs(MAYA, 'Rosa Delgado');
    await expect(insertAs(MAYA, 'Rosa Delgado')).rejects.toThrow(/duplicate key|unique/);
    await expect(insertAs(MAYA, 'Bea Hart', { window_start: '12:00', window_end: '09:00' })).rejects.toThrow(/check/);
    await expect(insertAs(MAYA, 'Ann Lee', { window_start: '12:00' })).rejects.toThrow(/check/);
    const maya = (await signIn(platform, MAYA)).client;
    const bad = await maya
      .from('patients')
      .update({ window_start: '13:00', window_end: '12:00' })
      .eq('name_key', 'rosa delgado');
    expect(bad.error?.code).toBe('23514');
  });

  it('decides the evening calls: a patient who has not agreed to automated calls is not called, and the list’s phone is used', async () => {
    const day = DAYS.thursday;
    const [first, second] = visitsOn(MAYA, day);
    const patientOf = (eventId: string | undefined) =>
      platform.db.query<{ patient_id: string }>('select patient_id::text from fixtures.visits where event_id = $1', [
        eventId,
      ]);
    const noConsent = (await patientOf(first?.id)).rows[0]?.patient_id;
    const newPhone = (await patientOf(second?.id)).rows[0]?.patient_id;
    await platform.db.query('update public.patients set automated_calls_consent = false where id = $1', [noConsent]);
    await platform.db.query("update public.patients set phone = '(773) 555-0199' where id = $1", [newPhone]);
    // The server reads her calendar through her Google grant (offline access given at sign-in).
    const granted = await fetch(`${platform.url}/__local/google-grants`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: MAYA, scopes: ['https://www.googleapis.com/auth/calendar.readonly'] }),
    });
    expect(granted.status).toBe(200);
    const answer = await fetch(`${platform.url}/functions/v1/confirmations/plan`, {
      method: 'POST',
      headers: { authorization: `Bearer ${LOCAL_ADMIN_SECRET}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clinician: MAYA, date: day }),
    });
    expect(answer.status).toBe(200);
    const plan = (await answer.json()) as CallPlan;
    const entry = (id: string | undefined) => plan.entries.find((e) => e.eventId === id);
    expect(entry(first?.id)?.skip).toBe('no-consent');
    expect(entry(second?.id)).toMatchObject({ skip: null, phone: '+17735550199' });
    expect(plan.entries.filter((e) => e.skip === null).length).toBe(plan.entries.length - 1);
  });

  it('keeps each clinician’s “time is fixed” switches to themselves (public.visit_pins)', async () => {
    const maya = (await signIn(platform, MAYA)).client;
    const jordan = (await signIn(platform, JORDAN)).client;
    const pinned = await maya
      .from('visit_pins')
      .upsert(
        { user_id: await userId(MAYA), event_id: 'evt-pinned' },
        { onConflict: 'user_id,event_id', ignoreDuplicates: true },
      );
    expect(pinned.error).toBeNull();
    const again = await maya
      .from('visit_pins')
      .upsert(
        { user_id: await userId(MAYA), event_id: 'evt-pinned' },
        { onConflict: 'user_id,event_id', ignoreDuplicates: true },
      );
    expect(again.error).toBeNull();
    expect((await maya.from('visit_pins').select('event_id')).data).toEqual([{ event_id: 'evt-pinned' }]);
    expect((await jordan.from('visit_pins').select('event_id')).data).toEqual([]);
    const notHis = await jordan.from('visit_pins').delete().eq('event_id', 'evt-pinned').select('event_id');
    expect(notHis.data).toEqual([]);
    const unpinned = await maya.from('visit_pins').delete().eq('event_id', 'evt-pinned').select('event_id');
    expect(unpinned.data).toEqual([{ event_id: 'evt-pinned' }]);
  });
});

describe('linking a patient’s events (link-patient)', () => {
  it('writes the link on the events that name the patient, once, and only with calendar-change consent', async () => {
    const ERIN = 'erin.walsh@homerounds.test';
    const provider = (await (
      await fetch(`${platform.url}/__local/provider-tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ERIN, scopes: ['https://www.googleapis.com/auth/calendar.events'] }),
      })
    ).json()) as { access_token: string };
    const book = async (summary: string) => {
      const created = await fetch(`${platform.url}/calendar/v3/calendars/primary/events`, {
        method: 'POST',
        headers: { authorization: `Bearer ${provider.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          summary,
          location: '4400 N Broadway, Chicago, IL 60640',
          start: { dateTime: '2026-10-31T09:00:00-05:00' },
          end: { dateTime: '2026-10-31T09:45:00-05:00' },
        }),
      });
      return ((await created.json()) as { id: string }).id;
    };
    const visit = await book('SN f/u: WINTER, IDA');
    const other = await book('Dr. appt Lopez');
    const readOnly = await assistantSession(platform, ERIN);
    const erin = (await signIn(platform, ERIN)).client;
    const added = await erin
      .from('patients')
      .insert({ name_key: 'ida winter', status: 'patient', full_name: 'Ida Winter' })
      .select('id');
    expect(added.error).toBeNull();
    const patientId = String((added.data ?? [])[0]?.id);
    const link = (token: string) =>
      fetch(`${platform.url}/functions/v1/link-patient`, {
        method: 'POST',
        headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ patientId, eventIds: [visit, other] }),
      });
    // Read-only so far: nothing is written.
    const refused = await link(readOnly.accessToken);
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual({ linked: [], unchanged: [], skipped: [visit, other], writeAccess: false });
    const writer = await assistantSession(platform, ERIN, { write: true });
    const first = await link(writer.accessToken);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ linked: [visit], unchanged: [], skipped: [other] });
    const again = await link(writer.accessToken);
    expect(await again.json()).toEqual({ linked: [], unchanged: [visit], skipped: [other] });
    const event = (await (
      await fetch(`${platform.url}/calendar/v3/calendars/primary/events/${visit}`, {
        headers: { authorization: `Bearer ${provider.access_token}` },
      })
    ).json()) as { summary: string; extendedProperties?: { private?: Record<string, string> } };
    expect(event.extendedProperties?.private?.homeroundsPatientId).toBe(patientId);
    expect(event.summary).toBe('SN f/u: WINTER, IDA');
    // Another clinician's patient id links nothing of theirs.
    const jordan = await assistantSession(platform, JORDAN, { write: true });
    const notHis = await fetch(`${platform.url}/functions/v1/link-patient`, {
      method: 'POST',
      headers: {
        apikey: LOCAL_ANON_KEY,
        authorization: `Bearer ${jordan.accessToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ patientId, eventIds: [visit] }),
    });
    expect(notHis.status).toBe(404);
  });
});
