// Where a command writes: data to stdout (only JSON with --json), everything else to stderr.
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
  };
}

export function printJson(io: CliIo, value: unknown): void {
  io.stdout(`${JSON.stringify(value, null, 2)}\n`);
}

export function printLines(io: CliIo, lines: string | string[]): void {
  const text = Array.isArray(lines) ? lines.join('\n') : lines;
  io.stdout(text.endsWith('\n') ? text : `${text}\n`);
}
