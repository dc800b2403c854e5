// `npm start`: runs the local platform on HOST:PORT (default 127.0.0.1:8787) until SIGINT/SIGTERM.

import { ClockSettingError } from '../core/time/clock.ts';
import { type ConfiguredClock, clockFromEnv } from '../core/time/system-clock.ts';
import { zonedRfc3339 } from '../core/time/zoned-time.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../fixtures/seed.ts';
import { SEED_TIME_ZONE } from '../fixtures/time.ts';
import { IN_MEMORY, resolveDataDir } from './db/data-dir.ts';
import { createLocalPlatform } from './server.ts';

const started = performance.now();
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? '8787');
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be an integer between 0 and 65535, got ${process.env.PORT}`);
  process.exit(2);
}

let clock: ConfiguredClock;
try {
  clock = clockFromEnv(process.env);
} catch (error) {
  console.error(error instanceof ClockSettingError ? error.message : String(error));
  process.exit(2);
}

try {
  const platform = await createLocalPlatform({
    host,
    port,
    now: clock.now,
    ...(clock.setting ? { pageClock: clock.setting.frozen ? ('frozen' as const) : ('running' as const) } : {}),
    log: (line) => console.error(`[local] ${line}`),
    tickIntervalMs: 15_000,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nHomeRounds is running at ${platform.url}  (ready in ${seconds} s)\n`);
  console.log('Sign in with "Continue with Google" and pick one of the seeded clinicians:');
  for (const email of SEEDED_CLINICIAN_EMAILS) console.log(`  - ${email}`);
  const { LOCAL_VOICE_PRIVATE_KEY, LOCAL_VOICE_PUBLIC_KEY } = await import('./voice/keys.ts');
  console.log(
    `\nVoice API (local): ${platform.url}\n  private key ${LOCAL_VOICE_PRIVATE_KEY}  (homerounds --local uses it)\n  public key  ${LOCAL_VOICE_PUBLIC_KEY}`,
  );
  // homerounds --local and homerounds local look at http://127.0.0.1:8787 unless HOMEROUNDS_LOCAL_URL says otherwise.
  if (platform.url.replace(/\/+$/, '') !== 'http://127.0.0.1:8787') {
    console.log(`  for homerounds (--local, local reset): export HOMEROUNDS_LOCAL_URL=${platform.url}`);
  }
  const store = process.env.DATABASE_URL
    ? 'PostgreSQL (DATABASE_URL)'
    : resolveDataDir() === IN_MEMORY
      ? 'in memory (HOMEROUNDS_DATA_DIR=:memory:, lost on exit)'
      : `${resolveDataDir()} (HOMEROUNDS_DATA_DIR; \`homerounds local reset\` reseeds)`;
  console.log(`\nDatabase: ${store}`);
  if (clock.setting) {
    const at = zonedRfc3339(clock.now(), SEED_TIME_ZONE);
    console.log(
      `Clock: ${at} (America/Chicago), ${clock.setting.frozen ? 'frozen (HOMEROUNDS_CLOCK=frozen)' : 'running'} from HOMEROUNDS_NOW; the dashboard follows it`,
    );
  }
  console.log('\nLocal platform docs: docs/local-platform.md. Press Ctrl+C to stop.\n');
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.error(`\n${signal}: stopping the local platform…`);
    platform.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
} catch (error) {
  console.error(`The local platform could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
