// `homerounds machines list | show <name> | paths <name>`: the product's behaviour as state machines.
import type { Command } from 'commander';
import { type CliIo, printJson, printLines } from '../output/io.ts';

export function registerMachines(program: Command, io: CliIo): void {
  const machines = program
    .command('machines')
    .description('show the product state machines and the paths the model-based tests walk');

  machines
    .command('list')
    .description('list every machine')
    .option('--json', 'print JSON only')
    .addHelpText('after', '\nExample:\n  $ homerounds machines list --json')
    .action(async (opts: { json?: boolean }) => {
      const { listMachines } = await import('../handlers/machines.ts');
      const rows = listMachines();
      if (opts.json) return printJson(io, rows);
      const { renderTable } = await import('../output/table.ts');
      printLines(
        io,
        renderTable(rows, [
          { header: 'NAME', value: (r) => r.name },
          { header: 'STATES', value: (r) => r.states, align: 'right' },
          { header: 'TRANSITIONS', value: (r) => r.transitions, align: 'right' },
          { header: 'SUMMARY', value: (r) => r.summary },
        ]),
      );
    });

  machines
    .command('show <name>')
    .description('print a machine as a Mermaid state diagram or a JSON outline')
    .option('--format <format>', 'mermaid | json', 'mermaid')
    .addHelpText('after', '\nExample:\n  $ homerounds machines show auth --format mermaid')
    .action(async (name: string, opts: { format: string }) => {
      const { showMachine } = await import('../handlers/machines.ts');
      const shown = showMachine(name, opts.format);
      if (typeof shown === 'string') printLines(io, shown);
      else printJson(io, shown);
    });

  machines
    .command('paths <name>')
    .description('list the paths (one per transition) the model-based tests replay')
    .option('--json', 'print JSON only')
    .addHelpText('after', '\nExample:\n  $ homerounds machines paths schedule')
    .action(async (name: string, opts: { json?: boolean }) => {
      const { machinePaths } = await import('../handlers/machines.ts');
      const paths = machinePaths(name);
      if (opts.json) return printJson(io, paths);
      printLines(
        io,
        paths.map((p, i) => `${String(i + 1).padStart(3)}. ${JSON.stringify(p.target)}  ⟸  ${p.events.join(' → ')}`),
      );
    });

  machines
    .command('docs')
    .description('write one Markdown page per machine, with its diagram, into a folder')
    .option('--out <dir>', 'output folder', 'docs/machines')
    .option('--check', 'exit 1 if the pages on disk are out of date instead of writing them')
    .addHelpText('after', '\nExample:\n  $ homerounds machines docs --out docs/machines')
    .action(async (opts: { out: string; check?: boolean }) => {
      const { machineDocs } = await import('../handlers/machines.ts');
      const { mkdir, readFile, writeFile } = await import('node:fs/promises');
      const { join, resolve } = await import('node:path');
      const dir = resolve(io.cwd, opts.out);
      const stale: string[] = [];
      if (!opts.check) await mkdir(dir, { recursive: true });
      for (const page of machineDocs()) {
        const path = join(dir, page.file);
        if (opts.check) {
          const current = await readFile(path, 'utf8').catch(() => '');
          if (current !== page.content) stale.push(path);
        } else {
          await writeFile(path, page.content);
          io.stderr(`wrote ${path}\n`);
        }
      }
      if (stale.length) {
        const { CliError } = await import('../errors.ts');
        throw new CliError(`out of date: ${stale.join(', ')} (run npm run docs:machines)`);
      }
    });
}
