// Which numbers the evening calls may dial: the agency's allowed destinations (calling_rules, an administrator's
// table), decided with Google's numbering plan data (libphonenumber-js, "max" metadata, which knows each number's
// type) rather than hand-written prefixes. By default only US and Canadian fixed-line and mobile numbers: a +1
// number of another country of the North American plan (Jamaica's 876, the Turks and Caicos' 649: the classic
// "one-ring" scams), an international or satellite one (+882), a premium-rate (900), shared-cost or personal (500)
// number is never dialled. Toll-free numbers (8xx) are refused by default too: they are businesses, not a patient's
// home or mobile, and the agency may allow them (TOLL_FREE) if it must. Pure.
import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { CallingRules } from './contract.ts';

/** The number types an administrator may allow; premium-rate, shared-cost, UAN, pager and voicemail never. */
export const ALLOWABLE_NUMBER_TYPES = ['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE', 'VOIP', 'TOLL_FREE'] as const;

export type DestinationCheck = { ok: true; e164: string } | { ok: false; e164: string | null; detail: string };

/** Words for a number type, as the clinician reads them in the call list. */
const TYPE_WORDS: Partial<Record<NonNullable<NumberType>, string>> = {
  PREMIUM_RATE: 'a premium-rate number',
  TOLL_FREE: 'a toll-free number',
  SHARED_COST: 'a shared-cost number',
  PERSONAL_NUMBER: 'a personal (500) number',
  VOIP: 'an internet (VoIP) number',
  PAGER: 'a pager',
  UAN: 'a company number (UAN)',
  VOICEMAIL: 'a voicemail access number',
};

/** Longest text a phone field may hold (core/patients PATIENT_LIMITS.phone): anything longer is not a number. */
const MAX_PHONE_TEXT = 40;

/**
 * Whether a number from the patient record may be dialled under the agency's rules, and its E.164 form. A number
 * written without a country code is read as the agency's first allowed country's (US by default).
 */
export function checkDestination(
  phone: string,
  rules: Pick<CallingRules, 'countries' | 'numberTypes'>,
): DestinationCheck {
  if (typeof phone !== 'string' || !phone.trim() || phone.length > MAX_PHONE_TEXT) {
    return { ok: false, e164: null, detail: 'not a phone number' };
  }
  const home = (rules.countries[0] ?? 'US') as Parameters<typeof parsePhoneNumberFromString>[1];
  const parsed = parsePhoneNumberFromString(phone, home);
  if (!parsed?.isValid()) return { ok: false, e164: parsed?.number ?? null, detail: 'not a valid phone number' };
  const e164 = parsed.number;
  if (!parsed.country || !rules.countries.includes(parsed.country)) {
    return {
      ok: false,
      e164,
      detail: `a number in ${parsed.country ?? 'an international network'}, outside the agency's countries (${rules.countries.join(', ')})`,
    };
  }
  const type = parsed.getType();
  if (!type || !rules.numberTypes.includes(type)) {
    return {
      ok: false,
      e164,
      detail: `${(type && TYPE_WORDS[type]) ?? 'a number of an unknown kind'}, not one the agency calls`,
    };
  }
  return { ok: true, e164 };
}
