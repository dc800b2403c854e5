// Phone numbers as the voice platform dials them: E.164 (`+` and at most 15 digits). Calendar events and
// the seed write numbers the way people do ("(312) 555-0123"); the confirmation batch, the local platform's
// campaign checks and its simulated patients all compare numbers in this one form. Pure.

/** `+`, a country code that does not start with 0, at most 15 digits in all. */
export const E164 = /^\+[1-9]\d{7,14}$/;

/** Separators people put in numbers; anything else (letters, extensions, `#`) makes the number unusable. */
const SEPARATORS = /[\s().\-/]/g;

/**
 * The number in E.164, or null when it cannot be one. Numbers without a country code get `defaultCountry`;
 * for North America (`1`) a national number has 10 digits and its area code and exchange start with 2–9.
 * A leading `00` is the international prefix.
 */
export function toE164(phone: string, defaultCountry = '1'): string | null {
  if (typeof phone !== 'string' || phone.length > 40) return null;
  let text = phone.trim().replace(SEPARATORS, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  if (text.startsWith('+')) return E164.test(text) && validNanp(text) ? text : null;
  if (!/^\d+$/.test(text) || !/^[1-9]\d{0,2}$/.test(defaultCountry)) return null;
  let national = text;
  if (defaultCountry === '1' && national.length === 11 && national.startsWith('1')) national = national.slice(1);
  else if (defaultCountry !== '1') national = national.replace(/^0/, ''); // trunk prefix
  if (defaultCountry === '1' && national.length !== 10) return null;
  const candidate = `+${defaultCountry}${national}`;
  return E164.test(candidate) && validNanp(candidate) ? candidate : null;
}

/** A +1 number must be 10 national digits with area code and exchange starting with 2–9. */
function validNanp(e164: string): boolean {
  if (!e164.startsWith('+1')) return true;
  return /^\+1[2-9]\d{2}[2-9]\d{6}$/.test(e164);
}
