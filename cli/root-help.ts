// `homerounds --help` without loading the command tree: cli/build.ts renders the root help once (commander's own
// output, at 80 columns and unwrapped) and inlines it into the entry chunk; main.ts prints it when it is exactly
// what commander would print at the terminal's width, and otherwise runs the CLI as usual.

export interface RootHelp {
  /** The help at 80 columns: commander's width when stdout is not a terminal. */
  narrow: string;
  /** The help with nothing wrapped: what commander prints on any terminal at least `wideColumns` wide. */
  wide: string;
  wideColumns: number;
}

/** The width commander wraps help at, from the stream help goes to. */
export function helpWidth(stdout: { isTTY?: boolean; columns?: number }): number {
  return (stdout.isTTY ? stdout.columns : undefined) ?? 80;
}

/** The precomputed root help for `homerounds --help`, `-h` or `help`, when it fits the width; else undefined. */
export function precomputedRootHelp(
  argv: readonly string[],
  help: RootHelp | undefined,
  stdout: { isTTY?: boolean; columns?: number },
): string | undefined {
  if (!help || argv.length !== 1 || !['--help', '-h', 'help'].includes(argv[0] as string)) return undefined;
  const width = helpWidth(stdout);
  if (width === 80) return help.narrow;
  return width >= help.wideColumns ? help.wide : undefined;
}

/** The widest line of a text: the narrowest terminal on which commander wraps nothing. */
export function widestLine(text: string): number {
  return Math.max(...text.split('\n').map((line) => line.length));
}
