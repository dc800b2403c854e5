// The message catalogs' types. Each concern keeps its texts in messages/ as a pair of files, `<concern>.en.ts`
// (the source, ICU MessageFormat, ids namespaced "<concern>.…") and `<concern>.es.ts` typed `Translation<…>`,
// so a key missing from Spanish fails the typecheck; tests/web/i18n-catalog.test.ts checks that each
// translation parses and uses the same arguments. English is bundled; Spanish loads when chosen.
import type { enMessages } from './catalog.en.ts';

/** A translation of a source catalog: every key, nothing else. */
export type Translation<Source> = { readonly [Key in keyof Source]: string };

export type Messages = typeof enMessages;
export type MessageId = keyof Messages;
