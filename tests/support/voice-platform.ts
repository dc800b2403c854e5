// Starts the voice API for tests: the whole local platform when emulators/server.ts mounts it, otherwise a
// tiny node:http server around emulators/voice on a fresh PGlite. Also bulk-inserts resources in one SQL
// statement (pagination tests) and runs the CLI against it.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { systemNow } from '../../core/time/system-clock.ts';
import type { Db } from '../../emulators/db/db.ts';
import { localCredentials } from '../../emulators/local-secrets.ts';
import { createVoiceApi } from '../../emulators/voice/index.ts';
import { LOCAL_VOICE_ORG_ID, LOCAL_VOICE_PRIVATE_KEY, LOCAL_VOICE_PUBLIC_KEY } from '../../emulators/voice/keys.ts';
import { type CliRun, repoRoot, runHomerounds } from './run-cli.ts';

export { LOCAL_VOICE_ORG_ID, LOCAL_VOICE_PRIVATE_KEY, LOCAL_VOICE_PUBLIC_KEY };

export interface VoicePlatform {
  url: string;
  db: Db;
  close(): Promise<void>;
}

function serverMountsVoice(): boolean {
  try {
    return readFileSync(join(repoRoot, 'emulators/server.ts'), 'utf8').includes('createVoiceApi');
  } catch {
    return false;
  }
}

/** `standalone`: always the tiny server (outside vitest, e.g. the bench, where the shared snapshot is not injected). */
export async function startVoicePlatform(options: { standalone?: boolean } = {}): Promise<VoicePlatform> {
  if (!options.standalone && serverMountsVoice()) {
    const { startLocalPlatform } = await import('./local-platform.ts');
    return startLocalPlatform();
  }
  const { openPglite } = await import('../../emulators/db/pglite.ts');
  const db = await openPglite();
  let origin = '';
  const api = createVoiceApi({ db, origin: () => origin });
  await api.migrate();
  const server = createServer((req, res) => {
    const url = new URL(`http://local${req.url ?? '/'}`);
    if (url.pathname === '/__local/credentials' && req.method === 'POST') {
      // As the local platform answers `--local` (emulators/local-hooks.ts): the CLI carries no secret of its own.
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(localCredentials()));
      return;
    }
    api
      .handle(req, res, url)
      .then((handled) => {
        if (!handled) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('not a voice API path');
        }
      })
      .catch((error: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ statusCode: 500, message: String(error), error: 'Internal Server Error' }));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    db,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.close();
    },
  };
}

/**
 * Inserts `count` resources of a kind in one statement, 1 ms apart (newest = `newest`, by default now: the test's
 * clock under vitest, the real one in the bench), named `${prefix}-<n>`.
 */
export async function bulkInsert(
  db: Db,
  kind: string,
  count: number,
  prefix: string,
  newest: Date = systemNow(),
): Promise<void> {
  await db.query(
    `insert into voice.resources (id, org_id, kind, parent_id, data, created_at, updated_at)
     select gen_random_uuid(), $1, $2, null, jsonb_build_object('name', $3 || '-' || i),
            $4::timestamptz - i * interval '1 millisecond', $4::timestamptz - i * interval '1 millisecond'
     from generate_series(1, $5::int) as i`,
    [LOCAL_VOICE_ORG_ID, kind, prefix, newest.toISOString(), count],
  );
}

/** Runs the CLI against the platform with its private key (via --local and HOMEROUNDS_LOCAL_URL). */
export function runLocal(
  platform: VoicePlatform,
  args: readonly string[],
  options: { env?: Record<string, string>; input?: string; cwd?: string } = {},
): Promise<CliRun> {
  return runHomerounds([...args, '--local'], {
    ...options,
    env: { HOMEROUNDS_LOCAL_URL: platform.url, HOMEROUNDS_CONFIG: '/nonexistent/homerounds.json', ...options.env },
  });
}
