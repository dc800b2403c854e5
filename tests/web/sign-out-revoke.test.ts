// The dashboard's sign-out ends the clinician's call tokens first (web/src/adapters/supabase-auth.ts): the
// call-token function's revoke is asked while the session can still say who they are, then Supabase signs out;
// when the revoke cannot be had, sign-out still happens (the tokens then end when they expire).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSupabaseAuthPorts, REVOKE_CALL_TOKENS_TIMEOUT_MS } from '../../web/src/adapters/supabase-auth.ts';
import type { SupabaseLoader } from '../../web/src/adapters/supabase-client.ts';

afterEach(() => vi.restoreAllMocks());

function portsOver(invoke: (name: string, options: unknown) => Promise<{ error: { message: string } | null }>) {
  const order: string[] = [];
  const client = {
    functions: {
      invoke: vi.fn(async (name: string, options: unknown) => {
        order.push(`invoke ${name}`);
        return invoke(name, options);
      }),
    },
    auth: {
      signOut: vi.fn(async () => {
        order.push('signOut');
        return { error: null };
      }),
    },
  };
  const loader = { load: async () => client } as unknown as SupabaseLoader;
  const ports = createSupabaseAuthPorts(loader, {
    redirectTo: () => 'http://127.0.0.1:8787',
    scopes: 's',
    handOverGoogleAccess: async () => {},
  });
  return { ports, client, order };
}

describe('sign-out', () => {
  it('revokes the call tokens (POST call-token/revoke, bounded) before signing out of Supabase', async () => {
    const { ports, client, order } = portsOver(async () => ({ error: null }));
    await ports.signOut();
    expect(order).toEqual(['invoke call-token/revoke', 'signOut']);
    expect(client.functions.invoke).toHaveBeenCalledWith('call-token/revoke', {
      method: 'POST',
      timeout: REVOKE_CALL_TOKENS_TIMEOUT_MS,
    });
    expect(REVOKE_CALL_TOKENS_TIMEOUT_MS).toBeLessThan(10_000);
  });

  it('signs out all the same when the revoke fails or cannot be reached, saying so in the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refused = portsOver(async () => ({ error: { message: 'Edge Function returned a non-2xx status code' } }));
    await refused.ports.signOut();
    expect(refused.order).toEqual(['invoke call-token/revoke', 'signOut']);
    const unreachable = portsOver(async () => Promise.reject(new TypeError('Failed to fetch')));
    await unreachable.ports.signOut();
    expect(unreachable.order).toEqual(['invoke call-token/revoke', 'signOut']);
    expect(warn.mock.calls.map((c) => String(c[1]))).toEqual([
      'Edge Function returned a non-2xx status code',
      'Failed to fetch',
    ]);
  });
});
