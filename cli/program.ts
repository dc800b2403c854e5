// Builds the `homerounds` command tree. Commands register options and lazy-load their handlers so
// `homerounds --help` stays fast; handlers never print or exit.
import { Command, CommanderError } from 'commander';
import { registerAccount } from './commands/account.ts';
import { registerApi } from './commands/api.ts';
import { registerCallSimulate } from './commands/call-simulate.ts';
import { registerCallWatch } from './commands/call-watch.ts';
import { registerCompletion } from './commands/completion.ts';
import { registerConfirmations } from './commands/confirmations.ts';
import { registerLocal } from './commands/local.ts';
import { registerMachines } from './commands/machines.ts';
import { registerResources } from './commands/resources.ts';
import { registerRoute } from './commands/route.ts';
import { registerSync } from './commands/sync.ts';

import { CliError, EXIT, EXIT_CODES_HELP } from './errors.ts';
import type { CliIo } from './output/io.ts';

export const VERSION = '0.1.0';

export function buildProgram(io: CliIo): Command {
  const program = new Command('homerounds')
    .description(
      'HomeRounds for administrators and engineers: voice platform resources, routes, call simulation, machines.',
    )
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .addHelpText('after', `\n${EXIT_CODES_HELP}`)
    .exitOverride();
  registerMachines(program, io);
  registerRoute(program, io);
  registerLocal(program, io);
  registerAccount(program, io);
  const topics = registerResources(program, io);
  registerSync(program, io, topics.get('template'));
  const call = topics.get('call');
  if (call) registerCallSimulate(call, io);
  if (call) registerCallWatch(call, io);
  registerConfirmations(program, io);
  registerApi(program, io, call);
  registerCompletion(program, io);

  for (const command of program.commands) {
    command.exitOverride();
    for (const sub of command.commands) sub.exitOverride();
  }
  return program;
}

/** Runs the CLI and returns the exit code; the caller (main.ts) is the only one that exits. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end here with exit code 0; parse errors were already printed.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      io.stderr(`homerounds: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`homerounds: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.error;
  }
}
