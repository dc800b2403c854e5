// Machines (shared with the CLI) say their fixed texts in English from a MESSAGES table; the dashboard shows
// such a text in its language by the text's key in that table: catalog id `<namespace>.<key>`. A text not in
// the table (a server's own sentence, a composed one) is shown as it was said.
import type { MessageId } from './catalog.ts';
import type { Translate } from './use-t.ts';

export function translateMachineText(
  t: Translate,
  namespace: string,
  table: Readonly<Record<string, unknown>>,
  text: string,
): string {
  const key = Object.keys(table).find((candidate) => table[candidate] === text);
  return key ? t(`${namespace}.${key}` as MessageId) : text;
}
