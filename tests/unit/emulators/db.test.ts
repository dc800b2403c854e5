// The database seam: snapshot keys, and DATABASE_URL on a real PostgreSQL through the `pg` driver.
import { describe, expect, it } from 'vitest';
import { openLocalDb } from '../../../emulators/db/open.ts';
import { redactDatabaseUrl } from '../../../emulators/db/postgres.ts';
import { snapshotKey } from '../../../emulators/db/snapshot.ts';
import { SEED_DAY } from '../../support/test-clock.ts';

describe('openLocalDb', () => {
  it('says which DATABASE_URL it cannot reach, without its password', async () => {
    const attempt = openLocalDb({ databaseUrl: 'postgres://user:s3cret@127.0.0.1:9/homerounds', today: SEED_DAY });
    await expect(attempt).rejects.toThrow(
      /Cannot connect to DATABASE_URL=postgres:\/\/user:\*\*\*@127\.0\.0\.1:9\/homerounds/,
    );
    await expect(attempt).rejects.not.toThrow(/s3cret/);
    expect(redactDatabaseUrl('not a url')).toBe('<unparseable DATABASE_URL>');
  });

  it('keys snapshots by day and by the schema and fixtures code', () => {
    expect(snapshotKey('2026-06-01')).toMatch(/^2026-06-01-[0-9a-f]{16}$/);
    expect(snapshotKey('2026-06-01').slice(11)).toBe(snapshotKey('2026-06-02').slice(11));
  });
});

// A real PostgreSQL is not part of `npm test` (CI has none); point TEST_DATABASE_URL at an empty
// database owned by a superuser to run this (see docs/local-platform.md).
const url = process.env.TEST_DATABASE_URL;
describe.skipIf(!url)(`DATABASE_URL on PostgreSQL${url ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`, () => {
  it('migrates, seeds once, and enforces row-level security like PGlite', async () => {
    const db = await openLocalDb({ databaseUrl: url as string, today: SEED_DAY });
    try {
      const users = await db.query<{ id: string; email: string }>('select id, email from auth.users order by email');
      expect(users.rows.length).toBeGreaterThanOrEqual(5);
      const [a, b] = users.rows;
      const visible = await db.transaction(async (tx) => {
        await tx.query(`select set_config('role', 'authenticated', true)`);
        await tx.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: a?.id, role: 'authenticated' }),
        ]);
        return tx.query<{ id: string }>('select id from public.profiles where id = any($1::uuid[])', [[a?.id, b?.id]]);
      });
      expect(visible.rows.map((r) => r.id)).toEqual([a?.id]);
      // Opening again keeps the data (no second seed).
      const again = await openLocalDb({ databaseUrl: url as string, today: SEED_DAY });
      expect((await again.query('select count(*)::int as n from auth.users')).rows).toEqual([{ n: users.rows.length }]);
      await again.close();
    } finally {
      await db.close();
    }
  });
});
