// PGlite (Postgres compiled to WASM) behind the Db interface. Cold start ≈ 5.5 s; from a data-dir
// snapshot (loadDataDir) ≈ 0.6 s — see snapshot.ts.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { classifyDbError, type Db, type DbExecutor, type QueryResult } from './db.ts';

export interface PgliteDb extends Db {
  readonly kind: 'pglite';
  readonly pg: PGlite;
  /** Uncompressed tar of the data directory, loadable with `openPglite({ snapshot })`. */
  dump(): Promise<Uint8Array>;
}

function executor(target: PGlite | Transaction): DbExecutor {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params as unknown[]).catch(classifyDbError);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql).catch(classifyDbError);
    },
  };
}

/**
 * In memory (default), or on a data directory (`dataDir`: every committed write is in the directory's files
 * before the query resolves). `snapshot` seeds an empty store; with a `dataDir` that already holds a
 * database, leave it out.
 */
export async function openPglite(options: { snapshot?: Uint8Array; dataDir?: string } = {}): Promise<PgliteDb> {
  const pg = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.snapshot ? { loadDataDir: new Blob([options.snapshot as Uint8Array<ArrayBuffer>]) } : {}),
  });
  const base = executor(pg);
  let closed = false;
  return {
    kind: 'pglite',
    pg,
    query: base.query,
    exec: base.exec,
    transaction: <T>(fn: (tx: DbExecutor) => Promise<T>) => pg.transaction((tx) => fn(executor(tx))),
    async close() {
      if (closed) return;
      closed = true;
      await pg.close();
    },
    async dump() {
      const blob = await pg.dumpDataDir('none');
      return new Uint8Array(await blob.arrayBuffer());
    },
  };
}
