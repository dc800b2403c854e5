// Entry point of `homerounds`: the only place that sets the process's exit status.
import { processIo } from './output/io.ts';
import { runCli } from './program.ts';

// A reader that stops early (`homerounds … --json | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2), processIo());
