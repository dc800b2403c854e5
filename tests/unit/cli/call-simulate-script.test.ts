// `call simulate --script`: a misspelt key is a usage error naming it, instead of a simulation run without it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, EXIT, EXIT_CODES_HELP } from '../../../cli/errors.ts';
import { readScript } from '../../../cli/handlers/call-simulate.ts';

const tmp = mkdtempSync(join(tmpdir(), 'homerounds-script-'));

describe('call simulate script', () => {
  it('refuses unknown keys (exit 2), naming them and the known ones; accepts the known ones', async () => {
    const bad = join(tmp, 'bad.yaml');
    writeFileSync(bad, 'turn:\n  - Hello\nhangupAtMs: 5000\n');
    const error = await readScript(bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(EXIT.usage);
    expect((error as CliError).message).toContain('unknown key "turn"');
    expect((error as CliError).message).toContain('unknown key "hangupAtMs"');
    expect((error as CliError).message).toContain('known: turns, levels, hangUpAtMs, isMobile, assistantEnds');
    const good = join(tmp, 'good.yaml');
    writeFileSync(good, 'turns:\n  - Hello\nhangUpAtMs: 5000\nisMobile: true\n');
    await expect(readScript(good)).resolves.toEqual({ turns: ['Hello'], hangUpAtMs: 5000, isMobile: true });
  });

  it('the root help lists only the exit codes call simulate can end with (11, 12, 14)', () => {
    expect(EXIT_CODES_HELP).toContain('11, 12, 14  call simulate only');
    expect(EXIT_CODES_HELP).not.toMatch(/1[5-7]/);
  });
});
