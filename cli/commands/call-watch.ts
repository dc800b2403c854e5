// `homerounds call watch <id>` and `homerounds call end <id>`: a live call through the platform's monitor URLs.
import type { Command } from 'commander';
import type { GlobalFlags } from '../api/connect.ts';
import { cliClock } from '../config/clock.ts';
import { usageError } from '../errors.ts';
import type { CliIo } from '../output/io.ts';
import { addApiOptions, withClient } from './api-options.ts';

interface WatchFlags extends GlobalFlags {
  interval?: string;
  listen: boolean;
}

/** Between 0.1 s and 10 min: faster would hammer the API, slower is not watching. */
function parseInterval(value: string | undefined): number {
  if (value === undefined) return 2_000;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 600) {
    throw usageError(`--interval must be seconds between 0.1 and 600 (got "${value}")`);
  }
  return Math.round(seconds * 1000);
}

function clock(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export function registerCallWatch(call: Command, io: CliIo): void {
  addApiOptions(
    call
      .command('watch <id>')
      .description("follow a call as it goes: status changes and what is said, until it ends (the platform's monitor)")
      .option('--interval <seconds>', 'time between two GET /call/<id> (default 2)')
      .option('--no-listen', 'only poll GET /call/<id>; do not open the monitor stream (monitor.listenUrl)'),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ homerounds call watch <id>
  $ homerounds call watch <id> --json | jq -r 'select(.event == "transcript") | .text'

With --json, one event per line (NDJSON): {"event":"status",…}, {"event":"transcript","role","text",…}, and a
last {"event":"ended","endedReason",…}. Follows monitor.listenUrl (WebSocket) when the call has one, and polls
GET /call/<id> every --interval seconds, which is all there is when the platform offers no stream. Exits 0 when
the call has ended; Ctrl-C stops watching (the call goes on). The API key is never sent to the monitor URLs.`,
    )
    .action(async (id: string, flags: WatchFlags) => {
      const intervalMs = parseInterval(flags.interval);
      const [{ watchCall }, { escapeControl }] = await Promise.all([
        import('../handlers/call-watch.ts'),
        import('../output/escape.ts'),
      ]);
      await withClient(io, flags, (client) =>
        watchCall(client, id, {
          intervalMs,
          now: cliClock(io.env),
          listen: flags.listen,
          notice: (line) => io.stderr(`${escapeControl(line)}\n`),
          emit: (event) => {
            if (flags.json) return io.stdout(`${JSON.stringify(event)}\n`);
            // Status and words come from the platform: escaped, one line each.
            const what =
              event.event === 'status'
                ? `status     ${event.status}`
                : event.event === 'transcript'
                  ? `${event.role.padEnd(10)} ${event.text}`
                  : `ended      ${event.endedReason ?? '(no reason given)'}`;
            io.stdout(`${clock(event.at)}  ${escapeControl(what)}\n`);
          },
        }),
      );
    });

  addApiOptions(
    call
      .command('end <id>')
      .description("end a live call through its control URL (monitor.controlUrl, {type: 'end-call'})"),
  )
    .addHelpText(
      'after',
      `
Examples:
  $ homerounds call end <id>
  $ homerounds call end <id> --json

Reads the call (GET /call/<id>), then POSTs {"type":"end-call"} to its monitor.controlUrl, never with the API key.
A call that has already ended is left as it is (exit 0); a call without a control URL exits 1.`,
    )
    .action(async (id: string, flags: GlobalFlags) => {
      const [{ endCall }, { parseTimeoutSeconds }, { printJson }] = await Promise.all([
        import('../handlers/call-watch.ts'),
        import('../api/connect.ts'),
        import('../output/io.ts'),
      ]);
      const seconds =
        parseTimeoutSeconds(flags.timeout, '--timeout') ??
        parseTimeoutSeconds(io.env.HOMEROUNDS_TIMEOUT || undefined, 'HOMEROUNDS_TIMEOUT');
      const result = await withClient(io, flags, (client) =>
        endCall(client, id, { timeoutMs: seconds !== undefined ? seconds * 1000 : undefined }),
      );
      if (flags.json) return printJson(io, result);
      io.stderr(
        result.sent
          ? `asked call ${id} to end (it was ${result.status ?? 'in an unknown state'}); see homerounds call watch ${id}\n`
          : `call ${id} had already ended (${result.endedReason ?? 'no reason given'}); nothing sent\n`,
      );
    });
}
