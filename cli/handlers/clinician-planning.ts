// What `homerounds route optimize --clinician` reads besides the calendar, as the dashboard reads it, so the three
// faces plan the same day alike: the clinician's patient list, their rule for moving visits, their "time is fixed"
// pins (PostgREST, owner-only RLS) and the day's addresses located by the platform's `locations` function — all with
// one session the local platform mints for the seeded clinician (`/__local/sessions`). Each read is bounded; one
// that fails leaves the plan to the calendar alone for that part (the report says the rule it followed).
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import type { Located, Locations, NotLocated } from '../../core/geo/geocoder.ts';
import { MAX_LOCATION_ADDRESSES } from '../../core/geo/locations-contract.ts';
import { type PatientRecord, toPatientRecordRow } from '../../core/patients/patients.ts';
import { DEFAULT_MOVE_RULE, type MoveRule, ruleFromProfile } from '../../core/routing/move-rule.ts';
import { LOCAL_TIMEOUT_MS } from './local.ts';

export interface ClinicianPlanning {
  records: PatientRecord[];
  rule: MoveRule;
  pins: string[];
  /** Locates addresses through the platform's `locations` function (empty map when it cannot). */
  locate(addresses: readonly string[]): Promise<Locations>;
}

const NOTHING: ClinicianPlanning = { records: [], rule: DEFAULT_MOVE_RULE, pins: [], locate: async () => new Map() };

export async function clinicianPlanning(
  baseUrl: string,
  email: string,
  doFetch: typeof fetch,
): Promise<ClinicianPlanning> {
  const bounded = () => AbortSignal.timeout(LOCAL_TIMEOUT_MS);
  let token: string;
  let userId: string;
  try {
    const minted = await doFetch(`${baseUrl}/__local/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: bounded(),
    });
    if (!minted.ok) {
      await minted.body?.cancel();
      return NOTHING;
    }
    const session = (await minted.json()) as { access_token?: unknown; user?: { id?: unknown } };
    if (typeof session.access_token !== 'string' || typeof session.user?.id !== 'string') return NOTHING;
    token = session.access_token;
    userId = session.user.id;
  } catch {
    return NOTHING;
  }
  const headers = { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}` };
  const rows = async (path: string): Promise<Record<string, unknown>[] | null> => {
    try {
      const response = await doFetch(`${baseUrl}/rest/v1/${path}`, { headers, signal: bounded() });
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const body = (await response.json()) as unknown;
      return Array.isArray(body) ? (body as Record<string, unknown>[]) : null;
    } catch {
      return null;
    }
  };
  const [patients, profile, pins] = await Promise.all([
    rows('patients?select=*'),
    rows(`profiles?select=move_rule_set,move_today_fixed,move_within_minutes&id=eq.${encodeURIComponent(userId)}`),
    rows('visit_pins?select=event_id'),
  ]);
  return {
    records: (patients ?? []).map(toPatientRecordRow),
    rule: ruleFromProfile(profile?.[0]),
    pins: (pins ?? []).map((row) => String(row.event_id)),
    async locate(addresses) {
      const located = new Map<string, Located | NotLocated>();
      const asked = [...new Set(addresses)].slice(0, MAX_LOCATION_ADDRESSES);
      if (asked.length === 0) return located;
      try {
        const response = await doFetch(`${baseUrl}/functions/v1/locations`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ addresses: asked }),
          signal: bounded(),
        });
        if (!response.ok) {
          await response.body?.cancel();
          return located;
        }
        const { locations } = (await response.json()) as { locations?: Array<Record<string, unknown>> };
        for (const answer of locations ?? []) {
          if (typeof answer.address !== 'string') continue;
          const place: Located | NotLocated =
            typeof answer.lat === 'number' && typeof answer.lon === 'number'
              ? {
                  lat: answer.lat,
                  lon: answer.lon,
                  approximate: answer.approximate === true,
                  formatted: typeof answer.formatted === 'string' ? answer.formatted : null,
                }
              : answer.status === 'not-found'
                ? 'not-found'
                : 'unavailable';
          located.set(answer.address, place);
        }
      } catch {
        // Not located: those visits are listed as not planned, with the reason.
      }
      return located;
    },
  };
}
