// `homerounds apply -f <dir>`: reads, checks and plans the folder, then creates, updates and (--prune) deletes
// on the platform in order.
import { resolve } from 'node:path';
import type { ApiClient } from '../../api/client.ts';
import { CliError, EXIT, usageError } from '../../errors.ts';
import type { ResolvedToolsServer } from '../../templates/tools-server.ts';
import { refsIn, refsToIds, type SyncKind } from '../sync-refs.ts';
import { idOfRef, keepOmitted, type PlanItem, plan, unresolvedRefs } from './plan.ts';
import { kindsInFolder, readDesired } from './read.ts';
import { readTarget } from './target.ts';
import { checkOffline } from './validate.ts';

export interface ApplyOptions {
  dryRun: boolean;
  prune?: boolean;
  tools?: ResolvedToolsServer;
  env?: Record<string, string | undefined>;
  /** Check each body against the platform's published schemas first (default); false: --no-validate. */
  validate?: boolean;
  progress?: (line: string) => void;
  notice?: (line: string) => void;
  /** Asked once before anything is deleted (--prune); false stops the run before any change. */
  confirmDelete?: (items: readonly PlanItem[]) => Promise<boolean>;
}

export async function apply(
  client: ApiClient,
  dir: string,
  options: ApplyOptions,
): Promise<{ dryRun: boolean; items: PlanItem[] }> {
  const desired = await readDesired(resolve(dir), dir);
  const { filled, errors, notes } = await checkOffline(desired, options.env ?? {}, options.tools ?? {}, {
    schemas: options.validate,
  });
  if (errors.length) throw usageError(errors.join('; '));
  for (const note of notes) options.notice?.(note);
  const pruneKinds = options.prune ? await kindsInFolder(resolve(dir), desired) : [];
  // The folder's kinds, the kinds they refer to, and what --prune looks at.
  const needed = new Set<SyncKind>([
    ...filled.map((d) => d.kind),
    ...filled.flatMap((d) => refsIn(d.body).map((r) => r.kind)),
    ...pruneKinds,
  ]);
  const target = await readTarget(client, [...needed]);
  const { items, matched } = plan(filled, target, pruneKinds);
  const dangling = unresolvedRefs(filled, matched, target);
  if (dangling.length) throw usageError(dangling.join('; '));
  if (options.dryRun) return { dryRun: true, items };

  const deletes = items.filter((i) => i.action === 'delete');
  if (deletes.length && !(await (options.confirmDelete?.(deletes) ?? Promise.resolve(false)))) {
    throw new CliError(`nothing changed: ${deletes.length} deletion(s) not confirmed`, EXIT.error);
  }
  const changes = items.filter((i) => i.action !== 'unchanged').length;
  let done = 0;
  const fail = (item: PlanItem, where: string, verb: string, error: CliError): never => {
    // Which file the platform refused, and how far the run got (applied in order, nothing undone).
    throw new CliError(
      `${where}: ${verb} ${item.kind} "${item.name}" failed: ${error.message} ` +
        `(${done} of ${changes} change(s) applied before it; fix it and run apply again)`,
      error.exitCode,
    );
  };
  for (const item of items) {
    if (item.action === 'unchanged' || item.action === 'delete') continue;
    const entry = matched.get(`${item.kind}/${item.name}`);
    if (!entry) continue;
    const d = entry.desired;
    // Ids known now: those matched, and those created earlier in this run.
    const body = refsToIds(structuredClone(d.body), (ref) => idOfRef(ref, matched, target) ?? '');
    keepOmitted(
      body,
      d.meta.omitted,
      target.items.get(item.kind)?.find((c) => String(c.id) === item.id),
    );
    try {
      if (item.action === 'create') {
        const { data } = await client.request({ method: 'POST', path: `/${item.kind}`, body });
        item.id = String((data as { id?: unknown })?.id ?? '');
        entry.id = item.id;
      } else {
        const patch = Object.fromEntries(
          item.changedFields.map((f) => [f, item.removedFields.includes(f) ? null : body[f]]),
        );
        await client.request({
          method: 'PATCH',
          path: `/${item.kind}/${encodeURIComponent(item.id ?? '')}`,
          body: patch,
          notFound: `${item.kind} ${item.id} (key "${item.name}") is gone from the platform`,
        });
      }
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      fail(item, d.path, item.action === 'create' ? 'creating' : 'updating', error);
    }
    done++;
    options.progress?.(`${item.action === 'create' ? 'created' : 'updated'} ${item.kind} ${item.name}`);
  }
  // Deletions last, the other way round: what refers to a resource goes before it.
  for (const item of [...deletes].reverse()) {
    try {
      await client.request({
        method: 'DELETE',
        path: `/${item.kind}/${encodeURIComponent(item.id ?? '')}`,
        notFound: `${item.kind} ${item.id} (key "${item.name}") is gone from the platform`,
      });
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      fail(item, `${item.kind} ${item.id}`, 'deleting', error);
    }
    done++;
    options.progress?.(`deleted ${item.kind} ${item.name}`);
  }
  return { dryRun: false, items };
}
