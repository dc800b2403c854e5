// Applies what Supabase provides (bootstrap.sql), then supabase/migrations/*.sql in order (recorded in
// supabase_migrations.schema_migrations like the Supabase CLI), then the local platform's own schemas.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.ts';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase', 'migrations');
const DB_DIR = fileURLToPath(new URL('./', import.meta.url));
export const BOOTSTRAP_SQL = join(DB_DIR, 'bootstrap.sql');
export const LOCAL_SCHEMA_SQL = join(DB_DIR, 'local-schema.sql');

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => join(MIGRATIONS_DIR, name));
}

export async function migrate(db: Db, log: (line: string) => void = () => {}): Promise<void> {
  await db.exec(readFileSync(BOOTSTRAP_SQL, 'utf8'));
  for (const file of migrationFiles()) {
    const name = file.slice(MIGRATIONS_DIR.length + 1);
    const version = name.split('_')[0] ?? name;
    const done = await db.query('select 1 from supabase_migrations.schema_migrations where version = $1', [version]);
    if (done.rows.length > 0) continue;
    const sql = readFileSync(file, 'utf8');
    await db.transaction(async (tx) => {
      await tx.exec(sql);
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        name.replace(/^\d+_/, '').replace(/\.sql$/, ''),
      ]);
    });
    log(`migration applied: ${name}`);
  }
  await db.exec(readFileSync(LOCAL_SCHEMA_SQL, 'utf8'));
}
