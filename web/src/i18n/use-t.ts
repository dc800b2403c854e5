// `const t = useT(); t('route.useThisOrder')` — a catalog text in the dashboard's language, typed by id.
import { useContext, useMemo } from 'react';
import { IntlContext, type IntlShape } from 'react-intl';
import type { MessageId } from './catalog.ts';
import { englishIntl } from './i18n-provider.tsx';

export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>;
export type Translate = ((id: MessageId, values?: MessageValues) => string) & { intl: IntlShape };

export function translator(intl: IntlShape): Translate {
  const t = (id: MessageId, values?: MessageValues) => intl.formatMessage({ id }, values as never) as string;
  return Object.assign(t, { intl });
}

/** The provider's language, or English outside one. */
export function useIntlShape(): IntlShape {
  return useContext(IntlContext) ?? englishIntl;
}

export function useT(): Translate {
  const intl = useIntlShape();
  return useMemo(() => translator(intl), [intl]);
}
