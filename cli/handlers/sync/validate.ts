// Checking the files without the platform (placeholders, `${env:…}`, reference order, request schemas), and
// `homerounds validate -f <dir>`.
import { resolve } from 'node:path';
import { CliError } from '../../errors.ts';
import { fillToolsPlaceholders, type ResolvedToolsServer } from '../../templates/tools-server.ts';
import { refsIn, refsToIds, refText, SYNC_KINDS } from '../sync-refs.ts';
import { envRefsIn, fillEnvRefs } from '../sync-secrets.ts';
import { type DesiredResource, readDesired } from './read.ts';

export interface OfflineCheck {
  /** The files with tools placeholders and `${env:…}` filled (references left for the plan). */
  filled: DesiredResource[];
  errors: string[];
  /** Not errors: references apply will look up on the platform. */
  notes: string[];
}

/**
 * Everything that can be checked without the platform: the tools placeholders and every `${env:NAME}` have a
 * value, references name a kind that comes earlier in the apply order, and each body passes the request
 * validator. `filled` holds the bodies as they will be compared and sent.
 */
export async function checkOffline(
  desired: readonly DesiredResource[],
  env: Record<string, string | undefined>,
  tools: ResolvedToolsServer,
  options: { schemas?: boolean } = {},
): Promise<OfflineCheck> {
  const errors: string[] = [];
  const notes: string[] = [];
  const filled: DesiredResource[] = [];
  const keys = new Set(desired.map((d) => `${d.kind}/${d.key}`));
  for (const d of desired) {
    let body = d.body;
    try {
      body = fillToolsPlaceholders(body, tools, d.path);
    } catch (error) {
      if (!(error instanceof CliError)) throw error;
      errors.push(error.message);
    }
    const missing = envRefsIn(body).filter((name) => env[name] === undefined || env[name] === '');
    if (missing.length)
      errors.push(
        `${d.path}: no value for ${missing.map((n) => `\${env:${n}}`).join(', ')} (set ${missing.join(', ')} in the environment)`,
      );
    body = fillEnvRefs(body, env);
    for (const ref of refsIn(body)) {
      if (SYNC_KINDS.indexOf(ref.kind) >= SYNC_KINDS.indexOf(d.kind)) {
        const earlier = SYNC_KINDS.slice(0, SYNC_KINDS.indexOf(d.kind));
        errors.push(
          `${d.path}: ${refText(ref)}: ${d.kind}s are applied ${earlier.length ? `after ${earlier.join(', ')} and can refer only to those` : 'first and cannot refer to other resources'} (write the id instead)`,
        );
      } else if (!keys.has(`${ref.kind}/${ref.key}`)) {
        notes.push(`${d.path}: ${refText(ref)} is not in the folder; apply looks it up on the platform`);
      }
    }
    if (options.schemas !== false) errors.push(...(await validateBody(d, body)));
    filled.push({ ...d, body, written: d.body });
  }
  return { filled, errors, notes };
}

/** Any uuid: what a `${ref:…}` becomes for the validator (the real id is known only at apply). */
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The request-body validator (schemas derived from the published OpenAPI document), for `validate` and `apply`:
 * each file checked as the create request it can become, its problems as `file:line: message`.
 */
async function validateBody(d: DesiredResource, body: Record<string, unknown>): Promise<string[]> {
  const { bodyProblems } = await import('../validate-body.ts');
  const problems = await bodyProblems(
    { method: 'POST', path: `/${d.kind}` },
    refsToIds(body, () => SOME_ID),
    {
      name: d.path,
      text: d.text,
    },
  );
  return problems.map((p) => `${p.where}: ${p.message}`);
}

/** `homerounds validate -f <dir>`: reads and checks the folder; sends nothing. */
export async function validateFolder(
  dir: string,
  options: { env: Record<string, string | undefined>; tools?: ResolvedToolsServer },
): Promise<{ files: number; errors: string[]; notes: string[] }> {
  const desired = await readDesired(resolve(dir), dir);
  const { errors, notes } = await checkOffline(desired, options.env, options.tools ?? {});
  return { files: desired.length, errors, notes };
}
