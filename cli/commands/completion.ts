// `homerounds completion bash|zsh`: a completion script generated from the command tree.
import type { Command } from 'commander';
import { usageError } from '../errors.ts';
import type { CliIo } from '../output/io.ts';
import { loadTopicVerbs } from './resources.ts';

export function registerCompletion(program: Command, io: CliIo): void {
  program
    .command('completion <shell>')
    .description('print a shell completion script (bash or zsh) for every command and flag')
    .addHelpText(
      'after',
      `
Examples:
  $ source <(homerounds completion bash)        # this shell
  $ homerounds completion bash > ~/.local/share/bash-completion/completions/homerounds
  $ homerounds completion zsh > "\${fpath[1]}/_homerounds"   # then start a new zsh

Regenerate after an upgrade: the script lists the commands and flags of this version.`,
    )
    .action(async (shell: string) => {
      const { SHELLS, completionScript } = await import('../handlers/completion.ts');
      if (!(SHELLS as readonly string[]).includes(shell)) {
        throw usageError(`completion: unknown shell "${shell}" (one of ${SHELLS.join(', ')})`);
      }
      // The resource topics register their verbs on first use: load them all, the script needs every one.
      for (const topic of program.commands) loadTopicVerbs(topic);
      io.stdout(completionScript(program, shell));
    });
}
