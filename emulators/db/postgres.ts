// DATABASE_URL: the local platform on any PostgreSQL (the `pg` driver), behind the same Db interface as
// PGlite. Statements are parameterised by the driver; a transaction holds one pooled client.
import pg from 'pg';
import { classifyDbError, type Db, type DbExecutor, type QueryResult } from './db.ts';

export interface PostgresDb extends Db {
  readonly kind: 'postgres';
}

function executor(target: pg.Pool | pg.PoolClient): DbExecutor {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query(sql, params as unknown[]).catch(classifyDbError);
      return { rows: result.rows as T[], affectedRows: result.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      // The simple query protocol (no parameters) runs several statements at once, as migrations need.
      await target.query(sql).catch(classifyDbError);
    },
  };
}

/** The URL with its password hidden, for messages and logs. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<unparseable DATABASE_URL>';
  }
}

export async function openPostgres(databaseUrl: string): Promise<PostgresDb> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 5, connectionTimeoutMillis: 5_000 });
  // Idle clients can fail (server restart); without a listener that would crash the process.
  pool.on('error', (error) => console.error(`[db] idle PostgreSQL client error: ${error.message}`));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new Error(
      `Cannot connect to DATABASE_URL=${redactDatabaseUrl(databaseUrl)}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const base = executor(pool);
  let closed = false;
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction<T>(fn: (tx: DbExecutor) => Promise<T>): Promise<T> {
      const client = await pool.connect().catch(classifyDbError);
      try {
        await client.query('begin').catch(classifyDbError);
        const result = await fn(executor(client));
        await client.query('commit').catch(classifyDbError);
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
