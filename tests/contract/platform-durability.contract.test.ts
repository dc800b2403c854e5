// The local platform keeps what it acknowledged: `npm start`'s server (emulators/main.ts) runs on a data
// directory, is killed with SIGKILL in the middle of a burst of writes, and after a restart on the same
// directory every write that was answered 2xx is there (voice resources and Supabase sessions). Also: a
// second server on the same directory is refused, and a damaged directory stops startup saying what to do.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_ANON_KEY } from '../../config/local-platform.ts';
import { REPO_ROOT } from '../../emulators/db/migrate.ts';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { SEEDED_CLINICIAN_EMAILS } from '../../fixtures/seed.ts';
import { clockEnv, SEED_DAY } from '../support/test-clock.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

interface Server {
  child: ChildProcess;
  url: string;
  stderr: () => string;
}

/**
 * Starts `tsx emulators/main.ts` on a random port with the given data directory, on the test's clock (a new
 * directory is seeded for the suite's seed day); resolves when it is ready.
 */
function startServer(dataDir: string): Promise<Server> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    HOMEROUNDS_DATA_DIR: dataDir,
    ...clockEnv(),
  };
  delete env.DATABASE_URL;
  delete env.ALLOWED_HOSTS;
  const child = spawn(process.execPath, ['--import', 'tsx', 'emulators/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in 60 s: ${err}`)), 60_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /running at (http:\/\/\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1] as string, stderr: () => err });
      }
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(Object.assign(new Error(`server exited with ${code}: ${err}`), { stderr: err, code }));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

describe('durable by default', () => {
  it('finds every acknowledged write after a SIGKILL during a write burst', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'homerounds-data-')), 'db');
    dirs.push(dataDir, join(dataDir, '..'));
    const first = await startServer(dataDir);
    const voice = { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}`, 'content-type': 'application/json' };
    const assistants: string[] = [];
    const sessions: string[] = [];
    let attempted = 0;
    let killed = false;
    const worker = async (n: number) => {
      for (let i = 0; !killed; i++) {
        attempted++;
        try {
          if (i % 4 === 3) {
            const response = await fetch(`${first.url}/__local/sessions`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ email: SEEDED_CLINICIAN_EMAILS[n % SEEDED_CLINICIAN_EMAILS.length] }),
            });
            if (response.ok) sessions.push(((await response.json()) as { access_token: string }).access_token);
          } else {
            const response = await fetch(`${first.url}/assistant`, {
              method: 'POST',
              headers: voice,
              body: JSON.stringify({ name: `burst ${n}-${i}` }),
            });
            if (response.status === 201 || response.status === 200) {
              assistants.push(((await response.json()) as { id: string }).id);
            }
          }
        } catch {
          // the connection died with the server: not acknowledged
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, n) => worker(n));
    // Until 60 writes were acknowledged (polled every 20 ms), for at most 30 s.
    const started = performance.now();
    while (assistants.length + sessions.length < 60 && performance.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 20));
    }
    first.child.kill('SIGKILL');
    await exited(first.child);
    killed = true;
    await Promise.all(workers);
    const acknowledged = { assistants: [...assistants], sessions: [...sessions] };
    expect(acknowledged.assistants.length + acknowledged.sessions.length).toBeGreaterThanOrEqual(60);
    expect(attempted).toBeGreaterThan(acknowledged.assistants.length + acknowledged.sessions.length);

    const second = await startServer(dataDir);
    try {
      for (const id of acknowledged.assistants) {
        const response = await fetch(`${second.url}/assistant/${id}`, { headers: voice });
        expect(response.status, `assistant ${id}`).toBe(200);
      }
      for (const token of acknowledged.sessions) {
        const response = await fetch(`${second.url}/auth/v1/user`, {
          headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${token}` },
        });
        expect(response.status, 'session after restart').toBe(200);
      }
      // The seeded data is there too, and a second server on the same directory is refused.
      const profiles = await fetch(`${second.url}/rest/v1/profiles?select=id`, {
        headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${acknowledged.sessions[0]}` },
      });
      expect(profiles.status).toBe(200);
      const error = await startServer(dataDir).then(
        () => new Error('a second server started on the same directory'),
        (e: Error) => e,
      );
      expect(error.message).toMatch(/Another local platform \(process \d+\) is using the data directory/);
      // `homerounds local reset` still reseeds the durable store: sessions are gone, clinicians are back.
      const reset = await fetch(`${second.url}/__local/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(reset.status).toBe(200);
      // Reseeded for the platform's today: the suite's seed day (HOMEROUNDS_NOW), not the machine's date.
      expect(await reset.json()).toEqual({ today: SEED_DAY, clinicians: [...SEEDED_CLINICIAN_EMAILS] });
      const gone = await fetch(`${second.url}/auth/v1/user`, {
        headers: { apikey: LOCAL_ANON_KEY, authorization: `Bearer ${acknowledged.sessions[0]}` },
      });
      expect(gone.status).toBeGreaterThanOrEqual(401);
    } finally {
      second.child.kill('SIGTERM');
      await exited(second.child);
    }
    // The same directory with its control file overwritten: startup stops and says what to do.
    const damaged = `${dataDir}-damaged`;
    dirs.push(damaged);
    cpSync(dataDir, damaged, { recursive: true });
    const control = join(damaged, 'global', 'pg_control');
    writeFileSync(control, Buffer.alloc(statSync(control).size, 0x5a));
    const failure = await startServer(damaged).then(
      () => new Error('started on a damaged directory'),
      (e: Error) => e,
    );
    expect(failure.message).toContain(`The local database in ${damaged} could not be opened`);
    expect(failure.message).toContain(`mv '${damaged}' '${damaged}.broken-`);
  }, 180_000);

  it('stops with the commands that fix a damaged directory', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'homerounds-data-')), 'db');
    dirs.push(join(dataDir, '..'));
    // A directory that holds something, but no database.
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'PG_VERSION'), '18\n');
    const error = await startServer(dataDir).then(
      () => new Error('started on a damaged directory'),
      (e: Error) => e,
    );
    expect(error.message).toContain(`The local database in ${dataDir} could not be opened`);
    expect(error.message).toContain(`rm -rf '${dataDir}' && npm start`);
    expect(error.message).toContain('HOMEROUNDS_DATA_DIR=:memory:');
  }, 120_000);
});
