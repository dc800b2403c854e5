// Every dashboard text exists in Spanish with the same ICU arguments, parses, and every id the code asks
// for exists: a missing or misspelt key fails here (and in the typecheck), never silently shows English.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { enMessages } from '../../web/src/i18n/catalog.en.ts';
import { esMessages } from '../../web/src/i18n/catalog.es.ts';
import { chooseLocale } from '../../web/src/i18n/locales.ts';

/** The argument names a message uses, with their kinds ("plural", "number", "argument", …). */
function argumentsOf(elements: MessageFormatElement[], into = new Map<string, number>()): Map<string, number> {
  for (const element of elements) {
    if (element.type !== TYPE.literal && element.type !== TYPE.pound && 'value' in element) {
      into.set(element.value, element.type);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if ('children' in element) argumentsOf(element.children, into);
  }
  return into;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('the dashboard catalogs', () => {
  const ids = Object.keys(enMessages) as (keyof typeof enMessages)[];

  it('has Spanish for every English id and nothing else', () => {
    expect(Object.keys(esMessages).sort()).toEqual([...ids].sort());
  });

  it.each(ids)('%s parses in both languages with the same arguments', (id) => {
    const en = argumentsOf(parse(enMessages[id]));
    const es = argumentsOf(parse(esMessages[id]));
    expect([...es.entries()].sort()).toEqual([...en.entries()].sort());
    // A Spanish text identical to the English is a forgotten translation, unless it has no words to translate.
    if (/[a-z]{3,}/i.test(enMessages[id].replace(/\{[^}]*\}/g, '')) && !KEPT_AS_IS.has(id)) {
      expect(esMessages[id], `${id} is not translated`).not.toBe(enMessages[id]);
    }
  });

  it('holds every id the dashboard asks for', () => {
    const asked = new Set<string>();
    for (const file of sourceFiles(join(import.meta.dirname, '../../web/src'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\b(?:t|text)\(\s*'([a-zA-Z0-9_.-]+)'/g))
        if (match[1]) asked.add(match[1]);
    }
    expect(asked.size).toBeGreaterThan(0);
    expect([...asked].filter((id) => !(id in enMessages))).toEqual([]);
  });
});

/** Texts the same in both languages (names, units). */
const KEPT_AS_IS = new Set<string>([
  // "12 min": the abbreviation is the same in Spanish.
  'route.minutes',
  'mileage.minutes',
  // "Agenda" and "Error" are the same words in Spanish.
  'schedule.calendar.agenda',
  'assistant.voice.errorLabel',
  'machines.voiceWidget.status.error',
]);

describe('choosing the language', () => {
  it('keeps the clinician’s stored choice over the browser’s', () => {
    expect(chooseLocale(['en-US'], 'es')).toBe('es');
    expect(chooseLocale(['es-MX', 'en'], 'en')).toBe('en');
  });
  it('takes the first browser language it has, else English', () => {
    expect(chooseLocale(['fr-FR', 'es-419', 'en'], null)).toBe('es');
    expect(chooseLocale(['de-DE'], null)).toBe('en');
    expect(chooseLocale([], 'klingon')).toBe('en');
  });
});
