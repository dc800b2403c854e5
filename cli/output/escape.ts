// Text from the platform (names, messages) printed for humans must not drive the terminal: a name holding
// `ESC[2J` would clear the screen, a newline would break a table row. Control characters are shown as escapes
// (`\x1b`, `\n`); `--json` output never goes through here, so it stays exact.

/**
 * C0 controls, DEL, C1 controls, the line and paragraph separators, and the bidirectional embeddings, overrides
 * and isolates (which reorder how the rest of a line reads).
 */
export function isControl(code: number): boolean {
  return (
    code <= 0x1f ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeChar(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

function escapeWhere(text: string, shouldEscape: (code: number, ch: string) => boolean): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!shouldEscape(code, text[i] as string)) continue;
    out += text.slice(from, i) + escapeChar(text[i] as string);
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** One line of terminal-safe text: every control character (newline included) as a visible escape. */
export function escapeControl(text: string): string {
  return escapeWhere(text, isControl);
}

/** Terminal-safe multi-line text: like escapeControl, but newlines stay line breaks. */
export function escapeControlKeepLines(text: string): string {
  return escapeWhere(text, (code, ch) => ch !== '\n' && isControl(code));
}

/**
 * Terminal-safe YAML from `yaml`'s stringify: it double-quotes any string holding a non-printable character and
 * escapes C0 itself, but leaves C1 raw (`\x9b` is a CSI on some terminals). Those only ever appear inside
 * double-quoted scalars, where `\x9b` is a YAML escape, so the document still reads back to the same values.
 * Newlines and tabs are the document's own layout and stay.
 */
export function escapeYamlControls(yamlText: string): string {
  return escapeWhere(
    yamlText,
    (code, ch) => ch !== '\n' && ch !== '\t' && (code <= 0x1f || (code >= 0x7f && code <= 0x9f)),
  );
}
