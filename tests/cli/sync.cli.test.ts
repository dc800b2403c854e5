// `homerounds export`, `apply` and `validate` as a gitops tool, against two local platforms (two orgs): an org
// with secrets, unnamed and same-named resources and references is exported, applied into an empty org and
// matched again by key; then each defect of the old export/apply: secrets written in clear at 0644, unnamed
// resources left out, `--kind tool` exporting nothing, duplicates refused, raw ids, field deletion unnoticed.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the files hold literal ${env:…} and ${ref:…} references.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_VOICE_PRIVATE_KEY } from '../../emulators/voice/keys.ts';
import { startLocalPlatform, type TestPlatform } from '../support/local-platform.ts';
import { runHomerounds } from '../support/run-cli.ts';
import { runLocal } from '../support/voice-platform.ts';

type Item = Record<string, unknown> & { id: string };
type PlanItem = {
  kind: string;
  name: string;
  action: string;
  matchedBy?: string;
  changedFields: string[];
  removedFields: string[];
  changes: Array<{ path: string; from?: unknown; to?: unknown }>;
};

let source: TestPlatform;
let target: TestPlatform;
const tmp = mkdtempSync(join(tmpdir(), 'homerounds-sync-'));

/** The secrets the source org holds, and the variables export names for them. */
const SECRETS = {
  ASSISTANT_FRONT_DESK_SERVER_HEADERS_AUTHORIZATION: 'Bearer auth-2222',
  ASSISTANT_FRONT_DESK_CREDENTIALS_OPENAI_API_KEY: 'sk-live-3333',
  PHONE_NUMBER_MAIN_LINE_TWILIO_AUTH_TOKEN: 'twilio-token-main',
  ...Object.fromEntries(
    Array.from({ length: 7 }, (_, i) => [`PHONE_NUMBER_1555010000${i}_TWILIO_AUTH_TOKEN`, `twilio-token-${i}`]),
  ),
} as Record<string, string>;

async function call(platform: TestPlatform, method: string, path: string, body?: unknown): Promise<Item & Item[]> {
  const response = await fetch(`${platform.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${LOCAL_VOICE_PRIVATE_KEY}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${await response.text()}`);
  return (await response.json()) as Item & Item[];
}

async function emptyOrg(platform: TestPlatform): Promise<void> {
  await platform.db.query(`delete from voice.resources where kind <> 'org'`);
}

/**
 * The source org: 3 tools (one function tool, two unnamed), two assistants both named "front-desk" (the first with
 * a tool reference and three secrets), a squad of the first, and 10 phone numbers: one named, 7 unnamed with a
 * number (2 of them pointing at the second front-desk), 2 unnamed vapi numbers with no number at all.
 */
async function seedSource(): Promise<{ lookup: Item; desk: Item; desk2: Item }> {
  await emptyOrg(source);
  const lookup = await call(source, 'POST', '/tool', {
    type: 'function',
    function: { name: 'lookup_visit' },
    server: { url: 'https://tools.example/lookup' },
  });
  await call(source, 'POST', '/tool', { type: 'endCall' });
  await call(source, 'POST', '/tool', {
    type: 'transferCall',
    destinations: [{ type: 'number', number: '+15550199' }],
  });
  const desk = await call(source, 'POST', '/assistant', {
    name: 'front-desk',
    firstMessage: 'Hello',
    model: { provider: 'openai', model: 'gpt-4o', toolIds: [lookup.id] },
    credentials: [{ provider: 'openai', apiKey: SECRETS.ASSISTANT_FRONT_DESK_CREDENTIALS_OPENAI_API_KEY }],
    server: {
      url: 'https://hooks.example/voice',
      headers: { Authorization: SECRETS.ASSISTANT_FRONT_DESK_SERVER_HEADERS_AUTHORIZATION },
    },
  });
  const desk2 = await call(source, 'POST', '/assistant', { name: 'front-desk', firstMessage: 'Night line' });
  await call(source, 'POST', '/squad', { name: 'reception', members: [{ assistantId: desk.id }] });
  const twilio = { provider: 'twilio', twilioAccountSid: 'AC123' };
  await call(source, 'POST', '/phone-number', {
    ...twilio,
    name: 'main-line',
    number: '+15550109999',
    twilioAuthToken: SECRETS.PHONE_NUMBER_MAIN_LINE_TWILIO_AUTH_TOKEN,
    assistantId: desk.id,
  });
  for (let i = 0; i < 7; i++) {
    await call(source, 'POST', '/phone-number', {
      ...twilio,
      number: `+1555010000${i}`,
      twilioAuthToken: SECRETS[`PHONE_NUMBER_1555010000${i}_TWILIO_AUTH_TOKEN`],
      assistantId: i < 2 ? desk2.id : desk.id,
    });
  }
  await call(source, 'POST', '/phone-number', { provider: 'vapi' });
  await call(source, 'POST', '/phone-number', {
    provider: 'vapi',
    squadId: (await call(source, 'GET', '/squad'))[0]?.id,
  });
  return { lookup, desk, desk2 };
}

