// Builds the `homerounds` command tree. Commands register options and lazy-load their handlers, and a run
// registers only the group of commands it names (`homerounds assistant list` builds no route, machines or
// confirmations commands); handlers never print or exit. `homerounds --help` itself is precomputed at build
// time (cli/build.ts, cli/main.ts) and loads none of this.
import { Command, CommanderError } from 'commander';
import { resourceNames } from '../core/voice-platform/registry.ts';
import { registerAccount } from './commands/account.ts';
import { registerApi } from './commands/api.ts';
import { registerCallSimulate } from './commands/call-simulate.ts';
import { registerCallWatch } from './commands/call-watch.ts';
import { registerCompletion } from './commands/completion.ts';
import { registerConfirmations } from './commands/confirmations.ts';
import { registerLocal } from './commands/local.ts';
import { registerMachines } from './commands/machines.ts';
import { registerMileage } from './commands/mileage.ts';
import { registerResources } from './commands/resources.ts';
import { registerRoute } from './commands/route.ts';
import { registerSync } from './commands/sync.ts';
import { CliError, EXIT, EXIT_CODES_HELP } from './errors.ts';
import type { CliIo } from './output/io.ts';
import { addOutputOptions, hasOutputOptions, nativeOutput } from './output/options.ts';

export const VERSION = '0.1.0';

/** The groups of commands, each registered by one module; `resources` also holds the hand-written verbs. */
type Group = 'machines' | 'route' | 'local' | 'account' | 'resources' | 'sync' | 'confirmations' | 'api' | 'completion';
const GROUPS: readonly Group[] = [
  'machines',
  'route',
  'local',
  'account',
  'resources',
  'sync',
  'confirmations',
  'api',
  'completion',
];

/** Top-level commands outside the registry's topics → their group (a test checks it against the full tree). */
export const TOP_LEVEL_GROUPS: Readonly<Record<string, Group>> = {
  machines: 'machines',
  route: 'route',
  dispatch: 'route',
  mileage: 'route',
  local: 'local',
  login: 'account',
  logout: 'account',
  profiles: 'account',
  whoami: 'account',
  apply: 'sync',
  validate: 'sync',
  export: 'sync',
  confirmations: 'confirmations',
  api: 'api',
};

/**
 * The groups a run needs, from its first word (`help <topic>` looks at the topic): all of them for the root help,
 * an unknown command (its suggestions need every name), `completion`, or a leading option such as --version.
 */
export function groupsFor(argv: readonly string[]): readonly Group[] {
  const first = argv[0] === 'help' ? argv[1] : argv[0];
  if (first === undefined || first.startsWith('-')) return GROUPS;
  const group = TOP_LEVEL_GROUPS[first];
  // `template` gains builtin/show from sync; `call` its artifact verbs from api.
  if (group) return group === 'sync' || group === 'api' ? ['resources', group] : [group];
  if (resourceNames().includes(first)) return first === 'template' ? ['resources', 'sync'] : ['resources', 'api'];
  return GROUPS;
}

export function buildProgram(io: CliIo, groups: readonly Group[] = GROUPS): Command {
  // Commands that know only --json print through `routed`: --output/--fields turn their JSON into the chosen format.
  let stdout = io.stdout;
  const routed: CliIo = { ...io, stdout: (text) => stdout(text) };
  const program = new Command('homerounds')
    .description(
      'HomeRounds for administrators and engineers: voice platform resources, routes, call simulation, machines.',
    )
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .addHelpText('after', `\n${EXIT_CODES_HELP}`)
    .exitOverride();
  const has = (group: Group) => groups.includes(group);
  if (has('machines')) registerMachines(program, routed);
  if (has('route')) {
    registerRoute(program, routed);
    registerMileage(program, routed);
  }
  if (has('local')) registerLocal(program, routed);
  if (has('account')) registerAccount(program, routed);
  const topics = has('resources') ? registerResources(program, routed) : new Map<string, Command>();
  if (has('sync')) registerSync(program, routed, topics.get('template'));
  const call = topics.get('call');
  if (call) registerCallSimulate(call, routed);
  if (call) registerCallWatch(call, routed);
  if (has('confirmations')) registerConfirmations(program, routed);
  if (has('api')) registerApi(program, routed, call);
  if (has('completion')) registerCompletion(program, routed);

  for (const command of program.commands) {
    command.exitOverride();
    for (const sub of command.commands) sub.exitOverride();
  }
  addOutputFlags(program);
  program.hook('preAction', async (_program, action) => {
    if (nativeOutput.has(action) || !hasOutputOptions(action)) return;
    const flags = action.opts<{ json?: boolean; output?: string; fields?: string }>();
    if (flags.output === undefined && flags.fields === undefined) return;
    const format = await import('./output/format.ts');
    const choice = format.parseOutput(flags);
    // `--output table` alone is the command's own view for people.
    if (choice.format === 'table' && !choice.fields) return;
    action.setOptionValue('json', true);
    if (choice.format === 'json' && !choice.fields) return;
    if (choice.format === 'yaml') await format.loadYaml();
    stdout = format.convertingStdout(io, choice);
  });
  return program;
}

/** Every command that prints JSON with --json also takes --output and --fields (generated verbs add their own). */
function addOutputFlags(command: Command): void {
  for (const sub of command.commands) {
    if (sub.options.some((o) => o.long === '--json') && !hasOutputOptions(sub)) addOutputOptions(sub);
    addOutputFlags(sub);
  }
}

/** Runs the CLI and returns the exit code; the caller (main.ts) is the only one that exits. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io, groupsFor(argv));
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

/** The root help as `homerounds --help` prints it at a terminal width (cli/build.ts precomputes it). */
export async function renderRootHelp(width: number): Promise<string> {
  let text = '';
  const io: CliIo = {
    stdout: (t) => {
      text += t;
    },
    stderr: () => undefined,
    env: {},
    cwd: '/',
  };
  const program = buildProgram(io).configureOutput({ getOutHelpWidth: () => width });
  await program.parseAsync(['--help'], { from: 'user' }).catch((error: unknown) => {
    if (!(error instanceof CommanderError) || error.exitCode !== 0) throw error;
  });
  return text;
}
