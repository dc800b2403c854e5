// Entry point of `homerounds`: the only place that sets the process's exit status. `homerounds --help` prints the
// help precomputed by cli/build.ts and loads nothing else; every other run loads the command tree.
import { precomputedRootHelp, type RootHelp } from './root-help.ts';

/** A RootHelp as JSON, inlined by cli/build.ts (esbuild `define`); absent from source, which renders it as usual. */
declare const HOMEROUNDS_ROOT_HELP: string | undefined;

// A reader that stops early (`homerounds … --json | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

const argv = process.argv.slice(2);
const help = precomputedRootHelp(
  argv,
  typeof HOMEROUNDS_ROOT_HELP === 'undefined' ? undefined : (JSON.parse(HOMEROUNDS_ROOT_HELP) as RootHelp),
  process.stdout,
);
if (help !== undefined) {
  process.stdout.write(help);
} else {
  const [{ runCli }, { processIo }] = await Promise.all([import('./program.ts'), import('./output/io.ts')]);
  process.exitCode = await runCli(argv, processIo());
}
