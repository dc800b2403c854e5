// DATABASE_URL without the `pg` driver fails with a message that says what to do.
import { describe, expect, it } from 'vitest';
import { openLocalDb } from '../../../emulators/db/open.ts';
import { PG_DRIVER_MISSING } from '../../../emulators/db/postgres.ts';
import { snapshotKey } from '../../../emulators/db/snapshot.ts';

describe('openLocalDb', () => {
  it('explains that DATABASE_URL needs the pg driver', async () => {
    await expect(openLocalDb({ databaseUrl: 'postgres://user:secret@127.0.0.1:5432/homerounds' })).rejects.toThrow(
      PG_DRIVER_MISSING,
    );
    expect(PG_DRIVER_MISSING).toContain('npm install pg');
  });

  it('keys snapshots by day and by the schema and fixtures code', () => {
    expect(snapshotKey('2026-06-01')).toMatch(/^2026-06-01-[0-9a-f]{16}$/);
    expect(snapshotKey('2026-06-01').slice(11)).toBe(snapshotKey('2026-06-02').slice(11));
  });
});
