// `npm start` skips the web build when nothing changed: the inputs hash (emulators/web-build.ts) moves
// with any source, config or VITE_* variable, and not otherwise.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { webInputsHash } from '../../../emulators/web-build.ts';

const root = mkdtempSync(join(tmpdir(), 'homerounds-webhash-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('webInputsHash', () => {
  it('changes with sources, configuration and VITE_* variables only', () => {
    mkdirSync(join(root, 'web', 'src'), { recursive: true });
    mkdirSync(join(root, 'core'), { recursive: true });
    writeFileSync(join(root, 'web', 'src', 'app.tsx'), 'export {}');
    writeFileSync(join(root, 'core', 'a.ts'), 'export const a = 1;');
    writeFileSync(join(root, 'vite.config.ts'), 'export default {}');
    const env = { PATH: '/bin', VITE_SUPABASE_URL: 'http://127.0.0.1:8787' };
    const first = webInputsHash(root, env);
    expect(webInputsHash(root, { ...env, PATH: '/usr/bin', HOME: '/x' })).toBe(first);
    expect(webInputsHash(root, { ...env, VITE_SUPABASE_URL: 'https://x.supabase.co' })).not.toBe(first);
    writeFileSync(join(root, 'core', 'a.ts'), 'export const a = 2;');
    const second = webInputsHash(root, env);
    expect(second).not.toBe(first);
    writeFileSync(join(root, '.env.local'), 'VITE_X=1');
    const third = webInputsHash(root, env);
    expect(third).not.toBe(second);
    // Unrelated folders do not matter.
    mkdirSync(join(root, 'docs'));
    writeFileSync(join(root, 'docs', 'x.md'), '# x');
    expect(webInputsHash(root, env)).toBe(third);
  });
});
