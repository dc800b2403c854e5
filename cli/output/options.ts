// The output flags every command that prints data accepts. Kept apart from format.ts so that registering
// commands (and `homerounds --help`) loads no formatting code.
import type { Command } from 'commander';

export const OUTPUT_FORMATS = ['json', 'yaml', 'ndjson', 'table'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Adds `-o, --output` and `-F, --fields` beside the command's own `--json` (= `--output json`). */
export function addOutputOptions(command: Command): Command {
  return command
    .option('-o, --output <format>', 'json | yaml | ndjson (one object per line) | table; --json = --output json')
    .option(
      '-F, --fields <paths>',
      'comma-separated dotted paths (id,name,model.model): the table columns, or the fields kept',
    );
}

/** Whether a command already has the output flags (added by addApiOptions, or by the pass in program.ts). */
export function hasOutputOptions(command: Command): boolean {
  return command.options.some((o) => o.long === '--output');
}

/** Commands whose own action reads --output and --fields (resource verbs, `api`): program.ts leaves them alone. */
export const nativeOutput = new WeakSet<Command>();
