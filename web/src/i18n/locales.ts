// The dashboard's languages and how one is chosen: the clinician's own choice (the user menu, kept on this
// device), else the browser's first language we have, else English. The landing and legal pages stay English.

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, for the user menu's switch. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', es: 'Español' };

export const LOCALE_STORAGE_KEY = 'homerounds.locale';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** "es-MX" → "es"; a stored choice wins over the browser's list. */
export function chooseLocale(browserLanguages: readonly string[], stored: string | null | undefined): Locale {
  if (isLocale(stored)) return stored;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return 'en';
}

/** The stored choice, or null where storage is unavailable (private mode, tests). */
export function readStoredLocale(): string | null {
  try {
    return globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // The choice then lasts for this page only.
  }
}

export function browserLanguages(): readonly string[] {
  const nav = globalThis.navigator as Navigator | undefined;
  if (!nav) return [];
  return nav.languages?.length ? nav.languages : nav.language ? [nav.language] : [];
}
