// The dashboard's language: react-intl (FormatJS, ICU MessageFormat: plurals, dates and numbers in the
// chosen locale) over our catalogs. English is bundled and is the fallback outside a provider (so a
// component renders the same in a test without one); Spanish loads on demand. A text missing from the
// catalog is an error (console.error, which fails the web tests), never a silent English fallback.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { createIntl, createIntlCache, type IntlShape, RawIntlProvider } from 'react-intl';
import { setFormatLocale } from '../components/time-format.ts';
import { enMessages } from './catalog.en.ts';
import type { Messages } from './catalog.ts';
import { browserLanguages, chooseLocale, type Locale, readStoredLocale, storeLocale } from './locales.ts';
import { SharedTextContext, type SharedTextId } from './shared-text.ts';

const cache = createIntlCache();

function reportError(error: unknown): void {
  console.error(error);
}

export function intlFor(locale: Locale, messages: Messages | Record<string, string>): IntlShape {
  return createIntl(
    { locale, messages: messages as Record<string, string>, defaultLocale: 'en', onError: reportError },
    cache,
  );
}

/** English, for components rendered outside the provider (tests, the error boundary). */
export const englishIntl: IntlShape = intlFor('en', enMessages);

export async function loadMessages(locale: Locale): Promise<Record<string, string>> {
  if (locale === 'es') return (await import('./catalog.es.ts')).esMessages;
  return enMessages;
}

interface LocaleControl {
  locale: Locale;
  setLocale(locale: Locale): void;
}

const LocaleContext = createContext<LocaleControl>({ locale: 'en', setLocale: () => {} });

export function useLocale(): LocaleControl {
  return useContext(LocaleContext);
}

export interface I18nProviderProps {
  children: ReactNode;
  /** Tests pin the language; otherwise the stored choice, else the browser's. */
  initialLocale?: Locale;
}

export function I18nProvider({ children, initialLocale }: I18nProviderProps) {
  const [wanted, setWanted] = useState<Locale>(
    () => initialLocale ?? chooseLocale(browserLanguages(), readStoredLocale()),
  );
  // Until a chosen language's catalog has loaded, nothing renders (no flash of English); a switch keeps the
  // current language on screen until the new one is ready.
  const [intl, setIntl] = useState<IntlShape | null>(() => (wanted === 'en' ? englishIntl : null));
  useEffect(() => {
    let current = true;
    if (wanted === 'en') {
      setIntl(englishIntl);
      return;
    }
    void loadMessages(wanted).then(
      (messages) => {
        if (current) setIntl(intlFor(wanted, messages));
      },
      // The catalog's chunk could not load (offline before it was cached): English, rather than nothing.
      () => {
        if (current) setIntl(englishIntl);
      },
    );
    return () => {
      current = false;
    };
  }, [wanted]);
  const setLocale = useCallback((locale: Locale) => {
    storeLocale(locale);
    setWanted(locale);
  }, []);
  const locale = (intl?.locale ?? wanted) as Locale;
  // Screen readers and the browser's own texts (spell-check, date inputs) follow the dashboard's language.
  useEffect(() => {
    const root = document.documentElement;
    const before = root.lang;
    root.lang = locale;
    setFormatLocale(locale);
    return () => {
      root.lang = before;
      setFormatLocale('en');
    };
  }, [locale]);
  const control = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  const sharedText = useMemo(() => (intl ? (id: SharedTextId) => intl.formatMessage({ id }) : null), [intl]);
  if (!intl) return null;
  // Times and dates (components/time-format.ts) in the language shown, before the children format any.
  setFormatLocale(locale);
  return (
    <LocaleContext.Provider value={control}>
      <RawIntlProvider value={intl}>
        <SharedTextContext.Provider value={sharedText}>{children}</SharedTextContext.Provider>
      </RawIntlProvider>
    </LocaleContext.Provider>
  );
}