function run(platform: TestPlatform, args: string[], env: Record<string, string> = {}) {
  return runLocal(platform, args, { env: { HOMEROUNDS_TOOLS_SECRET: '', ...env } });
}

async function ok<T>(platform: TestPlatform, args: string[], env: Record<string, string> = {}): Promise<T> {
  const result = await run(platform, [...args, '--json'], env);
  if (result.code !== 0) throw new Error(`homerounds ${args.join(' ')} → ${result.code}\n${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort();
}

beforeAll(async () => {
  [source, target] = await Promise.all([startLocalPlatform(), startLocalPlatform()]);
}, 120_000);

afterAll(async () => {
  await Promise.all([source?.close(), target?.close()]);
  rmSync(tmp, { recursive: true, force: true });
});

describe('homerounds export → apply into an empty org', () => {
  it('writes every resource without a secret, and recreates them in another org with references re-linked by name', async () => {
    const { lookup, desk, desk2 } = await seedSource();
    await emptyOrg(target);
    const dir = join(tmp, 'round-trip');
    const exported = await ok<{ written: Array<{ kind: string; key: string; env: string[] }> }>(source, [
      'export',
      dir,
    ]);

    // Every resource, unnamed and same-named ones included, under a stable file name.
    expect(filesUnder(dir)).toEqual([
      'assistants/front-desk.yaml',
      'assistants/front-desk~2.yaml',
      'phone-numbers/15550100000.yaml',
      'phone-numbers/15550100001.yaml',
      'phone-numbers/15550100002.yaml',
      'phone-numbers/15550100003.yaml',
      'phone-numbers/15550100004.yaml',
      'phone-numbers/15550100005.yaml',
      'phone-numbers/15550100006.yaml',
      'phone-numbers/main-line.yaml',
      'phone-numbers/vapi.yaml',
      'phone-numbers/vapi~2.yaml',
      'squads/reception.yaml',
      'tools/endCall.yaml',
      'tools/lookup_visit.yaml',
      'tools/transferCall.yaml',
    ]);
    // No secret in any file; each is a variable the export names. Files 0600, folders 0700.
    for (const file of filesUnder(dir)) {
      const text = readFileSync(join(dir, file), 'utf8');
      for (const secret of Object.values(SECRETS)) expect(text, file).not.toContain(secret);
      expect(statSync(join(dir, file)).mode & 0o777, file).toBe(0o600);
    }
    for (const folder of ['', 'assistants', 'tools', 'squads', 'phone-numbers']) {
      expect(statSync(join(dir, folder)).mode & 0o777, folder || dir).toBe(0o700);
    }
    expect(exported.written.flatMap((w) => w.env).sort()).toEqual(Object.keys(SECRETS).sort());
    const deskFile = readFileSync(join(dir, 'assistants/front-desk.yaml'), 'utf8');
    expect(deskFile).toContain('Authorization: ${env:ASSISTANT_FRONT_DESK_SERVER_HEADERS_AUTHORIZATION}');
    expect(deskFile).toContain('apiKey: ${env:ASSISTANT_FRONT_DESK_CREDENTIALS_OPENAI_API_KEY}');
    // References by key instead of ids.
    expect(deskFile).toContain('- ${ref:tool/lookup_visit}');
    expect(deskFile).not.toContain(lookup.id);
    expect(readFileSync(join(dir, 'squads/reception.yaml'), 'utf8')).toContain(
      'assistantId: ${ref:assistant/front-desk}',
    );
    expect(readFileSync(join(dir, 'phone-numbers/15550100000.yaml'), 'utf8')).toContain(
      'assistantId: ${ref:assistant/front-desk~2}',
    );
    expect(readFileSync(join(dir, 'phone-numbers/vapi~2.yaml'), 'utf8')).toContain('squadId: ${ref:squad/reception}');
    for (const id of [desk.id, desk2.id])
      expect(readFileSync(join(dir, 'phone-numbers/main-line.yaml'), 'utf8')).not.toContain(id);

    // Into the empty org: in dependency order, nothing refused.
    const applied = await ok<{ items: PlanItem[] }>(target, ['apply', '-f', dir], SECRETS);
    expect(applied.items.map((i) => `${i.kind}:${i.action}`)).toEqual([
      ...Array(3).fill('tool:create'),
      ...Array(2).fill('assistant:create'),
      'squad:create',
      ...Array(10).fill('phone-number:create'),
    ]);
    const tools = await call(target, 'GET', '/tool');
    const assistants = await call(target, 'GET', '/assistant');
    const newLookup = tools.find((t) => (t.function as { name?: string })?.name === 'lookup_visit') as Item;
    const byFirst = (m: string) => assistants.find((a) => a.firstMessage === m) as Item;
    const [newDesk, newDesk2] = [byFirst('Hello'), byFirst('Night line')];
    expect(newDesk.id).not.toBe(desk.id);
    expect(newDesk.model).toEqual({ provider: 'openai', model: 'gpt-4o', toolIds: [newLookup.id] });
    expect(newDesk.server).toEqual({
      url: 'https://hooks.example/voice',
      headers: { Authorization: SECRETS.ASSISTANT_FRONT_DESK_SERVER_HEADERS_AUTHORIZATION },
    });
    const [squad] = await call(target, 'GET', '/squad');
    expect(squad?.members).toEqual([{ assistantId: newDesk.id }]);
    const numbers = await call(target, 'GET', '/phone-number');
    expect(numbers).toHaveLength(10);
    const byNumber = (n: string) => numbers.find((p) => p.number === n) as Item;
    expect(byNumber('+15550100000')).toMatchObject({ assistantId: newDesk2.id, twilioAuthToken: 'twilio-token-0' });
    expect(byNumber('+15550100006')).toMatchObject({ assistantId: newDesk.id, twilioAuthToken: 'twilio-token-6' });
    expect(numbers.find((p) => p.squadId)?.squadId).toBe(squad?.id);

    // Again: every file matched by key in the other org (same-named and unnamed ones too), nothing to do.
    const again = await ok<{ items: PlanItem[] }>(target, ['apply', '-f', dir, '--dry-run'], SECRETS);
    expect(again.items.every((i) => i.action === 'unchanged' && i.matchedBy === 'key')).toBe(true);
    // And back in the org it came from: matched by id.
    const home = await ok<{ items: PlanItem[] }>(source, ['apply', '-f', dir, '--dry-run'], SECRETS);
    expect(home.items.every((i) => i.action === 'unchanged' && i.matchedBy === 'id')).toBe(true);
  }, 180_000);
});

describe('homerounds export/apply defects', () => {
  it('a missing secret variable stops apply before any request, naming it; validate says the same offline', async () => {
    const dir = mkdtempSync(join(tmp, 'secrets-'));
    writeFileSync(
      join(dir, 'main.phone-number.yaml'),
      'provider: twilio\ntwilioAccountSid: AC1\nnumber: "+15550123"\ntwilioAuthToken: ${env:MAIN_TWILIO_TOKEN}\n',
    );
    const noEnv = { HOMEROUNDS_CONFIG: '/nonexistent/homerounds.json', MAIN_TWILIO_TOKEN: '' };
    const refused = await runHomerounds(['apply', '-f', dir, '--base-url', 'http://127.0.0.1:9', '--api-key', 'k'], {
      env: noEnv,
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('main.phone-number.yaml: no value for ${env:MAIN_TWILIO_TOKEN}');
    expect(refused.stderr).not.toContain('cannot reach');

    // validate needs no key and no platform.
    const invalid = await runHomerounds(['validate', '-f', dir], { env: noEnv });
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('MAIN_TWILIO_TOKEN');
    const valid = await runHomerounds(['validate', '-f', dir, '--json'], {
      env: { ...noEnv, MAIN_TWILIO_TOKEN: 'tok' },
    });
    expect(valid.code).toBe(0);
    expect(JSON.parse(valid.stdout)).toMatchObject({ ok: true, files: 1, errors: [] });

    // Bodies against the platform's published schemas, by file:line.
    writeFileSync(join(dir, 'desk.assistant.yaml'), 'name: desk\nfirstMesage: Hello\n');
    const typo = await runHomerounds(['validate', '-f', dir], { env: { ...noEnv, MAIN_TWILIO_TOKEN: 'tok' } });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(/desk\.assistant\.yaml:2: .*firstMesage/);
    rmSync(join(dir, 'desk.assistant.yaml'));

    // Syntax and references, still offline: a broken file by file:line, a reference up the apply order refused.
    writeFileSync(join(dir, 'broken.tool.yaml'), 'type: function\nfunction: [\n');
    const broken = await runHomerounds(['validate', '-f', dir], { env: { ...noEnv, MAIN_TWILIO_TOKEN: 'tok' } });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.tool\.yaml:\d+:\d+/);
    writeFileSync(join(dir, 'broken.tool.yaml'), 'type: handoff\ndestinations:\n  - assistantId: ${ref:assistant/x}\n');
    const upward = await runHomerounds(['validate', '-f', dir, '--json'], {
      env: { ...noEnv, MAIN_TWILIO_TOKEN: 'tok' },
    });
    expect(upward.code).toBe(2);
    expect(JSON.parse(upward.stdout).errors.join('\n')).toContain(
      '${ref:assistant/x}: tools are applied first and cannot refer to other resources',
    );
  });

  it('exports every tool with --kind tool, named or not', async () => {
    await seedSource();
    const dir = join(tmp, 'tools-only');
    const result = await ok<{ written: Array<{ key: string }> }>(source, ['export', dir, '--kind', 'tool']);
    expect(result.written.map((w) => w.key).sort()).toEqual(['endCall', 'lookup_visit', 'transferCall']);
    expect(readdirSync(dir)).toEqual(['tools']);
  }, 60_000);

  it('applies same-named files as written by hand (no refusal) and matches them again', async () => {
    await emptyOrg(target);
    const dir = mkdtempSync(join(tmp, 'dupes-'));
    writeFileSync(join(dir, 'a.assistant.yaml'), 'name: twin\nfirstMessage: one\n');
    writeFileSync(join(dir, 'b.assistant.yaml'), 'name: twin\nfirstMessage: two\n');
    const first = await ok<{ items: PlanItem[] }>(target, ['apply', '-f', dir]);
    expect(first.items.map((i) => `${i.name}:${i.action}`)).toEqual(['twin:create', 'twin~2:create']);
    const again = await ok<{ items: PlanItem[] }>(target, ['apply', '-f', dir, '--dry-run']);
    expect(again.items.map((i) => `${i.name}:${i.action}`)).toEqual(['twin:unchanged', 'twin~2:unchanged']);
  }, 60_000);

  it('removes a field deleted from an exported file, shows values in --dry-run (secrets masked), and --prune deletes', async () => {
    await seedSource();
    const dir = join(tmp, 'edit');
    await ok(source, ['export', dir]);
    const file = join(dir, 'assistants/front-desk.yaml');
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace(/^firstMessage: Hello\n/m, '')
        .replace('model: gpt-4o', 'model: gpt-4.1'),
    );
    const rotated = { ...SECRETS, ASSISTANT_FRONT_DESK_CREDENTIALS_OPENAI_API_KEY: 'sk-rotated-4444' };
    const dry = await run(source, ['apply', '-f', dir, '--dry-run', '--json'], rotated);
    expect(dry.code).toBe(0);
    const item = (JSON.parse(dry.stdout) as { items: PlanItem[] }).items.find(
      (i) => i.name === 'front-desk',
    ) as PlanItem;
    expect(item).toMatchObject({ action: 'update', removedFields: ['firstMessage'] });
    expect(item.changedFields).toEqual(['credentials', 'firstMessage', 'model']);
    expect(item.changes).toEqual([
      {
        path: 'credentials',
        from: [{ provider: 'openai', apiKey: '***' }],
        to: [{ provider: 'openai', apiKey: '${env:ASSISTANT_FRONT_DESK_CREDENTIALS_OPENAI_API_KEY}' }],
      },
      { path: 'firstMessage', from: 'Hello' },
      { path: 'model.model', from: 'gpt-4o', to: 'gpt-4.1' },
    ]);
    const human = await run(source, ['apply', '-f', dir, '--dry-run'], rotated);
    expect(human.stdout).toContain('  firstMessage: "Hello" → (removed)');
    expect(human.stdout).toContain('  model.model: "gpt-4o" → "gpt-4.1"');
    for (const secret of [...Object.values(SECRETS), 'sk-rotated-4444']) {
      expect(dry.stdout + dry.stderr + human.stdout + human.stderr).not.toContain(secret);
    }

    await ok(source, ['apply', '-f', dir], rotated);
    const [desk] = (await call(source, 'GET', '/assistant?name=front-desk')).filter((a) => a.model);
    expect(desk?.firstMessage ?? null).toBeNull();
    expect(desk?.model).toMatchObject({ model: 'gpt-4.1' });
    expect(desk?.credentials).toEqual([{ provider: 'openai', apiKey: 'sk-rotated-4444' }]);

    // --prune: a removed file's resource is deleted, only after confirmation (none without a terminal: --yes).
    rmSync(join(dir, 'phone-numbers/vapi.yaml'));
    const before = (await call(source, 'GET', '/phone-number')).length;
    const unconfirmed = await run(source, ['apply', '-f', dir, '--prune'], rotated);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr).toMatch(/--prune would delete 1 resource\(s\): phone-number vapi .*add --yes/);
    expect((await call(source, 'GET', '/phone-number')).length).toBe(before);
    const pruned = await ok<{ items: PlanItem[] }>(source, ['apply', '-f', dir, '--prune', '--yes'], rotated);
    expect(pruned.items.filter((i) => i.action === 'delete').map((i) => `${i.kind}:${i.name}`)).toEqual([
      'phone-number:vapi',
    ]);
    expect((await call(source, 'GET', '/phone-number')).length).toBe(before - 1);
    // Without --prune nothing is ever deleted.
    rmSync(join(dir, 'tools/endCall.yaml'));
    const kept = await ok<{ items: PlanItem[] }>(source, ['apply', '-f', dir, '--dry-run'], rotated);
    expect(kept.items.some((i) => i.action === 'delete')).toBe(false);

    // Export again: files of resources gone are removed (git diff shows it). Keys are ordinals by creation:
    // with the first vapi number pruned, the second is now `vapi` (a rename in git).
    const reexport = await ok<{ removed: string[] }>(source, ['export', dir]);
    expect(reexport.removed.map((f) => f.slice(dir.length + 1))).toEqual(['phone-numbers/vapi~2.yaml']);
    expect(readFileSync(join(dir, 'tools/endCall.yaml'), 'utf8')).toContain('type: endCall');
    const [squad] = await call(source, 'GET', '/squad');
    await call(source, 'DELETE', `/squad/${squad?.id}`);
    const afterDelete = await ok<{ removed: string[] }>(source, ['export', dir]);
    expect(afterDelete.removed.map((f) => f.slice(dir.length + 1))).toEqual(['squads/reception.yaml']);
  }, 120_000);
});
