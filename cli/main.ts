// Entry point of `homerounds`: the only place that sets the process's exit status.
import { processIo } from './output/io.ts';
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv.slice(2), processIo());
