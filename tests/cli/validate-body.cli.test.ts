// `homerounds <resource> create|update` checks the body against the platform's published request schema before
// sending: every problem listed with the field and the file:line, exit 2, nothing sent; `--no-validate` sends it
// anyway (and the local platform then refuses it with the same words).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runLocal, startVoicePlatform, type VoicePlatform } from '../support/voice-platform.ts';

let platform: VoicePlatform;
let dir: string;

beforeAll(async () => {
  platform = await startVoicePlatform({ standalone: true });
  dir = await mkdtemp(join(tmpdir(), 'homerounds-validate-'));
}, 120_000);

afterAll(async () => {
  await platform?.close();
  await rm(dir, { recursive: true, force: true });
});

async function count(kind: string): Promise<number> {
  const { rows } = await platform.db.query<{ n: number }>(
    'select count(*)::int as n from voice.resources where kind = $1',
    [kind],
  );
  return Number(rows[0]?.n ?? 0);
}

describe('homerounds validates a body before sending it', () => {
  it('lists every problem of a YAML file with file:line and exits 2 without sending', async () => {
    const file = join(dir, 'front-desk.yaml');
    await writeFile(
      file,
      ['name: Front desk', 'nmae: typo', 'model: notanobject', 'firstMessage: Hello', ''].join('\n'),
    );
    const before = await count('assistant');
    const run = await runLocal(platform, ['assistant', 'create', '--file', 'front-desk.yaml'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('nothing was sent');
    expect(run.stderr).toContain('front-desk.yaml:2: property nmae should not exist');
    expect(run.stderr).toContain('front-desk.yaml:3: nested property model must be either object or array');
    expect(await count('assistant')).toBe(before);
  });

  it('names the line of a nested field in a JSON file, and the enclosing object of a missing one', async () => {
    const assistant = { name: 'A', model: { provider: 'openai', model: 'gpt-4o', temprature: 1 } };
    await writeFile(join(dir, 'assistant.json'), JSON.stringify(assistant, null, 2));
    const nested = await runLocal(platform, ['assistant', 'create', '--file', 'assistant.json'], { cwd: dir });
    expect(nested.code).toBe(2);
    expect(nested.stderr).toContain('assistant.json:6: model.property temprature should not exist');
    await writeFile(join(dir, 'line.json'), JSON.stringify({ provider: 'twilio', name: 'Main line' }, null, 2));
    const run = await runLocal(platform, ['phone-number', 'create', '--file', 'line.json'], { cwd: dir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('line.json:1: number must be a string');
    expect(run.stderr).toContain('line.json:1: twilioAccountSid must be a string');
  });

  it.each([
    ['tool', '{"type":"notatype"}', 'type must be one of the following values:'],
    ['phone-number', '{"provider":"vonage","number":"+15555550100"}', 'credentialId must be a string'],
    [
      'squad',
      '{"name":"Intake","members":[{"assistantId":"a","nmae":"x"}]}',
      'members.0.property nmae should not exist',
    ],
  ])('%s create --data %s is refused before sending', async (resource, data, message) => {
    const before = await count(resource);
    const run = await runLocal(platform, [resource, 'create', '--data', data]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`--data:1: ${message}`);
    expect(await count(resource)).toBe(before);
  });

  it('validates updates too, and --no-validate sends the body (the platform then refuses it alike)', async () => {
    const made = await runLocal(platform, ['assistant', 'create', '--data', '{"name":"Valid"}', '--json']);
    expect(made.code).toBe(0);
    const id = JSON.parse(made.stdout).id as string;
    const update = await runLocal(platform, ['assistant', 'update', id, '--data', '{"nmae":"x"}']);
    expect(update.code).toBe(2);
    expect(update.stderr).toContain('property nmae should not exist');
    const sent = await runLocal(platform, ['assistant', 'update', id, '--data', '{"nmae":"x"}', '--no-validate']);
    expect(sent.code).toBe(1);
    expect(sent.stderr).toContain('400 property nmae should not exist');
  });
});
