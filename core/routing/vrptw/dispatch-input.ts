// Dispatch input (format: docs/routing.md, "Agency dispatch"): clinicians and visits, validation, "HH:MM" clocks.
import type { AreaType } from '../travel/haversine.ts';

export const SKILLS = ['RN', 'PT', 'OT', 'SLP', 'aide'] as const;
export type Skill = (typeof SKILLS)[number];
/** Minutes of driving the search will add to keep a patient with the clinician who saw them last. */
export const DEFAULT_CONTINUITY_MINUTES = 30;

export interface DispatchClinician {
  id: string;
  name?: string;
  skills: Skill[];
  home: { lat: number; lon: number };
  shift: { start: string; end: string };
  /** At most this many visits (default: no limit). */
  maxVisits?: number;
}

export interface DispatchVisit {
  id: string;
  patient?: string;
  lat: number;
  lon: number;
  skill: Skill;
  durationMinutes: number;
  /** Window on the visit's start (default: any time within the clinician's shift). */
  window?: { earliest: string; latest: string };
  /** The clinician who saw the patient last (continuity of care). */
  lastClinician?: string;
}

export interface DispatchInput {
  date?: string;
  /** `drive-time` (default) or `clinicians-then-drive-time` (fewest clinicians, Solomon's convention). */
  objective?: 'drive-time' | 'clinicians-then-drive-time';
  continuityMinutes?: number;
  area?: AreaType;
  clinicians: DispatchClinician[];
  visits: DispatchVisit[];
}

export class DispatchInputError extends Error {
  override name = 'DispatchInputError';
}

const HHMM = /^(\d{1,2}):(\d{2})$/;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function parseClock(value: string): number {
  const m = HHMM.exec(value);
  return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

export function formatDispatchClock(minutes: number): string {
  const m = Math.round(minutes);
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** Checks a dispatch file and lists every problem (`visits[2].skill must be one of RN, PT, OT, SLP, aide`). */
export function validateDispatchInput(raw: unknown): DispatchInput {
  const errors: string[] = [];
  if (!isObject(raw)) throw new DispatchInputError('the dispatch file must be a JSON object');
  const clock = (v: unknown, where: string) => {
    if (typeof v !== 'string' || Number.isNaN(parseClock(v))) errors.push(`${where} must be a time "HH:MM"`);
  };
  const latLon = (v: Record<string, unknown>, where: string) => {
    if (typeof v.lat !== 'number' || !(v.lat >= -90 && v.lat <= 90))
      errors.push(`${where}.lat must be a number between -90 and 90`);
    if (typeof v.lon !== 'number' || !(v.lon >= -180 && v.lon <= 180))
      errors.push(`${where}.lon must be a number between -180 and 180`);
  };
  const skill = (v: unknown, where: string) => {
    if (!SKILLS.includes(v as Skill)) errors.push(`${where} must be one of ${SKILLS.join(', ')}`);
  };
  if (raw.objective !== undefined && raw.objective !== 'drive-time' && raw.objective !== 'clinicians-then-drive-time')
    errors.push('objective must be "drive-time" or "clinicians-then-drive-time"');
  if (raw.continuityMinutes !== undefined && !(typeof raw.continuityMinutes === 'number' && raw.continuityMinutes >= 0))
    errors.push('continuityMinutes must be a number ≥ 0');
  if (raw.area !== undefined && !['urban', 'suburban', 'rural'].includes(raw.area as string))
    errors.push('area must be urban, suburban or rural');
  const ids = new Set<string>();
  if (!Array.isArray(raw.clinicians) || raw.clinicians.length === 0) errors.push('clinicians must be a non-empty list');
  else
    raw.clinicians.forEach((c: unknown, i) => {
      const where = `clinicians[${i}]`;
      if (!isObject(c)) {
        errors.push(`${where} must be an object`);
        return;
      }
      if (typeof c.id !== 'string' || c.id === '') errors.push(`${where}.id must be a non-empty string`);
      else if (ids.has(c.id)) errors.push(`${where}.id "${c.id}" is used twice`);
      else ids.add(c.id);
      if (!Array.isArray(c.skills) || c.skills.length === 0) errors.push(`${where}.skills must be a non-empty list`);
      else
        c.skills.forEach((s: unknown, k) => {
          skill(s, `${where}.skills[${k}]`);
        });
      if (!isObject(c.home)) errors.push(`${where}.home must be {"lat", "lon"}`);
      else latLon(c.home, `${where}.home`);
      if (!isObject(c.shift)) errors.push(`${where}.shift must be {"start", "end"}`);
      else {
        clock(c.shift.start, `${where}.shift.start`);
        clock(c.shift.end, `${where}.shift.end`);
        if (parseClock(String(c.shift.end)) <= parseClock(String(c.shift.start)))
          errors.push(`${where}.shift must end after it starts`);
      }
      if (c.maxVisits !== undefined && !(Number.isInteger(c.maxVisits) && (c.maxVisits as number) >= 0))
        errors.push(`${where}.maxVisits must be a whole number ≥ 0`);
    });
  const visitIds = new Set<string>();
  if (!Array.isArray(raw.visits)) errors.push('visits must be a list');
  else
    raw.visits.forEach((v: unknown, i) => {
      const where = `visits[${i}]`;
      if (!isObject(v)) {
        errors.push(`${where} must be an object`);
        return;
      }
      if (typeof v.id !== 'string' || v.id === '') errors.push(`${where}.id must be a non-empty string`);
      else if (visitIds.has(v.id)) errors.push(`${where}.id "${v.id}" is used twice`);
      else visitIds.add(v.id);
      latLon(v, where);
      skill(v.skill, `${where}.skill`);
      if (typeof v.durationMinutes !== 'number' || !(v.durationMinutes >= 0))
        errors.push(`${where}.durationMinutes must be a number ≥ 0`);
      if (v.window !== undefined) {
        if (!isObject(v.window)) errors.push(`${where}.window must be {"earliest", "latest"}`);
        else {
          clock(v.window.earliest, `${where}.window.earliest`);
          clock(v.window.latest, `${where}.window.latest`);
          if (parseClock(String(v.window.latest)) < parseClock(String(v.window.earliest)))
            errors.push(`${where}.window closes before it opens`);
        }
      }
      if (v.lastClinician !== undefined && (typeof v.lastClinician !== 'string' || !ids.has(v.lastClinician)))
        errors.push(`${where}.lastClinician must be one of the clinicians' ids`);
    });
  if (errors.length > 0) throw new DispatchInputError(errors.join('\n'));
  return raw as unknown as DispatchInput;
}
